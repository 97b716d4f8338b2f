import { createFileRoute } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import * as v from 'valibot';
import { pageHead } from '../../route-head.ts';
import { AdminTable } from '../../views/dashboard/admin-table.tsx';

/** `?q=` starts the table searched (a customer's address: that customer's subscriptions). */
const searchSchema = v.object({
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined),
});

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
