import { createFileRoute } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { pageHead } from '../../route-head.ts';
import { AdminTable } from '../../views/dashboard/admin-table.tsx';

export const Route = createFileRoute('/dashboard/invoices')({
  head: pageHead('dashboard.nav.invoices'),
  staticData: { dashboardTitleId: 'dashboard.nav.invoices' },
  component: Page,
});

function Page() {
  return (
    <>
      <p>
        <FormattedMessage id="dashboard.invoices.intro" />
      </p>
      <AdminTable table="invoices" />
    </>
  );
}
