import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { dashboardPage } from '../../route-head.ts';
import { AdminTablePage } from '../../views/dashboard/admin-table.tsx';

/** `?q=` starts the table searched (a customer's address: that customer's subscriptions). */
const searchSchema = v.object({
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined),
});

export const Route = createFileRoute('/dashboard/subscriptions')({
  validateSearch: searchSchema,
  ...dashboardPage('dashboard.nav.subscriptions'),
  component: Page,
});

function Page() {
  const { q } = Route.useSearch();
  return <AdminTablePage table="subscriptions" introId="dashboard.subscriptions.intro" q={q} />;
}
