// `.vite/chunk-modules.json` beside Vite's manifest: the source modules of every chunk of the
// client build and their static imports, so tests can tell what a page's scripts contain
// (tests/e2e/bundle-budget.test.ts).
import path from 'node:path';
import type { Plugin } from 'vite';

export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

export interface ChunkModules {
  /** Output file -> the modules in it (paths from the project root, queries kept). */
  chunks: Record<string, string[]>;
  /** Module -> the modules it imports statically. */
  imports: Record<string, string[]>;
  /** Module -> its bytes in its chunk after tree-shaking, before minifying (to compare modules). */
  sizes: Record<string, number>;
}

export function chunkReport(): Plugin {
  let root = process.cwd();
  const name = (id: string) =>
    id.startsWith(root) ? path.relative(root, id).split(path.sep).join('/') : id;
  return {
    name: 'chunk-report',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const report: ChunkModules = { chunks: {}, imports: {}, sizes: {} };
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        report.chunks[output.fileName] = output.moduleIds.map(name);
        for (const id of output.moduleIds) {
          report.imports[name(id)] = (this.getModuleInfo(id)?.importedIds ?? []).map(name);
          report.sizes[name(id)] = output.modules[id]?.renderedLength ?? 0;
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: CHUNK_MODULES_FILE,
        source: JSON.stringify(report),
      });
    },
  };
}
