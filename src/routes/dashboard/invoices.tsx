import { createFileRoute } from '@tanstack/react-router';
import { dashboardPage } from '../../route-head.ts';
import { AdminTablePage } from '../../views/dashboard/admin-table.tsx';

export const Route = createFileRoute('/dashboard/invoices')({
  ...dashboardPage('dashboard.nav.invoices'),
  component: () => <AdminTablePage table="invoices" introId="dashboard.invoices.intro" />,
});
