import { createFileRoute, notFound, redirect } from '@tanstack/react-router';

/**
 * The catalogue's sign-up links (`/signup/web-hosting/standard`, ...): each leads to the order page
 * with that plan preselected. A path that names no plan is a 404.
 */
export const Route = createFileRoute('/signup/$')({
  beforeLoad: async ({ location }) => {
    // Loaded here, not with the route tree: the catalogue stays out of every page's entry.
    const [{ planIdForSignupPath }, { parseLang }] = await Promise.all([
      import('#domain/catalogue.ts'),
      import('#domain/plan-selection.ts'),
    ]);
    const planId = planIdForSignupPath(location.pathname);
    if (!planId) throw notFound();
    // Keep an explicit language choice across the hop.
    const search = location.search as { lang?: unknown; locale?: unknown };
    const lang = parseLang(search.lang) ?? parseLang(search.locale);
    throw redirect({
      to: '/total-package/order',
      search: { plans: planId, ...(lang ? { lang } : {}) },
      statusCode: 302,
    });
  },
});
