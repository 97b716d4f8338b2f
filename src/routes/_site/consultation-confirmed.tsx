import { createFileRoute, Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { PageIntro } from '../../components/page-intro.tsx';
import { pageHead } from '../../route-head.ts';

export const Route = createFileRoute('/_site/consultation-confirmed')({
  head: pageHead('page.consultationConfirmed.title', 'page.consultationConfirmed.intro'),
  component: Page,
});

function Page() {
  return (
    <PageIntro
      titleId="page.consultationConfirmed.title"
      introId="page.consultationConfirmed.intro"
    >
      <p className="page-intro__actions">
        <Link to="/schedule-consultation" className="button">
          <FormattedMessage id="common.cta.bookCall" />
        </Link>{' '}
        <Link to="/total-package/order" className="button button--ghost">
          <FormattedMessage id="common.cta.buildPackage" />
        </Link>
      </p>
    </PageIntro>
  );
}
