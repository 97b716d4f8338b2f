// A minimal Node module loader hook that runs the repository's TypeScript sources in a plain
// `node` child process: .ts files are transpiled one by one with TypeScript's transpileModule (no
// type check). Node 24's own type stripping is not enough: it refuses parameter properties
// (`constructor(readonly status: number)`), which api/ uses. Used by durability-worker.mjs, so
// the test drives the very openDatabase/write code the server runs.
import { readFile } from 'node:fs/promises';
import ts from 'typescript';

export async function load(url, context, nextLoad) {
  if (url.startsWith('file:') && url.endsWith('.ts')) {
    const source = await readFile(new URL(url), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      fileName: new URL(url).pathname,
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: true,
        sourceMap: false,
      },
    });
    return { format: 'module', source: outputText, shortCircuit: true };
  }
  // JSON imported the way Vite bundles it (`import en from '#locales/en.json'`, no attribute).
  if (url.startsWith('file:') && url.endsWith('.json')) {
    const source = await readFile(new URL(url), 'utf8');
    return { format: 'module', source: `export default ${source};`, shortCircuit: true };
  }
  return nextLoad(url, context);
}
