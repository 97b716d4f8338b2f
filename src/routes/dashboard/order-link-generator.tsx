import { createFileRoute } from '@tanstack/react-router';
import { dashboardPage } from '../../route-head.ts';
import { LinkGeneratorPage } from '../../views/dashboard/link-generator.tsx';

export const Route = createFileRoute('/dashboard/order-link-generator')({
  ...dashboardPage('dashboard.nav.orderLinks'),
  component: () => <LinkGeneratorPage kind="order" introId="dashboard.orderLinks.intro" />,
});
