import { createFileRoute } from '@tanstack/react-router';
import { searchOf, text } from '../../route-search.ts';
import { PageIntro } from '../../components/page-intro.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { pageHead } from '../../route-head.ts';
import { EmailConfigPage } from '../../views/email-config/email-config-view.tsx';

/** SPEC 2: `?email=` pre-fills the address; anything else in the query is ignored. */
const searchSchema = searchOf({ email: text({ max: 320 }) });

export const Route = createFileRoute('/_site/email-config')({
  validateSearch: searchSchema,
  head: pageHead('page.emailConfig.title', 'page.emailConfig.intro'),
  component: Page,
});

function Page() {
  const { email } = Route.useSearch();
  const { lang } = useI18n();
  return (
    <>
      <PageIntro titleId="page.emailConfig.title" introId="page.emailConfig.intro" />
      <EmailConfigPage lang={lang} email={email} />
    </>
  );
}
