import { Link, Outlet, createFileRoute, redirect, useMatches } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { HomeLogoLink } from '../components/logo.tsx';
import { LanguageSelector } from '../components/language-selector.tsx';
import { pageHead } from '../route-head.ts';

/**
 * Staff area. The guard of SPEC section 4: whoever is not signed in as staff goes to the sign-in
 * page with `?redirect=` holding where they wanted to go.
 */
export const Route = createFileRoute('/dashboard')({
  beforeLoad: async ({ context, location }) => {
    const user = await context.loadUser();
    if (!user || user.role !== 'staff') {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    return { user };
  },
  head: pageHead('page.dashboard.title'),
  component: DashboardLayout,
});

const TABS = [
  { to: '/dashboard', id: 'dashboard.nav.overview' },
  { to: '/dashboard/orders', id: 'dashboard.nav.orders' },
  { to: '/dashboard/invoices', id: 'dashboard.nav.invoices' },
  { to: '/dashboard/refunds', id: 'dashboard.nav.refunds' },
  { to: '/dashboard/subscriptions', id: 'dashboard.nav.subscriptions' },
  { to: '/dashboard/domains', id: 'dashboard.nav.domains' },
  { to: '/dashboard/coupons', id: 'dashboard.nav.coupons' },
  { to: '/dashboard/leads', id: 'dashboard.nav.leads' },
  { to: '/dashboard/tickets', id: 'dashboard.nav.tickets' },
  { to: '/dashboard/bookings', id: 'dashboard.nav.bookings' },
  { to: '/dashboard/outbox', id: 'dashboard.nav.outbox' },
  { to: '/dashboard/order-link-generator', id: 'dashboard.nav.orderLinks' },
  { to: '/dashboard/checkout-link-generator', id: 'dashboard.nav.checkoutLinks' },
  { to: '/dashboard/chat', id: 'dashboard.nav.chat' },
] as const;

function DashboardLayout() {
  const intl = useIntl();
  const titleId = useMatches({
    select: (matches) =>
      [...matches].reverse().find((m) => m.staticData?.dashboardTitleId)?.staticData
        ?.dashboardTitleId ?? 'dashboard.nav.overview',
  });
  return (
    <div className="dashboard">
      <header className="dashboard__header">
        <HomeLogoLink />
        <nav
          aria-label={intl.formatMessage({ id: 'dashboard.nav.label' })}
          className="dashboard__nav"
        >
          <ul>
            {TABS.map((tab) => (
              <li key={tab.to}>
                <Link
                  to={tab.to}
                  activeOptions={{ exact: true }}
                  activeProps={{ 'aria-current': 'page' }}
                >
                  <FormattedMessage id={tab.id} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSelector />
      </header>
      <main id="main" className="dashboard__main">
        <nav
          aria-label={intl.formatMessage({ id: 'dashboard.breadcrumb.label' })}
          className="breadcrumb"
        >
          <ol>
            <li>
              <Link to="/dashboard">
                <FormattedMessage id="dashboard.breadcrumb.root" />
              </Link>
            </li>
            <li aria-current="page">
              <FormattedMessage id={titleId} />
            </li>
          </ol>
        </nav>
        <h1>
          <FormattedMessage id={titleId} />
        </h1>
        <p className="dashboard__restricted">
          <FormattedMessage id="dashboard.subtitle" />
        </p>
        <Outlet />
      </main>
    </div>
  );
}
