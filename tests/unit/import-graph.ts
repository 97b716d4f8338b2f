import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// The source tree as the import tests see it: every hand-written .ts/.tsx file under the four
// source folders (tests and generated files left out) and the files each one loads by a value
// import at module load. `import type`, `export type` and specifier lists that are all
// `type X` vanish when TypeScript is compiled; dynamic `import()` runs later; neither counts.

export const ROOT = resolve(import.meta.dirname, '../..');
export const SOURCE_FOLDERS = ['api', 'domain', 'machines', 'src'];

const ALIASES: Record<string, string> = {
  '#domain/': 'domain/',
  '#machines/': 'machines/',
  '#api/': 'api/',
  '#src/': 'src/',
  '#locales/': 'locales/',
  '#tests/': 'tests/',
};

function walk(folder: string, into: string[]): string[] {
  for (const name of readdirSync(folder)) {
    if (name === 'node_modules') continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) walk(path, into);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) into.push(path);
  }
  return into;
}

/** Every .ts/.tsx file (repository-relative, `/` separated) under the given folders. */
export function sourceFiles(folders: readonly string[] = SOURCE_FOLDERS): string[] {
  return folders
    .flatMap((folder) => walk(join(ROOT, folder), []))
    .map((path) => relative(ROOT, path).split('\\').join('/'))
    .sort();
}

export const isTestFile = (file: string): boolean =>
  /\.test\.tsx?$/.test(file) || file.startsWith('tests/');

// `import x from`, `import { a, type B } from`, `export * from`, `export { a } from`, and the
// bare `import './x'`; the specifier list holds no quotes or semicolons, so the lazy match stays
// inside one statement even across lines.
const STATEMENT =
  /^[ \t]*(import|export)\s+(?:(type)\s+)?(?:([^;'"`]*?)\s+from\s+)?['"]([^'"]+)['"]/gm;

/** The specifiers of `file`'s value imports (`import type` and all-type lists left out). */
export function valueSpecifiers(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(STATEMENT)) {
    const [, keyword, typeOnly, clause, specifier] = match;
    if (typeOnly) continue;
    if (keyword === 'export' && clause === undefined) continue; // not a re-export
    if (clause !== undefined && isTypeOnlyClause(clause)) continue;
    found.push(specifier!);
  }
  return found;
}

function isTypeOnlyClause(clause: string): boolean {
  const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!braces) return false; // a default, a namespace or `*`: a value
  const names = braces[1]!
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

function resolveSpecifier(from: string, specifier: string): string | null {
  let target: string;
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  if (alias) target = ALIASES[alias]! + specifier.slice(alias.length);
  else if (specifier.startsWith('.')) target = join(dirname(from), specifier);
  else return null; // a package
  target = target.split('\\').join('/');
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(join(ROOT, candidate))) return candidate;
  }
  return null;
}

/** file -> the source files it loads by value at module load. */
export function valueImportGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = readFileSync(join(ROOT, file), 'utf8');
    const targets = valueSpecifiers(source)
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((target): target is string => target !== null && known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The graph's cycles: one per strongly connected component of more than one file (or a
 *  file importing itself), given as a path through that component that returns to its start. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's strongly connected components, iterative so deep trees do not overflow.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: [string, number][] = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const [node, next] = frame;
      const edges = graph.get(node) ?? [];
      if (next < edges.length) {
        frame[1]++;
        const target = edges[next]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]![0];
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) === index.get(node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        const selfLoop = (graph.get(node) ?? []).includes(node);
        if (component.length > 1 || selfLoop) components.push(component.sort());
      }
    }
  }
  return components.map((component) => cycleThrough(graph, component));
}

// A shortest path from the component's first file back to itself, for the failure message.
function cycleThrough(graph: Map<string, string[]>, component: string[]): string[] {
  const members = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at: string | undefined = node; at !== start && at; at = previous.get(at)) {
          path.splice(1, 0, at);
        }
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [...component, start];
}
