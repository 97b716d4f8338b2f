import { createFileRoute, Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { PageIntro } from '../../components/page-intro.tsx';
import * as v from 'valibot';
import { pageHead } from '../../route-head.ts';

const searchSchema = v.object({ redirect: v.fallback(v.optional(v.string()), undefined) });

export const Route = createFileRoute('/_minimal/login')({
  validateSearch: searchSchema,
  head: pageHead('page.login.title', 'page.login.intro'),
  component: Page,
});

function Page() {
  return (
    <PageIntro titleId="page.login.title" introId="page.login.intro">
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
