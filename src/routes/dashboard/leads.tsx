import { createFileRoute } from '@tanstack/react-router';
import { dashboardPage } from '../../route-head.ts';
import { AdminTablePage } from '../../views/dashboard/admin-table.tsx';

export const Route = createFileRoute('/dashboard/leads')({
  ...dashboardPage('dashboard.nav.leads'),
  component: () => <AdminTablePage table="leads" introId="dashboard.leads.intro" />,
});
