import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { parse as parseCookie } from 'hono/utils/cookie';
import { LOCALE_COOKIE, resolveLanguage, type Lang } from '#domain/language.ts';
import type { VatHint } from '#domain/vat-hint.ts';
import type { Logger } from '../logger.ts';
import { encode, negotiate, type Encoded } from './compression.ts';
import { pageLang } from './language.ts';
import { createNonce, pageCsp, pageCspWithHashes, securityHeaderValues } from './security.ts';
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
    /** The configured VAT for a Dutch consumer now: the order summaries' first figures. */
    vatHint?: VatHint;
  }): Promise<Response>;
}

interface RenderedPage {
  status: number;
  etag: string;
  /** The render's nonce; null for a cached page, whose scripts are allowed by their hashes. */
  nonce: string | null;
  lang: Lang;
  encoded: Encoded;
  /** The page's own headers (the security headers are added by the middleware or by respond). */
  headers: Record<string, string>;
}

/**
 * Pages whose HTML depends on who is asking or on their query (order, checkout, payment, staff
 * area, confirmation pages) are rendered for each request; every other page is cached in memory
 * per path and language. A cached page is served to many visitors, so it carries no nonce (one
 * nonce on every load would be no nonce at all): its inline scripts are allowed by their SHA-256
 * hashes (`cacheableHtml`), and its CSP travels with it, so a 304 revalidation stays consistent
 * with the copy the browser holds.
 */
const PERSONAL = [
  /^\/dashboard(\/|$)/,
  // The client area: rendered for whoever asks (signed in, or sent to sign in), never shared.
  /^\/account$/,
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

/** Inline scripts (no `src`): the text the browser hashes is everything up to `</script`. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script/gi;

/**
 * A render made shareable: the nonce attributes go, and the policy names the SHA-256 of each
 * inline script that runs (JSON data blocks do not run and need none).
 */
export function cacheableHtml(html: string, nonce: string): { html: string; csp: string } {
  // The nonce attributes, and the router's `<meta property="csp-nonce">` that tells its client
  // script the nonce: a shared page has none.
  const bare = html
    .split(` nonce="${nonce}"`)
    .join('')
    .replace(/<meta property="csp-nonce" content="[^"]*"\s*\/?>/g, '');
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of bare.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && !type.endsWith('javascript'))
      continue;
    hashes.push(createHash('sha256').update(text, 'utf8').digest('base64'));
  }
  return { html: bare, csp: pageCspWithHashes(hashes) };
}

function renderedPage(status: number, text: string, nonce: string, lang: Lang, cached: boolean) {
  const shared = cached ? cacheableHtml(text, nonce) : null;
  const html = Buffer.from(shared ? shared.html : text);
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
  return {
    status,
    etag,
    nonce: shared ? null : nonce,
    lang,
    encoded: encode(html, 'text/html', 'fast'),
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Language': lang,
      'Content-Security-Policy': shared ? shared.csp : pageCsp(nonce),
      'Cache-Control': cached ? 'no-cache' : 'private, no-store',
      Vary: 'Accept-Encoding, Accept-Language, Cookie',
      ETag: etag,
    },
  } satisfies RenderedPage;
}

/** What the page answers to one request: 304, or the body in the best encoding the client takes. */
function answer(page: RenderedPage, method: string, ifNoneMatch?: string, acceptEncoding?: string) {
  if (page.status === 200 && ifNoneMatch === page.etag)
    return { status: 304, encoding: undefined, length: undefined, body: null };
  const { body, encoding } = negotiate(page.encoded, acceptEncoding);
  return {
    status: page.status,
    encoding,
    length: body.length,
    body: method === 'HEAD' ? null : body,
  };
}

function headersOf(page: RenderedPage, encoding?: string, length?: number): Record<string, string> {
  const headers: Record<string, string> = { ...page.headers };
  if (encoding) headers['Content-Encoding'] = encoding;
  if (length !== undefined) headers['Content-Length'] = String(length);
  return headers;
}

/**
 * Only a cache (API.md section 9): the rendered public pages of this server; two servers may
 * hold different copies for a moment, never different facts. `respond` answers a cached page
 * straight from the Node request (api/main.ts), before the app: the landing page is served as
 * fast as nginx serves a file (issue 18, bench/serve). Everything else, and every page not yet
 * rendered, goes through the app.
 */
