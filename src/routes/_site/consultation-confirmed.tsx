import { createFileRoute } from '@tanstack/react-router';
import { jsonText, searchOf } from '../../route-search.ts';
import { PageIntro } from '../../components/page-intro.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { pageHead } from '../../route-head.ts';
import { ConfirmationView } from '../../views/consultation/confirmation-view.tsx';

/** `?booking=` may hold the booking as JSON (validated by the page's machine). */
// The router parses JSON in the query itself; the machine validates a string.
const searchSchema = searchOf({ booking: jsonText({ max: 4000 }) });

export const Route = createFileRoute('/_site/consultation-confirmed')({
  head: pageHead('page.consultationConfirmed.title', 'page.consultationConfirmed.intro'),
  validateSearch: searchSchema,
  component: Page,
});

/** The heading renders on the server; the booking part after hydration (sessionStorage). */
function Page() {
  const { lang } = useI18n();
  const { booking } = Route.useSearch();
  return (
    <>
      <PageIntro
        titleId="page.consultationConfirmed.title"
        introId="page.consultationConfirmed.intro"
      />
      <div className="consultation-page">
        <ConfirmationView lang={lang} query={booking} />
      </div>
    </>
  );
}
