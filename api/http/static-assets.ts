import type { ClientAssets } from '#domain/client-assets.ts';
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { createMiddleware } from 'hono/factory';
import { LANGS, type Lang } from '#domain/language.ts';
import { encode, negotiate, type Encoded } from './compression.ts';

/**
 * The client build, held in memory with precompressed brotli and gzip bodies (reading the file on
 * every request is an order of magnitude slower, FACTS "Serving"). Hashed files under /assets/
 * are cached for a year as immutable; the few unhashed ones (favicon) for an hour.
 */

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
};

export interface StaticAsset {
  contentType: string;
  etag: string;
  immutable: boolean;
  encoded: Encoded;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

export async function loadStaticAssets(clientDir: string): Promise<Map<string, StaticAsset>> {
  const assets = new Map<string, StaticAsset>();
  for (const file of await listFiles(clientDir)) {
    const relative = path.relative(clientDir, file).split(path.sep).join('/');
    if (relative.startsWith('.vite/') || relative.endsWith('.map') || relative.endsWith('.html'))
      continue;
    const body = await readFile(file);
    const contentType = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    assets.set(`/${relative}`, {
      contentType,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
      immutable: relative.startsWith('assets/'),
      encoded: await precompressed(file, body, contentType),
    });
  }
  return assets;
}

/** The build's `.br`/`.gz` siblings (scripts/build.mjs) when present, else compressed now. */
async function precompressed(file: string, body: Buffer, contentType: string): Promise<Encoded> {
  const [br, gzip] = await Promise.all([
    readFile(`${file}.br`).catch(() => undefined),
    readFile(`${file}.gz`).catch(() => undefined),
  ]);
  if (br || gzip) return { identity: body, ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) };
  return encode(body, contentType, 'fast');
}

export function serveStaticAssets(assets: Map<string, StaticAsset>) {
  return createMiddleware(async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const asset = assets.get(c.req.path);
    if (!asset) return next();
    const headers: Record<string, string> = {
      'Content-Type': asset.contentType,
      ETag: asset.etag,
      'Cache-Control': asset.immutable
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=3600',
      Vary: 'Accept-Encoding',
    };
    if (c.req.header('if-none-match') === asset.etag) return c.body(null, 304, headers);
    const { body, encoding } = negotiate(asset.encoded, c.req.header('accept-encoding'));
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(body.length);
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(body), 200, headers);
  });
}

export type { ClientAssets };

/** `.vite/message-groups.json` (scripts/message-groups.ts). */
interface MessageGroupsManifest {
  entry: string;
  chunks: Record<string, string>;
  files: Record<string, Record<Lang, string>>;
}

/** `src/routes/_site/about.tsx` -> `/_site/about`; `src/routes/dashboard/index.tsx` -> `/dashboard/`. */
export function routeIdForFile(file: string): string | undefined {
  const match = /^src\/routes\/(.+)\.tsx$/.exec(file);
  if (!match?.[1]) return undefined;
  const route = match[1];
  if (route === '__root') return '__root__';
  if (route === 'index') return '/';
  if (route.endsWith('/index')) return `/${route.slice(0, -'index'.length)}`;
  return `/${route}`;
}

interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The entry script, its CSS and its static imports, from Vite's build manifest. */
export async function readClientAssets(clientDir: string): Promise<ClientAssets> {
  const manifest = JSON.parse(
    await readFile(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ViteManifestChunk>;
  const entries = Object.values(manifest).filter((chunk) => chunk.isEntry);
  const entry = entries.find((chunk) => chunk.file.endsWith('.js'));
  if (!entry)
    throw new Error(`No entry chunk in ${clientDir}/.vite/manifest.json; run "npm run build".`);
  const collect = (keys: string[], skip: Set<string>) => {
    const css = new Set<string>();
    const preloads = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || preloads.has(chunk.file) || skip.has(chunk.file)) return;
      preloads.add(chunk.file);
      for (const file of chunk.css ?? []) css.add(file);
      for (const next of chunk.imports ?? []) visit(next);
    };
    for (const key of keys) visit(key);
    return { css, preloads };
  };
  const root = collect(entry.imports ?? [], new Set([entry.file]));
  for (const file of entry.css ?? []) root.css.add(file);
  // The page stylesheet is a build input of its own (vite.config.ts).
  for (const sheet of entries) if (sheet.file.endsWith('.css')) root.css.add(sheet.file);
  const shared = new Set([entry.file, ...root.preloads]);
  const groups = JSON.parse(
    await readFile(path.join(clientDir, '.vite', 'message-groups.json'), 'utf8'),
  ) as MessageGroupsManifest;
  const routes: ClientAssets['routes'] = {};
  for (const key of Object.keys(manifest)) {
    const [file, query] = key.split('?');
    if (!query?.includes('tsr-split') || !file) continue;
    const routeId = routeIdForFile(file);
    if (!routeId) continue;
    const found = collect([key], shared);
    const target = (routes[routeId] ??= { preloads: [], css: [], groups: [] });
    target.preloads.push(...[...found.preloads].map((f) => `/${f}`));
    target.css.push(...[...found.css].map((f) => `/${f}`));
    for (const chunk of found.preloads) {
      const group = groups.chunks[chunk];
      if (group && !target.groups.includes(group)) target.groups.push(group);
    }
  }
  const messages = Object.fromEntries(LANGS.map((lang) => [lang, {}])) as ClientAssets['messages'];
  for (const [group, files] of Object.entries(groups.files))
    for (const lang of LANGS)
      messages[lang][group] = JSON.parse(
        await readFile(path.join(clientDir, files[lang]), 'utf8'),
      ) as Record<string, unknown>;
  const styles: ClientAssets['styles'] = {};
  for (const chunk of Object.values(manifest))
    for (const file of [...(chunk.css ?? []), ...(chunk.file.endsWith('.css') ? [chunk.file] : [])])
      styles[`/${file}`] ??= await readFile(path.join(clientDir, file), 'utf8');
  return {
    entryScript: `/${entry.file}`,
    css: [...root.css].map((file) => `/${file}`),
    preloads: [...root.preloads].map((file) => `/${file}`),
    routes,
    styles,
    entryGroup: groups.entry,
    messages,
  };
}
