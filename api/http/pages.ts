import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Lang } from '#domain/language.ts';
import { encode, negotiate, type Encoded } from './compression.ts';
import { pageLang } from './language.ts';
import { createNonce, pageCsp } from './security.ts';
import type { ClientAssets } from './static-assets.ts';

export interface PageUser {
  email: string;
  name: string;
  role: 'staff' | 'client';
}

/** The server-side renderer built from src/entry-server.tsx (api never imports src/ itself). */
export interface PageRenderer {
  renderPage(options: {
    request: Request;
    lang: Lang;
    nonce: string;
    origin: string;
    assets: ClientAssets;
    loadUser: () => Promise<PageUser | null>;
  }): Promise<Response>;
}

interface RenderedPage {
  status: number;
  etag: string;
  nonce: string;
  lang: Lang;
  encoded: Encoded;
}

/**
 * Pages whose HTML depends on who is asking or on their query (order, checkout, payment, staff
 * area, confirmation pages) are rendered for each request; every other page is cached in memory
 * per path and language. A cached page keeps the nonce it was rendered with: its CSP header
 * travels with it, so a 304 revalidation stays consistent with the copy the browser holds.
 */
const PERSONAL = [
  /^\/dashboard(\/|$)/,
  /^\/checkout$/,
  /^\/total-package\/order$/,
  /^\/thank-you$/,
  /^\/consultation-confirmed$/,
  /^\/login$/,
  /^\/pay(\/|$)/,
  /^\/scheduler$/,
  /^\/email-config$/,
];
const LANGUAGE_PARAMS = new Set(['lang', 'locale']);
const MAX_CACHED_PAGES = 300;

export function isCacheablePage(pathname: string, search: URLSearchParams): boolean {
  if (PERSONAL.some((pattern) => pattern.test(pathname))) return false;
  for (const key of search.keys()) if (!LANGUAGE_PARAMS.has(key)) return false;
  return true;
}

export function createPageHandler(options: {
  renderer: PageRenderer;
  assets: ClientAssets;
  origin: string;
  loadUser: (c: Context) => Promise<PageUser | null>;
}) {
  // Only a cache (API.md section 9): rendered public pages, per server; two servers may hold
  // different copies for a moment, never different facts.
  const cache = new Map<string, RenderedPage>();

  const send = (c: Context, page: RenderedPage, cached: boolean) => {
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Language': page.lang,
      'Content-Security-Policy': pageCsp(page.nonce),
      'Cache-Control': cached ? 'no-cache' : 'private, no-store',
      Vary: 'Accept-Encoding, Accept-Language, Cookie',
      ETag: page.etag,
    };
    if (page.status === 200 && c.req.header('if-none-match') === page.etag)
      return c.body(null, 304, headers);
    const { body, encoding } = negotiate(page.encoded, c.req.header('accept-encoding'));
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(body.length);
    if (c.req.method === 'HEAD') return c.body(null, page.status as 200, headers);
    return c.body(new Uint8Array(body), page.status as 200, headers);
  };

  return async (c: Context) => {
    const url = new URL(c.req.url);
    const lang = pageLang(c);
    const cacheable = isCacheablePage(url.pathname, url.searchParams);
    const key = `${url.pathname}|${lang}`;
    if (cacheable) {
      const hit = cache.get(key);
      if (hit) return send(c, hit, true);
    }
    const nonce = createNonce();
    const response = await options.renderer.renderPage({
      request: c.req.raw,
      lang,
      nonce,
      origin: options.origin,
      assets: options.assets,
      loadUser: () => options.loadUser(c),
    });
    if (response.status >= 300 && response.status < 400) {
      return c.body(null, response.status as 302, {
        Location: response.headers.get('location') ?? '/',
        'Cache-Control': 'no-store',
      });
    }
    const html = Buffer.from(await response.text());
    const page: RenderedPage = {
      status: response.status,
      etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`,
      nonce,
      lang,
      encoded: encode(html, 'text/html', 'fast'),
    };
    const store = cacheable && page.status === 200;
    if (store) {
      if (cache.size >= MAX_CACHED_PAGES) cache.delete(cache.keys().next().value as string);
      cache.set(key, page);
    }
    return send(c, page, store);
  };
}
