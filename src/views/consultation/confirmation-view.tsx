import { manageBookingLink } from '#domain/links.ts';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Fragment, useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ICS_FILE_NAME, googleCalendarUrl, outlookCalendarUrl } from '#domain/calendar-export.ts';
import { SURVEY_PRIORITIES } from '#domain/consultation-survey.ts';
import { formatSlotDay, formatSlotTime, type Booking } from '#domain/bookings.ts';
import type { Lang } from '#domain/language.ts';
import { consultationConfirmedMachine } from '#machines/scheduler/consultation-confirmed.machine.ts';
import { submitWith } from '../shared/form-field.tsx';
import { TitledSection } from '../shared/titled-section.tsx';

/** Where the confirmation page sends the visitor next. */
const NEXT_STEPS = [
  { to: '/prep-guide', hash: undefined, labelId: 'consultation.next.prepGuide' },
  { to: '/pricing', hash: 'total-plus', labelId: 'consultation.next.pricing' },
  { to: '/case-studies', hash: undefined, labelId: 'consultation.next.caseStudies' },
] as const;

/** The booking part of /consultation-confirmed; filled in after hydration (sessionStorage). */
export function ConfirmationView({ lang, query }: { lang: Lang; query?: string | undefined }) {
  const actor = useActorRef(consultationConfirmedMachine, { input: { query } });
  const snapshot = useSelector(actor, (s) => s);

  if (snapshot.matches('reading'))
    return (
      <p className="consultation__status" role="status">
        <FormattedMessage id="consultation.loading" />
      </p>
    );

  if (snapshot.matches('notFound') || !snapshot.context.booking)
    return (
      <TitledSection
        className="consultation consultation--missing"
        headingId="consultation-missing"
        titleId="consultation.notFound.title"
      >
        <p>
          <FormattedMessage id="consultation.notFound.text" />
        </p>
        <p className="consultation__actions">
          <Link to="/" className="button">
            <FormattedMessage id="common.cta.home" />
          </Link>{' '}
          <Link to="/schedule-consultation" className="button button--ghost">
            <FormattedMessage id="consultation.notFound.book" />
          </Link>
        </p>
      </TitledSection>
    );

  const booking = snapshot.context.booking;
  return (
    <div className="consultation">
      <p className="consultation__booked" role="status">
        <FormattedMessage id="consultation.booked" />
      </p>
      <BookingDetails booking={booking} lang={lang} />
      <TitledSection
        className="consultation__card"
        headingId="consultation-calendar"
        titleId="consultation.calendar.heading"
      >
        <ul className="consultation__links">
          <li>
            <a
              className="button"
              href={`/api/bookings/${encodeURIComponent(booking.id)}/ics`}
              download={ICS_FILE_NAME}
            >
              <FormattedMessage id="consultation.calendar.ics" />
            </a>
          </li>
          {(
            [
              ['consultation.calendar.google', googleCalendarUrl(booking)],
              ['consultation.calendar.outlook', outlookCalendarUrl(booking)],
            ] as const
          ).map(([labelId, href]) => (
            <li key={labelId}>
              <a
                className="button button--ghost"
                href={href}
                target="_blank"
                rel="noopener noreferrer"
              >
                <FormattedMessage id={labelId} />
              </a>
            </li>
          ))}
        </ul>
      </TitledSection>
      <TitledSection
        className="consultation__card"
        headingId="consultation-next"
        titleId="consultation.next.heading"
      >
        <ul className="consultation__next">
          {NEXT_STEPS.map((step) => (
            <li key={step.labelId}>
              <Link to={step.to} hash={step.hash}>
                <FormattedMessage id={step.labelId} />
              </Link>
            </li>
          ))}
        </ul>
      </TitledSection>
      <Survey actor={actor} />
    </div>
  );
}

function BookingDetails({ booking, lang }: { booking: Booking; lang: Lang }) {
  const rows: [labelId: string, value: ReactNode][] = [
    ['consultation.details.what', booking.title],
    ['consultation.details.date', formatSlotDay(booking.startTime, lang)],
    [
      'consultation.details.time',
      `${formatSlotTime(booking.startTime, lang)}–${formatSlotTime(booking.endTime, lang)}`,
    ],
    ['consultation.details.timeZone', booking.timeZone],
    [
      'consultation.details.videoCall',
      <a href={booking.videoCallUrl} target="_blank" rel="noopener noreferrer">
        <FormattedMessage id="consultation.details.join" />
      </a>,
    ],
  ];
  return (
    <TitledSection
      className="consultation__card"
      headingId="consultation-details"
      titleId="consultation.details.heading"
    >
      <dl className="consultation__details">
        {rows.map(([labelId, value]) => (
          <Fragment key={labelId}>
            <dt>
              <FormattedMessage id={labelId} />
            </dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      {booking.manageToken ? (
        <p>
          <a href={manageBookingLink(booking.manageToken, lang)}>
            <FormattedMessage id="consultation.details.manage" />
          </a>
        </p>
      ) : null}
    </TitledSection>
  );
}

function Survey({
  actor,
}: {
  actor: ReturnType<typeof useActorRef<typeof consultationConfirmedMachine>>;
}) {
  const intl = useIntl();
  const id = useId();
  const snapshot = useSelector(actor, (s) => s);
  const { priority, notes } = snapshot.context;
  const sending = snapshot.matches({ found: 'sending' });
  return (
    <TitledSection className="consultation__card" titleId="consultation.survey.heading">
      {snapshot.matches({ found: 'thanked' }) ? (
        <p className="consultation__thanks" role="status">
          <FormattedMessage id="consultation.survey.thanks" />
        </p>
      ) : (
        <form
          className="consultation__survey"
          onSubmit={submitWith(() => actor.send({ type: 'user.submitSurvey' }))}
        >
          <fieldset>
            <legend>
              <FormattedMessage id="consultation.survey.priority" />
            </legend>
            {SURVEY_PRIORITIES.map((value) => (
              <label key={value} className="consultation__choice">
                <input
                  type="radio"
                  name="priority"
                  value={value}
                  checked={priority === value}
                  onChange={() => actor.send({ type: 'user.choosePriority', priority: value })}
                />{' '}
                {intl.formatMessage({ id: `consultation.survey.priority.${value}` })}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${id}-notes`}>
            <FormattedMessage id="consultation.survey.notes" />
          </label>
          <textarea
            id={`${id}-notes`}
            rows={4}
            value={notes}
            onChange={(event) =>
              actor.send({ type: 'user.changeNotes', value: event.target.value })
            }
          />
          <button type="submit" className="button" disabled={sending}>
            {sending
              ? intl.formatMessage({ id: 'consultation.survey.sending' })
              : intl.formatMessage({ id: 'consultation.survey.submit' })}
          </button>
        </form>
      )}
    </TitledSection>
  );
}
