// The client build as a page receives it: for a route, the files the server lists for it
// (src/entry-server.tsx, from the same manifest), their gzip sizes as sent, and the source
// modules inside them (`.vite/chunk-modules.json`, scripts/chunk-report.ts). Used by the size
// budgets (tests/e2e/bundle-budget.test.ts) and the size report (bench/size.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readClientAssets, routeIdForFile } from '#api/http/static-assets.ts';
import { CHUNK_MODULES_FILE, type ChunkModules } from '../../scripts/chunk-report.ts';

export const ENTRY_MODULE = 'src/entry-client.tsx';

export async function readBundle(clientDir: string) {
  const assets = await readClientAssets(clientDir);
  const report = JSON.parse(
    readFileSync(path.join(clientDir, CHUNK_MODULES_FILE), 'utf8'),
  ) as ChunkModules;
  const splitModuleOf = new Map<string, string>();
  for (const modules of Object.values(report.chunks))
    for (const module of modules) {
      const [file, query] = module.split('?');
      const routeId = query?.includes('tsr-split') && file ? routeIdForFile(file) : undefined;
      if (routeId) splitModuleOf.set(routeId, module);
    }

  /** The route and its layouts, root first (layout ids are prefixes; index routes end in /). */
  const chainOf = (routeId: string): string[] => {
    const parents = Object.keys(assets.routes).filter(
      (id) => id !== routeId && !id.endsWith('/') && routeId.startsWith(`${id}/`),
    );
    return ['__root__', ...parents.sort((a, b) => a.length - b.length), routeId];
  };

  /** The files a page of this route hydrates with, as the server names them. */
  const initialFiles = (routeId: string): string[] => {
    const files = new Set([assets.entryScript, ...assets.preloads]);
    for (const id of chainOf(routeId))
      for (const file of assets.routes[id]?.preloads ?? []) files.add(file);
    return [...files].map((file) => file.replace(/^\//, ''));
  };

  /** Bytes sent to a client that takes gzip (the build's `.gz` sibling when there is one). */
  const gzipped = (file: string): number => {
    const full = path.join(clientDir, file);
    return existsSync(`${full}.gz`)
      ? readFileSync(`${full}.gz`).length
      : gzipSync(readFileSync(full), { level: 9 }).length;
  };

  /** Modules reachable by static imports from these, not entering what `stop` refuses. */
  const closure = (from: string[], stop: (module: string) => boolean = () => false) => {
    const seen = new Set<string>();
    const visit = (module: string) => {
      if (seen.has(module) || (seen.size > 0 && stop(module))) return;
      seen.add(module);
      for (const next of report.imports[module] ?? []) visit(next);
    };
    for (const module of from) visit(module);
    return seen;
  };

  /** What a page's own code (the entry, the route and its layouts) imports. */
  const ownModules = (routeId: string): Set<string> =>
    closure([ENTRY_MODULE, ...chainOf(routeId).flatMap((id) => splitModuleOf.get(id) ?? [])]);

  return { assets, report, chainOf, initialFiles, gzipped, closure, ownModules };
}
