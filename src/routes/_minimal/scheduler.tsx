import { createFileRoute } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { searchOf, text } from '../../route-search.ts';
import { isFramedBySameOrigin } from '#machines/scheduler/scheduler.actors.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { pageHead } from '../../route-head.ts';
import { useGoToConfirmation } from '../../views/contact/go-to-confirmation.ts';
import { SchedulerView } from '../../views/scheduler/scheduler-view.tsx';

/** `?name=&email=` prefill the form (the lead form embeds this page with them). */
const searchSchema = searchOf({
  name: text({ max: 120, trim: true }),
  email: text({ max: 254, trim: true }),
});

export const Route = createFileRoute('/_minimal/scheduler')({
  head: pageHead('page.scheduler.title', 'page.scheduler.intro'),
  staticData: { hideFooter: true },
  validateSearch: searchSchema,
  component: Page,
});

function Page() {
  const { lang } = useI18n();
  const { name, email } = Route.useSearch();
  const goToConfirmation = useGoToConfirmation();
  return (
    <div className="scheduler-page">
      <h1 className="scheduler-page__title">
        <FormattedMessage id="page.scheduler.title" />
      </h1>
      <SchedulerView
        lang={lang}
        name={name}
        email={email}
        onBooked={() => {
          // Embedded by our own page: the parent got the message and moves on itself.
          if (!isFramedBySameOrigin()) goToConfirmation();
        }}
      />
    </div>
  );
}
