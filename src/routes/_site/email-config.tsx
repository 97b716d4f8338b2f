import { createFileRoute } from '@tanstack/react-router';
import { searchOf, text } from '../../route-search.ts';
import { island } from '../../components/island.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { pageHead } from '../../route-head.ts';

/** SPEC 2: `?email=` pre-fills the address; anything else in the query is ignored. */
const searchSchema = searchOf({ email: text({ max: 320 }) });

export const Route = createFileRoute('/_site/email-config')({
  validateSearch: searchSchema,
  head: pageHead('page.emailConfig.title', 'page.emailConfig.intro'),
  component: Page,
});

// The address field, the clients and the manual settings: an island (decision D48B-1). Its code
// (the chart, the API client) comes at the visitor's first input; with an address from `?email=`
// it looks up the server names on its own, so it comes once the browser is idle.
const EmailSetup = island(
  'mail-setup',
  ({ email }) => (email ? 'idle' : 'input'),
  () => import('../../views/email-config/email-config-view.tsx').then((m) => m.EmailConfigPage),
);

function Page() {
  const { email } = Route.useSearch();
  const { lang } = useI18n();
  return (
    <>
      <PageIntro titleId="page.emailConfig.title" introId="page.emailConfig.intro" />
      <EmailSetup lang={lang} email={email} />
    </>
  );
}
