import { createFileRoute } from '@tanstack/react-router';
import { dashboardPage } from '../../route-head.ts';
import { DashboardPage } from '../../views/dashboard/dashboard-page.tsx';
import { DashboardOverview } from '../../views/dashboard/overview.tsx';

export const Route = createFileRoute('/dashboard/')({
  ...dashboardPage('dashboard.nav.overview'),
  component: () => (
    <DashboardPage introId="dashboard.overview.intro">
      <DashboardOverview />
    </DashboardPage>
  ),
});
