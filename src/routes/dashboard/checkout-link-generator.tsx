import { createFileRoute, useLocation } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { generatorLangFromPath } from '#domain/links.ts';
import { pageHead } from '../../route-head.ts';
import { LinkGenerator } from '../../views/dashboard/link-generator.tsx';

export const Route = createFileRoute('/dashboard/checkout-link-generator')({
  head: pageHead('dashboard.nav.checkoutLinks'),
  staticData: { dashboardTitleId: 'dashboard.nav.checkoutLinks' },
  component: Page,
});

function Page() {
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <>
      <p>
        <FormattedMessage id="dashboard.checkoutLinks.intro" />
      </p>
      <LinkGenerator kind="checkout" initialLang={generatorLangFromPath(pathname)} />
    </>
  );
}
