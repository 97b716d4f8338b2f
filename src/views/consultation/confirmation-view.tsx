import { manageBookingLink } from '#domain/links.ts';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ICS_FILE_NAME, googleCalendarUrl, outlookCalendarUrl } from '#domain/calendar-export.ts';
import { SURVEY_PRIORITIES } from '#domain/consultation-survey.ts';
import { formatSlotDay, formatSlotTime, type Booking } from '#domain/bookings.ts';
import type { Lang } from '#domain/language.ts';
import { consultationConfirmedMachine } from '#machines/scheduler/consultation-confirmed.machine.ts';

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
      <section
        className="consultation consultation--missing"
        aria-labelledby="consultation-missing"
      >
        <h2 id="consultation-missing">
          <FormattedMessage id="consultation.notFound.title" />
        </h2>
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
      </section>
    );

  const booking = snapshot.context.booking;
  return (
    <div className="consultation">
      <p className="consultation__booked" role="status">
        <FormattedMessage id="consultation.booked" />
      </p>
      <BookingDetails booking={booking} lang={lang} />
      <section className="consultation__card" aria-labelledby="consultation-calendar">
        <h2 id="consultation-calendar">
          <FormattedMessage id="consultation.calendar.heading" />
        </h2>
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
          <li>
            <a
              className="button button--ghost"
              href={googleCalendarUrl(booking)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <FormattedMessage id="consultation.calendar.google" />
            </a>
          </li>
          <li>
            <a
              className="button button--ghost"
              href={outlookCalendarUrl(booking)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <FormattedMessage id="consultation.calendar.outlook" />
            </a>
          </li>
        </ul>
      </section>
      <section className="consultation__card" aria-labelledby="consultation-next">
        <h2 id="consultation-next">
          <FormattedMessage id="consultation.next.heading" />
        </h2>
        <ul className="consultation__next">
          <li>
            <Link to="/prep-guide">
              <FormattedMessage id="consultation.next.prepGuide" />
            </Link>
          </li>
          <li>
            <Link to="/pricing" hash="total-plus">
              <FormattedMessage id="consultation.next.pricing" />
            </Link>
          </li>
          <li>
            <Link to="/case-studies">
              <FormattedMessage id="consultation.next.caseStudies" />
            </Link>
          </li>
        </ul>
      </section>
      <Survey actor={actor} />
    </div>
  );
}

function BookingDetails({ booking, lang }: { booking: Booking; lang: Lang }) {
  return (
    <section className="consultation__card" aria-labelledby="consultation-details">
      <h2 id="consultation-details">
        <FormattedMessage id="consultation.details.heading" />
      </h2>
      <dl className="consultation__details">
        <dt>
          <FormattedMessage id="consultation.details.what" />
        </dt>
        <dd>{booking.title}</dd>
        <dt>
          <FormattedMessage id="consultation.details.date" />
        </dt>
        <dd>{formatSlotDay(booking.startTime, lang)}</dd>
        <dt>
          <FormattedMessage id="consultation.details.time" />
        </dt>
        <dd>
          {formatSlotTime(booking.startTime, lang)}–{formatSlotTime(booking.endTime, lang)}
        </dd>
        <dt>
          <FormattedMessage id="consultation.details.timeZone" />
        </dt>
        <dd>{booking.timeZone}</dd>
        <dt>
          <FormattedMessage id="consultation.details.videoCall" />
        </dt>
        <dd>
          <a href={booking.videoCallUrl} target="_blank" rel="noopener noreferrer">
            <FormattedMessage id="consultation.details.join" />
          </a>
        </dd>
      </dl>
      {booking.manageToken ? (
        <p>
          <a href={manageBookingLink(booking.manageToken, lang)}>
            <FormattedMessage id="consultation.details.manage" />
          </a>
        </p>
      ) : null}
    </section>
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
  if (snapshot.matches({ found: 'thanked' }))
    return (
      <section className="consultation__card" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>
          <FormattedMessage id="consultation.survey.heading" />
        </h2>
        <p className="consultation__thanks" role="status">
          <FormattedMessage id="consultation.survey.thanks" />
        </p>
      </section>
    );
  const sending = snapshot.matches({ found: 'sending' });
  return (
    <section className="consultation__card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <FormattedMessage id="consultation.survey.heading" />
      </h2>
      <form
        className="consultation__survey"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'user.submitSurvey' });
        }}
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
          onChange={(event) => actor.send({ type: 'user.changeNotes', value: event.target.value })}
        />
        <button type="submit" className="button" disabled={sending}>
          {sending
            ? intl.formatMessage({ id: 'consultation.survey.sending' })
            : intl.formatMessage({ id: 'consultation.survey.submit' })}
        </button>
      </form>
    </section>
  );
}
