import { createFileRoute, useLocation } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { generatorLangFromPath } from '#domain/links.ts';
import { pageHead } from '../../route-head.ts';
import { LinkGenerator } from '../../views/dashboard/link-generator.tsx';

export const Route = createFileRoute('/dashboard/order-link-generator')({
  head: pageHead('dashboard.nav.orderLinks'),
  staticData: { dashboardTitleId: 'dashboard.nav.orderLinks' },
  component: Page,
});

function Page() {
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <>
      <p>
        <FormattedMessage id="dashboard.orderLinks.intro" />
      </p>
      <LinkGenerator kind="order" initialLang={generatorLangFromPath(pathname)} />
    </>
  );
}
