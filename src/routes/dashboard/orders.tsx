import { createFileRoute } from '@tanstack/react-router';
import { dashboardPage } from '../../route-head.ts';
import { AdminTablePage } from '../../views/dashboard/admin-table.tsx';

export const Route = createFileRoute('/dashboard/orders')({
  ...dashboardPage('dashboard.nav.orders'),
  component: () => <AdminTablePage table="orders" introId="dashboard.orders.intro" />,
});
