import { createFileRoute } from '@tanstack/react-router';
import { dashboardPage } from '../../route-head.ts';
import { AdminCoupons } from '../../views/dashboard/admin-coupons.tsx';

export const Route = createFileRoute('/dashboard/coupons')({
  ...dashboardPage('dashboard.nav.coupons'),
  component: AdminCoupons,
});
