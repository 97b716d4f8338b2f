import { createRequestHandler, defaultRenderHandler } from '@tanstack/react-router/ssr/server';
import type { ClientAssets } from '#domain/client-assets.ts';
import type { Lang } from '#domain/language.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { createRouter, type SessionUser } from './router.tsx';
import { createI18nStore, type Messages } from './i18n/i18n-store.ts';

const CATALOGS: Record<Lang, Messages> = { en, nl };

export type { ClientAssets };

export interface RenderOptions {
  request: Request;
  lang: Lang;
  nonce: string;
  origin: string;
  assets: ClientAssets;
  loadUser: () => Promise<SessionUser | null>;
}

/**
 * Renders one page with TanStack Router's own SSR helpers: the HTML carries the page's content in
 * the request's language, and the dehydration scripts carry the CSP nonce. Redirects (the
 * dashboard guard, sign-up links) come back as redirect responses; unknown paths as 404.
 */
export async function renderPage(options: RenderOptions): Promise<Response> {
  const i18n = createI18nStore(options.lang, CATALOGS[options.lang]);
  const handler = createRequestHandler({
    request: options.request,
    createRouter: () =>
      createRouter(
        { i18n, origin: options.origin, loadUser: options.loadUser },
        { nonce: options.nonce },
      ),
    getRouterManifest: () => ({
      routes: {
        ...options.assets.routes,
        __root__: {
          preloads: [
            ...options.assets.preloads,
            ...(options.assets.routes['__root__']?.preloads ?? []),
          ],
          css: options.assets.css,
          scripts: [{ attrs: { type: 'module', src: options.assets.entryScript } }],
        },
      },
    }),
  });
  return handler(defaultRenderHandler);
}
