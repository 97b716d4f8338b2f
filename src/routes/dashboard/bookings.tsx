import { createFileRoute } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { pageHead } from '../../route-head.ts';
import { AdminTable } from '../../views/dashboard/admin-table.tsx';

export const Route = createFileRoute('/dashboard/bookings')({
  head: pageHead('dashboard.nav.bookings'),
  staticData: { dashboardTitleId: 'dashboard.nav.bookings' },
  component: Page,
});

function Page() {
  return (
    <>
      <p>
        <FormattedMessage id="dashboard.bookings.intro" />
      </p>
      <AdminTable table="bookings" />
    </>
  );
}
