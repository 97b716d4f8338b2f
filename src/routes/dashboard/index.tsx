import { createFileRoute } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { pageHead } from '../../route-head.ts';
import { DashboardOverview } from '../../views/dashboard/overview.tsx';
import { OverviewFiguresView } from '../../views/dashboard/overview-figures.tsx';

export const Route = createFileRoute('/dashboard/')({
  head: pageHead('dashboard.nav.overview'),
  staticData: { dashboardTitleId: 'dashboard.nav.overview' },
  component: Page,
});

function Page() {
  return (
    <>
      <p>
        <FormattedMessage id="dashboard.overview.intro" />
      </p>
      <OverviewFiguresView />
      <DashboardOverview />
    </>
  );
}
