import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { planIdForSignupPath } from '#domain/catalogue.ts';
import { parseLang } from '#domain/plan-selection.ts';

/**
 * The catalogue's sign-up links (`/signup/web-hosting/standard`, ...): each leads to the order page
 * with that plan preselected. A path that names no plan is a 404.
 */
export const Route = createFileRoute('/signup/$')({
  beforeLoad: ({ location }) => {
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
