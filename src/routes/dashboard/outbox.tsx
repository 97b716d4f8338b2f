import { createFileRoute } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { pageHead } from '../../route-head.ts';
import { AdminTable } from '../../views/dashboard/admin-table.tsx';

export const Route = createFileRoute('/dashboard/outbox')({
  head: pageHead('dashboard.nav.outbox'),
  staticData: { dashboardTitleId: 'dashboard.nav.outbox' },
  component: Page,
});

function Page() {
  return (
    <>
      <p>
        <FormattedMessage id="dashboard.outbox.intro" />
      </p>
      <AdminTable table="outbox" />
    </>
  );
}
