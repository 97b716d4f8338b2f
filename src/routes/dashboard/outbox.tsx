import { createFileRoute } from '@tanstack/react-router';
import { dashboardPage } from '../../route-head.ts';
import { AdminTablePage } from '../../views/dashboard/admin-table.tsx';

export const Route = createFileRoute('/dashboard/outbox')({
  ...dashboardPage('dashboard.nav.outbox'),
  component: () => <AdminTablePage table="outbox" introId="dashboard.outbox.intro" />,
});
