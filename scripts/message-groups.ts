// The client build's catalogues (issue 18): each page ships only the messages its own code can
// show, in its own language, precompiled, instead of the whole catalogue as JavaScript.
//
//  - Every source module is scanned for the catalogue ids it can name: string literals that are
//    ids, and template literals (`planner.${question}.${value}`) as patterns over the ids.
//  - A message group is the ids of one code-split chunk and everything it imports, less the
//    entry's. The entry's group and the groups of the routes on the page travel inside the page
//    (src/entry-server.tsx); a chunk loaded later awaits its own group before it runs, fetched in
//    the language on screen (src/i18n/message-groups.ts).
//  - Messages are precompiled to the ICU syntax tree (what `formatjs compile --ast` writes), so
//    the browser's react-intl needs no message parser (vite.config.ts aliases the parser to its
//    `no-parser` entry in the client build).
//
// The source of truth stays locales/en.json and locales/nl.json.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { parseAst, type Plugin } from 'vite';
import { LANGS, intlLocale, type Lang } from '../domain/language.ts';
import { messageGroupFile } from '../src/i18n/message-group-file.ts';

export const MESSAGE_GROUPS_MANIFEST = '.vite/message-groups.json';

/**
 * `.vite/message-groups.json`: the entry's group, the group each lazily loaded chunk awaits, and
 * every group's file per language.
 */
export interface MessageGroupsManifest {
  entry: string;
  chunks: Record<string, string>;
  files: Record<string, Record<Lang, string>>;
}

const ESCAPE = /[.*+?^${}()|[\]\\]/g;
const ID_PART = /^[A-Za-z0-9_.-]*$/;

interface Node {
  type: string;
  [key: string]: unknown;
}

function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) for (const child of node) walk(child, visit);
  else if (node && typeof node === 'object') {
    if (typeof (node as Node).type === 'string') visit(node as Node);
    for (const value of Object.values(node))
      if (value && typeof value === 'object') walk(value, visit);
  }
}

/**
 * The catalogue ids a module's code (JavaScript, after the TypeScript and JSX transforms) can
 * name: string literals that are ids, and template literals whose fixed parts could be part of
 * an id and hold a dot, read as patterns over the ids (`planner.${question}.${value}`). A
 * `${NAME}` of a `const NAME = '...'` of the same module counts as that string.
 */
export function messageIdsIn(
  code: string,
  ids: readonly string[],
  lang: 'js' | 'tsx' = 'js',
): Set<string> {
  const known = new Set(ids);
  const found = new Set<string>();
  const constants = new Map<string, string>();
  const templates: Node[] = [];
  walk(parseAst(code, { lang }), (node) => {
    if (node.type === 'Literal' && typeof node.value === 'string' && known.has(node.value))
      found.add(node.value);
    else if (node.type === 'TemplateLiteral') templates.push(node);
    else if (node.type === 'VariableDeclarator') {
      const { id, init } = node as unknown as { id: Node; init: Node | null };
      if (id.type === 'Identifier' && init?.type === 'Literal' && typeof init.value === 'string')
        constants.set(id.name as string, init.value);
    }
  });
  for (const template of templates) {
    const quasis = template.quasis as Array<{ value: { cooked: string | null } }>;
    const expressions = template.expressions as Node[];
    const fixed = [quasis[0]?.value.cooked ?? ''];
    for (const [index, expression] of expressions.entries()) {
      const constant =
        expression.type === 'Identifier' ? constants.get(expression.name as string) : undefined;
      const next = quasis[index + 1]?.value.cooked ?? '';
      if (constant !== undefined) fixed[fixed.length - 1] += constant + next;
      else fixed.push(next);
    }
    const joined = fixed.join('');
    if (!joined.includes('.') || !fixed.every((part) => ID_PART.test(part))) continue;
    if (fixed.length === 1) {
      if (known.has(joined)) found.add(joined);
      continue;
    }
    const pattern = new RegExp(`^${fixed.map((part) => part.replace(ESCAPE, '\\$&')).join('.+')}$`);
    for (const id of ids) if (pattern.test(id)) found.add(id);
  }
  return found;
}

