import { createFileRoute } from '@tanstack/react-router';
import { dashboardPage } from '../../route-head.ts';
import { AdminTablePage } from '../../views/dashboard/admin-table.tsx';

export const Route = createFileRoute('/dashboard/bookings')({
  ...dashboardPage('dashboard.nav.bookings'),
  component: () => <AdminTablePage table="bookings" introId="dashboard.bookings.intro" />,
});
