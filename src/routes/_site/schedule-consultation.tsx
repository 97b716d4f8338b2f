import { createFileRoute } from '@tanstack/react-router';
import { oneOf, searchOf, text } from '../../route-search.ts';
import { PageIntro } from '../../components/page-intro.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { pageHead } from '../../route-head.ts';
import { ContactOptionsIsland } from '../../views/contact/contact-options-island.tsx';
import { useGoToConfirmation } from '../../views/contact/go-to-confirmation.ts';

/** `?option=consult&name=&email=`: the chat widget's way to a prefilled booking form. */
const searchSchema = searchOf({
  option: oneOf(['ticket', 'consult', 'chat'] as const),
  name: text({ max: 120 }),
  email: text({ max: 254 }),
});

export const Route = createFileRoute('/_site/schedule-consultation')({
  validateSearch: searchSchema,
  head: pageHead('page.scheduleConsultation.title', 'page.scheduleConsultation.intro'),
  component: Page,
});

/**
 * Three options (ticket, consultation, chat); the chosen one shows its form. The options are an
 * island: their code comes at the first input, or once the browser is idle when the query opens
 * the booking form or the chat (decision D48B-1).
 */
function Page() {
  const { lang } = useI18n();
  const goToConfirmation = useGoToConfirmation();
  const search = Route.useSearch();
  return (
    <>
      <PageIntro
        titleId="page.scheduleConsultation.title"
        introId="page.scheduleConsultation.intro"
      />
      <section className="contact-section">
        <ContactOptionsIsland
          lang={lang}
          onBooked={goToConfirmation}
          initialMode={search.option}
          prefill={{ name: search.name, email: search.email }}
        />
      </section>
    </>
  );
}