/** Ids that name a validation or error message (`checkout.validation.firstnameRequired`). */
const FIELD_MESSAGE = /\.(validation|error)\./;
/** Texts the server writes itself (envelope messages, mails): never sent as keys. */
const SERVER_ONLY = /^(api|mail)\./;
/** The module that reads every API answer (machines/), and the server's source folder. */
export const API_CLIENT_MODULE = 'machines/shared/api-client.ts';
const SERVER_DIR = 'api';

/**
 * The message keys an API answer can carry in `fields` (API.md section 3), which the browser
 * shows although no client module names them: every validation or error id, and whatever the
 * `fields: { ... }` objects of the server's code name (a literal, or a template read as a
 * pattern). The module that reads API answers (machines/shared/api-client.ts) counts them as its
 * own, so they travel with every chunk that calls the API.
 */
export function serverFieldIds(sources: Iterable<string>, ids: readonly string[]): Set<string> {
  const found = new Set(ids.filter((id) => FIELD_MESSAGE.test(id) && !SERVER_ONLY.test(id)));
  for (const code of sources)
    walk(parseAst(code, { lang: 'ts' }), (node) => {
      if (node.type !== 'Property') return;
      const { key, value } = node as unknown as { key: Node; value: Node };
      if (key.type !== 'Identifier' || key.name !== 'fields' || value.type !== 'ObjectExpression')
        return;
      const values = (value.properties as Array<{ value?: Node }>).flatMap((property) =>
        property.value ? [property.value] : [],
      );
      for (const text of values.filter((v) => v.type === 'Literal' || v.type === 'TemplateLiteral'))
        for (const id of messageIdsIn(
          `(${code.slice(text.start as number, text.end as number)})`,
          ids,
        ))
          found.add(id);
    });
  return found;
}

/** The server's own TypeScript sources (tests left out). */
export function serverSources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => readFileSync(path.join(dir, file), 'utf8'));
}

/**
 * One catalogue text as the browser gets it: its ICU syntax tree, as `formatjs compile --ast`
 * writes it, which react-intl takes as a message without parsing it.
 */
export function compileMessage(text: string, lang: Lang): MessageFormatElement[] {
  return parse(text, { locale: new Intl.Locale(intlLocale(lang)) });
}

interface ChunkLike {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
  facadeModuleId: string | null;
}