export function createPageCache(options: { https: boolean; logger?: Logger }) {
  const pages = new Map<string, RenderedPage>();
  const security = Object.entries(securityHeaderValues(options)).flat();
  /** Per page, status and encoding, the head as Node writes it: built once, not per request. */
  const heads = new WeakMap<RenderedPage, Map<string, string[]>>();
  const headOf = (page: RenderedPage, status: number, encoding?: string, length?: number) => {
    let byKey = heads.get(page);
    if (!byKey) heads.set(page, (byKey = new Map()));
    const key = `${status}|${encoding ?? ''}`;
    let head = byKey.get(key);
    if (!head)
      byKey.set(
        key,
        (head = [...security, ...Object.entries(headersOf(page, encoding, length)).flat()]),
      );
    return head;
  };
  return {
    get: (key: string) => pages.get(key),
    set(key: string, page: RenderedPage) {
      if (pages.size >= MAX_CACHED_PAGES) pages.delete(pages.keys().next().value as string);
      pages.set(key, page);
    },
    respond(request: IncomingMessage, response: ServerResponse): boolean {
      const method = request.method ?? 'GET';
      if ((method !== 'GET' && method !== 'HEAD') || pages.size === 0) return false;
      const url = request.url ?? '/';
      const mark = url.indexOf('?');
      const pathname = mark < 0 ? url : url.slice(0, mark);
      const search = new URLSearchParams(mark < 0 ? '' : url.slice(mark + 1));
      if (!isCacheablePage(pathname, search)) return false;
      const started = performance.now();
      const cookie = request.headers.cookie;
      const lang = resolveLanguage({
        lang: search.get('lang'),
        locale: search.get('locale'),
        saved: cookie ? parseCookie(cookie, LOCALE_COOKIE)[LOCALE_COOKIE] : undefined,
        browser: request.headers['accept-language'],
      });
      const page = pages.get(`${pathname}|${lang}`);
      if (!page) return false;
      const { status, encoding, length, body } = answer(
        page,
        method,
        request.headers['if-none-match'],
        request.headers['accept-encoding'],
      );
      const requestId = randomUUID();
      const head = headOf(page, status, encoding, length);
      response.writeHead(status, head.concat('X-Request-Id', requestId));
      response.end(body);
      options.logger?.info(
        {
          requestId,
          method,
          path: pathname,
          status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
      return true;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

export function createPageHandler(options: {
  renderer: PageRenderer;
  assets: ClientAssets;
  origin: string;
  loadUser: (c: Context) => Promise<PageUser | null>;
  /** The VAT hint of a page rendered now (api/vat); absent: the default scheme's. */
  loadVatHint?: () => Promise<VatHint>;
  cache: PageCache;
}) {
  const { cache } = options;
  const send = (c: Context, page: RenderedPage) => {
    const { status, encoding, length, body } = answer(
      page,
      c.req.method,
      c.req.header('if-none-match'),
      c.req.header('accept-encoding'),
    );
    const headers = headersOf(page, encoding, length);
    if (!body) return c.body(null, status as 200, headers);
    // A view of the bytes held in memory, not a copy.
    return c.body(
      new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
      status as 200,
      headers,
    );
  };

  return async (c: Context) => {
    const url = new URL(c.req.url);
    const lang = pageLang(c);
    const cacheable = isCacheablePage(url.pathname, url.searchParams);
    const key = `${url.pathname}|${lang}`;
    if (cacheable) {
      const hit = cache.get(key);
      if (hit) return send(c, hit);
    }
    const nonce = createNonce();
    const response = await options.renderer.renderPage({
      request: c.req.raw,
      lang,
      nonce,
      origin: options.origin,
      assets: options.assets,
      loadUser: () => options.loadUser(c),
      ...(options.loadVatHint ? { vatHint: await options.loadVatHint() } : {}),
    });
    if (response.status >= 300 && response.status < 400) {
      return c.body(null, response.status as 302, {
        Location: response.headers.get('location') ?? '/',
        'Cache-Control': 'no-store',
      });
    }
    const store = cacheable && response.status === 200;
    const page = renderedPage(response.status, await response.text(), nonce, lang, store);
    if (store) cache.set(key, page);
    return send(c, page);
  };
}
