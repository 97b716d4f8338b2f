import { createFileRoute } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { pageHead } from '../../route-head.ts';
import { AdminTable } from '../../views/dashboard/admin-table.tsx';

export const Route = createFileRoute('/dashboard/orders')({
  head: pageHead('dashboard.nav.orders'),
  staticData: { dashboardTitleId: 'dashboard.nav.orders' },
  component: Page,
});

function Page() {
  return (
    <>
      <p>
        <FormattedMessage id="dashboard.orders.intro" />
      </p>
      <AdminTable table="orders" />
    </>
  );
}
