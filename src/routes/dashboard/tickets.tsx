import { createFileRoute } from '@tanstack/react-router';
import { dashboardPage } from '../../route-head.ts';
import { AdminTablePage } from '../../views/dashboard/admin-table.tsx';

export const Route = createFileRoute('/dashboard/tickets')({
  ...dashboardPage('dashboard.nav.tickets'),
  component: () => <AdminTablePage table="tickets" introId="dashboard.tickets.intro" />,
});
