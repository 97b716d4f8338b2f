import { createFileRoute, Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { PageIntro } from '../../../components/page-intro.tsx';
import * as v from 'valibot';
import { pageHead } from '../../../route-head.ts';

/** `plans` as pipe or comma list, or repeated; `lang`/`locale` handled by the language layer. */
const searchSchema = v.object({
  plans: v.fallback(v.optional(v.union([v.string(), v.array(v.string())])), undefined),
  lang: v.fallback(v.optional(v.picklist(['nl', 'en'])), undefined),
  locale: v.fallback(v.optional(v.picklist(['nl', 'en'])), undefined),
});

export const Route = createFileRoute('/_site/total-package/order')({
  validateSearch: searchSchema,
  head: pageHead('page.order.title', 'page.order.intro'),
  component: Page,
});

function Page() {
  return (
    <PageIntro titleId="page.order.title" introId="page.order.intro">
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
