import { createFileRoute } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { pageHead } from '../../route-head.ts';

export const Route = createFileRoute('/dashboard/order-link-generator')({
  head: pageHead('dashboard.nav.orderLinks'),
  staticData: { dashboardTitleId: 'dashboard.nav.orderLinks' },
  component: Page,
});

function Page() {
  return (
    <p>
      <FormattedMessage id="dashboard.orderLinks.intro" />
    </p>
  );
}
