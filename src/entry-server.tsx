import { createRequestHandler, defaultRenderHandler } from '@tanstack/react-router/ssr/server';
import type { ClientAssets } from '#domain/client-assets.ts';
import { isLang, type Lang } from '#domain/language.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { createRouter, loadRarePages, type SessionUser } from './router.tsx';
import { createI18nStore, type Messages } from './i18n/i18n-store.ts';
import { bootScript, scriptSafe } from './boot.ts';
import { loadIslands } from './components/island.tsx';
import { PAGE_MESSAGES_ID, type PageMessages } from './i18n/message-groups.ts';
import { DEFAULT_VAT_HINT, publicVatHint, type VatHint } from '#domain/vat-hint.ts';
import { VAT_HINT_ID } from './vat-hint.ts';

const CATALOGS: Record<Lang, Messages> = { en, nl };

export type { ClientAssets };

export interface RenderOptions {
  request: Request;
  lang: Lang;
  nonce: string;
  origin: string;
  assets: ClientAssets;
  loadUser: () => Promise<SessionUser | null>;
  /** The configured VAT for a Dutch consumer now (api/vat): the order summaries' first figures. */
  vatHint?: VatHint;
}

type ServerManifest = {
  inlineCss: { styles: Record<string, string> };
  routes: Record<string, { css: string[] }>;
};

/**
 * The manifest TanStack renders the head from: stylesheets only, all of them inlined (one round
 * trip to the first paint). No script or modulepreload tag: the scripts start after the first
 * paint (`bootScript`), so they never compete with the page's own bytes.
 */
const manifests = new WeakMap<ClientAssets, ServerManifest>();
function routerManifest(assets: ClientAssets): ServerManifest {
  let manifest = manifests.get(assets);
  if (!manifest) {
    const routes: ServerManifest['routes'] = { __root__: { css: assets.css } };
    for (const [id, route] of Object.entries(assets.routes))
      if (id !== '__root__') routes[id] = { css: route.css };
    manifest = { inlineCss: { styles: assets.styles }, routes };
    manifests.set(assets, manifest);
  }
  return manifest;
}

/**
 * Renders one page with TanStack Router's own SSR helpers: the HTML carries the page's content in
 * the request's language, and the dehydration scripts carry the CSP nonce. Redirects (the
 * dashboard guard, sign-up links) come back as redirect responses; unknown paths as 404.
 */
export async function renderPage(options: RenderOptions): Promise<Response> {
  const i18n = createI18nStore(options.lang, CATALOGS[options.lang]);
  const vatHint = options.vatHint ?? DEFAULT_VAT_HINT;
  let router: ReturnType<typeof createRouter> | undefined;
  const handler = createRequestHandler({
    request: options.request,
    createRouter: () =>
      (router = createRouter(
        { i18n, origin: options.origin, loadUser: options.loadUser, vatHint },
        { nonce: options.nonce },
      )),
    getRouterManifest: () => routerManifest(options.assets),
  });
  const response = await handler(async (context) => {
    // The routes' code is in; the islands it defines and the lazily loaded 404 and error pages
    // render on the server like any component.
    await Promise.all([loadIslands(), loadRarePages()]);
    return defaultRenderHandler(context);
  });
  if (response.status >= 300 && response.status < 400)
    return keepLanguage(response, options.request);
  if (!router || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const { assets, lang } = options;
  const modules = new Set(assets.preloads);
  const groups = new Set([assets.entryGroup]);
  for (const match of router.state.matches) {
    const route = assets.routes[match.routeId];
    for (const file of route?.preloads ?? []) modules.add(file);
    for (const group of route?.groups ?? []) groups.add(group);
  }
  const page: PageMessages = { lang, groups: [...groups], messages: {} };
  for (const group of groups) Object.assign(page.messages, assets.messages[lang][group]);
  const html = (await response.text()).replace(
    '</head>',
    `<script type="application/json" id="${PAGE_MESSAGES_ID}" nonce="${options.nonce}">${scriptSafe(JSON.stringify(page))}</script><script type="application/json" id="${VAT_HINT_ID}" nonce="${options.nonce}">${scriptSafe(JSON.stringify(publicVatHint(vatHint)))}</script>${bootScript({ nonce: options.nonce, entry: assets.entryScript, modules: [...modules], staged: assets.preloads })}</head>`,
  );
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(html, { status: response.status, headers });
}

/**
 * A redirect of the router (a guard's to the sign-in page) keeps the language the page was asked
 * in (`?lang=`): on a first visit no choice is saved yet, and the page it leads to speaks it too.
 */
function keepLanguage(response: Response, request: Request): Response {
  const lang = new URL(request.url).searchParams.get('lang');
  const location = response.headers.get('location');
  if (!location || !isLang(lang)) return response;
  const target = new URL(location, request.url);
  if (target.searchParams.has('lang')) return response;
  target.searchParams.set('lang', lang);
  const headers = new Headers(response.headers);
  headers.set(
    'location',
    location.startsWith('/') ? target.pathname + target.search + target.hash : target.href,
  );
  return new Response(response.body, { status: response.status, headers });
}
