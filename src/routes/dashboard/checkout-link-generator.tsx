import { createFileRoute } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { pageHead } from '../../route-head.ts';

export const Route = createFileRoute('/dashboard/checkout-link-generator')({
  head: pageHead('dashboard.nav.checkoutLinks'),
  staticData: { dashboardTitleId: 'dashboard.nav.checkoutLinks' },
  component: Page,
});

function Page() {
  return (
    <p>
      <FormattedMessage id="dashboard.checkoutLinks.intro" />
    </p>
  );
}
