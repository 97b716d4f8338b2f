// Which catalogue keys (locales/*.json) the product's code uses, read from its syntax tree: every
// string literal that names a key, every template built on a string constant of its file
// (`${A}.intro` with `const A = 'legal.aup'`), and every template literal that starts with a key's
// area (`plan.rationale.${id}`), which stands for every key it can produce (each `${...}` is one
// segment between dots). Comments never count. Used by tests/unit/locales.test.ts.

import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface SourceFile {
  /** shown in failures */
  path: string;
  text: string;
}

export interface KeyScan {
  /** catalogue keys no code names */
  unused: string[];
  /** `file: id` for every literal or template that looks like a key of a catalogue area but names none */
  missing: string[];
}

/** A dotted, identifier-like string: `area.part.part`. */
const KEY_SHAPE = /^[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_-]+)+$/;
/** Strings of a key's shape that are file names, not keys (`consultation.ics`). */
const FILE_NAME = /\.(?:ics|pdf|xml|json|js|ts|tsx|png|svg|jpe?g|webp|txt|html|css)$/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The product's source files under `dirs` of `root`: TypeScript, no tests, no generated route tree. */
export function readSources(root: string, dirs: readonly string[]): SourceFile[] {
  return dirs.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter(
        (file) =>
          /\.tsx?$/.test(file) &&
          !/\.test\.tsx?$/.test(file) &&
          !file.endsWith('.d.ts') &&
          !file.endsWith('routeTree.gen.ts'),
      )
      .sort()
      .map((file) => {
        const full = path.join(root, dir, file);
        return { path: path.relative(root, full), text: readFileSync(full, 'utf8') };
      }),
  );
}

/** `const NAME = 'text'` of one file (a name declared twice with different texts is left out). */
function stringConstants(source: ts.SourceFile): Map<string, string> {
  const found = new Map<string, string | null>();
  const visit = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isStringLiteral(node.initializer) ||
        ts.isNoSubstitutionTemplateLiteral(node.initializer)) &&
      (ts.getCombinedNodeFlags(node) & ts.NodeFlags.Const) !== 0
    ) {
      const name = node.name.text;
      const text = node.initializer.text;
      found.set(name, found.has(name) && found.get(name) !== text ? null : text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return new Map([...found].filter((entry): entry is [string, string] => entry[1] !== null));
}

/** A template's `${...}` that is not a known constant. */
const HOLE = '\u0000';

/**
 * The string and template literals of one file: exact strings, and templates with their holes
 * (`${A}.intro` with `const A = 'legal.aup'` in the file is the string `legal.aup.intro`).
 */
function literals(file: SourceFile): { strings: string[]; templates: string[] } {
  const source = ts.createSourceFile(
    file.path,
    file.text,
    ts.ScriptTarget.Latest,
    true,
    file.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const constants = stringConstants(source);
  const strings: string[] = [];
  const templates: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      strings.push(node.text);
    } else if (ts.isTemplateExpression(node)) {
      const text =
        node.head.text +
        node.templateSpans
          .map((span) => {
            const known = ts.isIdentifier(span.expression)
              ? constants.get(span.expression.text)
              : undefined;
            return (known ?? HOLE) + span.literal.text;
          })
          .join('');
      (text.includes(HOLE) ? templates : strings).push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { strings, templates };
}

/**
 * Compares the keys of a catalogue with the code: keys nothing names are `unused`; names of a
 * catalogue area (the key's first segment) that are neither keys nor the start of keys, and
 * templates that can produce no key, are `missing`. `options.patterns` stand for uses the code
 * builds in a way a reader cannot see (each names where); `options.names` are dotted strings that
 * name something else and are never reported missing: a whole file (`api/x.ts`) or one string of
 * one file (`api/x.ts: domain.name`).
 */
export function scanMessageKeys(
  keys: readonly string[],
  files: readonly SourceFile[],
  options: { patterns?: readonly RegExp[]; names?: readonly string[] } = {},
): KeyScan {
  const known = new Set(keys);
  const areas = new Set(keys.map((key) => key.split('.')[0]!));
  const inArea = (id: string) => areas.has(id.split('.')[0]!);
  const isPrefix = (id: string) => keys.some((key) => key.startsWith(`${id}.`));
  const used = new Set<string>();
  const missing: string[] = [];
  for (const pattern of options.patterns ?? []) {
    const matches = keys.filter((key) => pattern.test(key));
    if (matches.length === 0) missing.push(`pattern ${String(pattern)} names no key`);
    for (const key of matches) used.add(key);
  }
  const names = new Set(options.names ?? []);
  for (const file of files) {
    const isName = (id: string) => names.has(file.path) || names.has(`${file.path}: ${id}`);
    const { strings, templates } = literals(file);
    for (const id of strings) {
      if (known.has(id)) used.add(id);
      else if (
        !isName(id) &&
        KEY_SHAPE.test(id) &&
        inArea(id) &&
        !FILE_NAME.test(id) &&
        !isPrefix(id)
      )
        missing.push(`${file.path}: ${id}`);
    }
    for (const template of templates) {
      const head = template.split(HOLE)[0] ?? '';
      if (!/^[a-z][A-Za-z0-9]*\./.test(head) || !inArea(head)) continue;
      const pattern = new RegExp(`^${template.split(HOLE).map(escapeRegExp).join('[^.]+')}$`);
      const matches = keys.filter((key) => pattern.test(key));
      if (matches.length === 0 && !isName(template))
        missing.push(`${file.path}: ${template.replaceAll(HOLE, '${...}')}`);
      for (const key of matches) used.add(key);
    }
  }
  return { unused: keys.filter((key) => !used.has(key)), missing };
}