export function messageGroups(options: { locales: string }): Plugin {
  let catalogs: Record<Lang, Record<string, string>>;
  let ids: string[] = [];
  let fieldIds = new Set<string>();
  const idsByModule = new Map<string, Set<string>>();
  /**
   * Group id by the chunk that loads it: its facade module, or its modules when it has none (a
   * chunk that is imported dynamically and statically too). File names are final only later.
   */
  const groupByChunk = new Map<string, string>();
  const chunkKey = (chunk: Pick<ChunkLike, 'facadeModuleId' | 'moduleIds'>) =>
    chunk.facadeModuleId ?? chunk.moduleIds.join('\n');
  const groups = new Map<string, string[]>();
  let entryGroup = '';

  const groupOf = (messageIds: Iterable<string>) => {
    const sorted = [...new Set(messageIds)].sort();
    const id = createHash('sha256').update(sorted.join('\n')).digest('base64url').slice(0, 10);
    groups.set(id, sorted);
    return id;
  };

  /**
   * The ids a chunk and its static imports can show. A route's definition (its head titles)
   * counts for its page's chunk, not for the entry that holds the route tree.
   */
  const closureOf = (chunk: ChunkLike, chunks: Record<string, ChunkLike>) => {
    const found = new Set<string>();
    const seen = new Set<string>();
    const visit = (current: ChunkLike | undefined) => {
      if (!current || seen.has(current.fileName)) return;
      seen.add(current.fileName);
      for (const id of current.moduleIds) {
        const [file, query] = id.split('?');
        const own = query?.includes('tsr-split') ? [id, file!] : splitRoutes.has(id) ? [] : [id];
        for (const module of own)
          for (const messageId of idsByModule.get(module) ?? []) found.add(messageId);
      }
      for (const file of current.imports) visit(chunks[file]);
    };
    visit(chunk);
    return { ids: found, chunks: seen };
  };
  const splitRoutes = new Set<string>();
  let entryClosure: { ids: Set<string>; chunks: Set<string> } | undefined;

  return {
    name: 'message-groups',
    enforce: 'post',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    buildStart() {
      idsByModule.clear();
      groupByChunk.clear();
      groups.clear();
      splitRoutes.clear();
      entryClosure = undefined;
      catalogs = Object.fromEntries(
        LANGS.map((lang) => [
          lang,
          JSON.parse(readFileSync(path.join(options.locales, `${lang}.json`), 'utf8')) as Record<
            string,
            string
          >,
        ]),
      ) as Record<Lang, Record<string, string>>;
      ids = Object.keys(catalogs.en);
      fieldIds = serverFieldIds(serverSources(SERVER_DIR), ids);
    },
    transform(code, id) {
      if (id.startsWith('\0') || id.includes('/node_modules/')) return;
      if (!/\.(ts|tsx)(\?.*)?$/.test(id)) return;
      const found = messageIdsIn(code, ids);
      if (id.split('?')[0]!.endsWith(API_CLIENT_MODULE)) for (const key of fieldIds) found.add(key);
      if (found.size > 0) idsByModule.set(id, found);
      return undefined;
    },
    renderChunk(code, chunk, _options, meta) {
      const chunks = meta.chunks as unknown as Record<string, ChunkLike>;
      if (!entryClosure) {
        for (const c of Object.values(chunks))
          for (const id of c.moduleIds)
            if (id.includes('?tsr-split')) splitRoutes.add(id.split('?')[0]!);
        const entry = Object.values(chunks).find((c) => c.isEntry);
        if (!entry) return null;
        entryClosure = closureOf(entry, chunks);
        entryGroup = groupOf(entryClosure.ids);
      }
      const { ids: entryIds, chunks: entryChunks } = entryClosure;
      // Loaded by an import(): a dynamic entry, or a shared chunk some import() names directly.
      const loadedLater =
        chunk.isDynamicEntry ||
        Object.values(chunks).some((c) => c.dynamicImports.includes(chunk.fileName));
      if (!loadedLater || entryChunks.has(chunk.fileName)) return null;
      const mine = [...closureOf(chunk as unknown as ChunkLike, chunks).ids].filter(
        (messageId) => !entryIds.has(messageId),
      );
      if (mine.length === 0) return null;
      const group = groupOf(mine);
      groupByChunk.set(chunkKey(chunk as unknown as ChunkLike), group);
      // The chunk runs once its messages are in, in the language on screen.
      return {
        code: `await globalThis.__messageGroup(${JSON.stringify(group)});\n${code}`,
        map: null,
      };
    },
    generateBundle(_options, bundle) {
      const manifest: MessageGroupsManifest = { entry: entryGroup, chunks: {}, files: {} };
      for (const output of Object.values(bundle))
        if (output.type === 'chunk') {
          const group = groupByChunk.get(chunkKey(output));
          if (group) manifest.chunks[output.fileName] = group;
        }
      for (const [group, messageIds] of groups) {
        manifest.files[group] = Object.fromEntries(
          LANGS.map((lang) => [lang, messageGroupFile(group, lang)]),
        ) as Record<Lang, string>;
        for (const lang of LANGS) {
          const messages: Record<string, unknown> = {};
          for (const id of messageIds)
            messages[id] = compileMessage(catalogs[lang][id] ?? '', lang);
          this.emitFile({
            type: 'asset',
            fileName: messageGroupFile(group, lang),
            source: JSON.stringify(messages),
          });
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: MESSAGE_GROUPS_MANIFEST,
        source: JSON.stringify(manifest),
      });
    },
  };
}
