import { createFileRoute } from '@tanstack/react-router';
import { PageIntro } from '../../components/page-intro.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { pageHead } from '../../route-head.ts';
import { ContactOptions } from '../../views/contact/contact-options.tsx';
import { useGoToConfirmation } from '../../views/contact/contact-page.tsx';

export const Route = createFileRoute('/_site/schedule-consultation')({
  head: pageHead('page.scheduleConsultation.title', 'page.scheduleConsultation.intro'),
  component: Page,
});

/** Three options (ticket, consultation, chat); the chosen one shows its form. */
function Page() {
  const { lang } = useI18n();
  const goToConfirmation = useGoToConfirmation();
  return (
    <>
      <PageIntro
        titleId="page.scheduleConsultation.title"
        introId="page.scheduleConsultation.intro"
      />
      <section className="contact-section">
        <ContactOptions lang={lang} onBooked={goToConfirmation} />
      </section>
    </>
  );
}
