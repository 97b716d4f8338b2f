import { createFileRoute } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { pageHead } from '../../route-head.ts';
import { AdminTable } from '../../views/dashboard/admin-table.tsx';

export const Route = createFileRoute('/dashboard/tickets')({
  head: pageHead('dashboard.nav.tickets'),
  staticData: { dashboardTitleId: 'dashboard.nav.tickets' },
  component: Page,
});

function Page() {
  return (
    <>
      <p>
        <FormattedMessage id="dashboard.tickets.intro" />
      </p>
      <AdminTable table="tickets" />
    </>
  );
}
