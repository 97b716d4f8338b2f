import { createFileRoute } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { pageHead } from '../../route-head.ts';
import { searchOf, text } from '../../route-search.ts';
import { AdminTable } from '../../views/dashboard/admin-table.tsx';

/** `?q=` starts the table searched (a customer's address: that customer's subscriptions). */
const searchSchema = searchOf({ q: text({ max: 100 }) });

export const Route = createFileRoute('/dashboard/subscriptions')({
  validateSearch: searchSchema,
  head: pageHead('dashboard.nav.subscriptions'),
  staticData: { dashboardTitleId: 'dashboard.nav.subscriptions' },
  component: Page,
});

function Page() {
  const { q } = Route.useSearch();
  return (
    <>
      <p>
        <FormattedMessage id="dashboard.subscriptions.intro" />
      </p>
      <AdminTable table="subscriptions" q={q} />
    </>
  );
}
