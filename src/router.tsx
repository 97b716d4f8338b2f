import { createRouter as createTanStackRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import type { I18nStore } from './i18n/i18n-store.ts';
import { NotFoundPage } from './components/not-found-page.tsx';
import { ErrorPage } from './components/error-page.tsx';

import type { SessionUser } from '#machines/auth/auth.actors.ts';

export type { SessionUser };

export interface RouterContext {
  i18n: I18nStore;
  /** Absolute origin for canonical and hreflang links (PUBLIC_URL on the server). */
  origin: string;
  /** Who is signed in: read from the session on the server, from /api/auth/me in the browser. */
  loadUser: () => Promise<SessionUser | null>;
}

export function createRouter(context: RouterContext, options: { nonce?: string } = {}) {
  return createTanStackRouter({
    routeTree,
    context,
    scrollRestoration: true,
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
