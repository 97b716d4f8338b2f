import { createFileRoute } from '@tanstack/react-router';
import { dashboardPage } from '../../route-head.ts';
import { LinkGeneratorPage } from '../../views/dashboard/link-generator.tsx';

export const Route = createFileRoute('/dashboard/checkout-link-generator')({
  ...dashboardPage('dashboard.nav.checkoutLinks'),
  component: () => <LinkGeneratorPage kind="checkout" introId="dashboard.checkoutLinks.intro" />,
});
