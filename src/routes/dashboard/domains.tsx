import { createFileRoute } from '@tanstack/react-router';
import { dashboardPage } from '../../route-head.ts';
import { AdminDomains } from '../../views/dashboard/admin-domains.tsx';

export const Route = createFileRoute('/dashboard/domains')({
  ...dashboardPage('dashboard.nav.domains'),
  component: AdminDomains,
});
