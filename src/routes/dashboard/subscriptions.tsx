import { createFileRoute } from '@tanstack/react-router';
import { dashboardPage } from '../../route-head.ts';
import { searchOf, text } from '../../route-search.ts';
import { AdminTablePage } from '../../views/dashboard/admin-table.tsx';

/** `?q=` starts the table searched (a customer's address: that customer's subscriptions). */
const searchSchema = searchOf({ q: text({ max: 100 }) });

export const Route = createFileRoute('/dashboard/subscriptions')({
  validateSearch: searchSchema,
  ...dashboardPage('dashboard.nav.subscriptions'),
  component: Page,
});

function Page() {
  const { q } = Route.useSearch();
  return <AdminTablePage table="subscriptions" introId="dashboard.subscriptions.intro" q={q} />;
}
