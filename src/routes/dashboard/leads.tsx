import { createFileRoute } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { pageHead } from '../../route-head.ts';
import { AdminTable } from '../../views/dashboard/admin-table.tsx';

export const Route = createFileRoute('/dashboard/leads')({
  head: pageHead('dashboard.nav.leads'),
  staticData: { dashboardTitleId: 'dashboard.nav.leads' },
  component: Page,
});

function Page() {
  return (
    <>
      <p>
        <FormattedMessage id="dashboard.leads.intro" />
      </p>
      <AdminTable table="leads" />
    </>
  );
}
