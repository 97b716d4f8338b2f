import { createFileRoute } from '@tanstack/react-router';
import { dashboardPage } from '../../route-head.ts';
import { AdminRefunds } from '../../views/dashboard/admin-refunds.tsx';

export const Route = createFileRoute('/dashboard/refunds')({
  ...dashboardPage('dashboard.nav.refunds'),
  component: AdminRefunds,
});
