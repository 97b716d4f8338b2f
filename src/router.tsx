import { createRouter as createTanStackRouter, lazyRouteComponent } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import type { I18nStore } from './i18n/i18n-store.ts';

import type { SessionUser } from '#machines/auth/auth.actors.ts';
import type { VatHint } from '#domain/vat-hint.ts';

export type { SessionUser };

export interface RouterContext {
  i18n: I18nStore;
  /** Absolute origin for canonical and hreflang links (PUBLIC_URL on the server). */
  origin: string;
  /** Who is signed in: read from the session on the server, from /api/auth/me in the browser. */
  loadUser: () => Promise<SessionUser | null>;
  /**
   * The server's VAT for a Dutch consumer: the order summaries' first figures (issue 43). Set by
   * the server's render; the browser reads the page's copy where it is needed (usePageVatHint).
   */
  vatHint?: VatHint;
}

// The 404 and error pages are rare: their code loads when one is shown, not with every page
// (issue 18). The server loads them before it renders (src/entry-server.tsx).
const NotFoundPage = lazyRouteComponent(
  () => import('./components/not-found-page.tsx'),
  'NotFoundPage',
);
const ErrorPage = lazyRouteComponent(() => import('./components/error-page.tsx'), 'ErrorPage');

/** Loads the 404 and error pages' code (the server, before it renders a page). */
export async function loadRarePages(): Promise<void> {
  await Promise.all([NotFoundPage.preload?.(), ErrorPage.preload?.()]);
}

/**
 * Scroll restoration for navigations in the page only (decisions S32). The router also runs it
 * once the page has hydrated, and then scrolls to the top (or to the address's #target): a
 * visitor who scrolled before the code came (the first paint comes before it, S20) was thrown
 * back. So it says no to its first call (the render after hydration): the page the browser loaded
 * keeps the browser's own scrolling. (Kept this small: it is on every page's first load.)
 */
const afterHydration =
  (renders = 0) =>
  () =>
    renders++ > 0;

export function createRouter(context: RouterContext, options: { nonce?: string } = {}) {
  return createTanStackRouter({
    routeTree,
    context,
    scrollRestoration: afterHydration(),
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
    ssr: options.nonce ? { nonce: options.nonce } : undefined,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createRouter>;
  }
}
