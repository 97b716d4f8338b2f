import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  formatDayShort,
  formatSlotDay,
  formatSlotTime,
  slotDays,
  slotsOfDay,
} from '#domain/bookings.ts';
import { amsterdamDay } from '#domain/format.ts';
import { bookingManageMachine } from '#machines/booking-manage/booking-manage.machine.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { DaySelect } from '../shared/form-field.tsx';
import { TitledSection } from '../shared/titled-section.tsx';

/** Renders the booking-manage machine: the booking, then moving or cancelling it. */
export function BookingManageView({ token }: { token: string }) {
  const { lang } = useI18n();
  const intl = useIntl();
  const id = useId();
  const actor = useActorRef(bookingManageMachine, {
    input: { token, lang, today: amsterdamDay(new Date()) },
  });
  const s = useSelector(actor, (snapshot) => snapshot);
  const choosing = s.matches({ booked: 'choosing' }) || s.matches({ booked: 'moving' });
  // "Move" is replaced by the slots: the keyboard goes on there, not to the page.
  const slotsRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (choosing) slotsRef.current?.focus();
  }, [choosing]);
  const send = actor.send;
  const booking = s.context.booking;
  const days = slotDays(s.context.slots);
  const retry = (
    <button type="button" className="button" onClick={() => send({ type: 'user.retry' })}>
      <FormattedMessage id="account.area.retry" />
    </button>
  );
  if (s.matches('loading'))
    return (
      <p role="status">
        <FormattedMessage id="manageBooking.loading" />
      </p>
    );
  if (s.matches('notFound'))
    return (
      <p role="alert">
        <FormattedMessage id="manageBooking.notFound" />{' '}
        <a href="/schedule-consultation">
          <FormattedMessage id="manageBooking.bookNew" />
        </a>
      </p>
    );
  if (s.matches('failed'))
    return (
      <div role="alert">
        <p>
          <FormattedMessage id="account.alert.failed" />
        </p>
        {retry}
      </div>
    );
  const when = booking
    ? `${formatSlotDay(booking.startTime, lang)}, ${formatSlotTime(booking.startTime, lang)}–${formatSlotTime(booking.endTime, lang)}`
    : '';
  if (s.matches('cancelled'))
    return (
      <TitledSection
        className="consultation__card"
        headingId={`${id}-h`}
        titleId="manageBooking.cancelledTitle"
      >
        <p role="status">
          <FormattedMessage id="manageBooking.cancelled" values={{ when }} />
        </p>
        <a className="button" href="/schedule-consultation">
          <FormattedMessage id="manageBooking.bookNew" />
        </a>
      </TitledSection>
    );
  const busy = s.hasTag('busy');
  /** A step's confirm button and the way back from it. */
  const confirmOrBack = (
    labelId: string,
    confirm: 'user.confirmCancel' | 'user.confirmMove',
    confirmDisabled: boolean,
  ) => (
    <>
      <button
        type="button"
        className="button"
        disabled={confirmDisabled}
        onClick={() => send({ type: confirm })}
      >
        <FormattedMessage id={labelId} />
      </button>{' '}
      <button
        type="button"
        className="button button--ghost"
        disabled={busy}
        onClick={() => send({ type: 'user.back' })}
      >
        <FormattedMessage id="account.common.back" />
      </button>
    </>
  );
  return (
    <section className="consultation__card" aria-labelledby={`${id}-h`} aria-busy={busy}>
      <h2 id={`${id}-h`}>{booking?.title}</h2>
      <p>
        <FormattedMessage id="manageBooking.when" values={{ when }} />
      </p>
      {booking?.videoCallUrl ? (
        <p>
          <a href={booking.videoCallUrl} target="_blank" rel="noopener noreferrer">
            <FormattedMessage id="consultation.details.join" />
          </a>
        </p>
      ) : null}
      {s.matches({ booked: 'moved' }) ? (
        <p role="status">
          <FormattedMessage id="manageBooking.moved" />
        </p>
      ) : null}
      {s.matches({ booked: 'idle' }) || s.matches({ booked: 'moved' }) ? (
        <p className="manage-booking__actions">
          <button type="button" className="button" onClick={() => send({ type: 'user.move' })}>
            <FormattedMessage id="manageBooking.move" />
          </button>{' '}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => send({ type: 'user.cancel' })}
          >
            <FormattedMessage id="manageBooking.cancel" />
          </button>
        </p>
      ) : null}
      {s.matches({ booked: 'confirmingCancel' }) ||
      s.matches({ booked: 'cancelling' }) ||
      s.matches({ booked: 'cancelFailed' }) ? (
        <div>
          <p>
            <FormattedMessage id="manageBooking.confirmCancel" />
          </p>
          {confirmOrBack('manageBooking.confirmCancelButton', 'user.confirmCancel', busy)}
          <p className="auth-form__alert" role="alert">
            {s.matches({ booked: 'cancelFailed' }) ? (
              <FormattedMessage id="account.alert.failed" />
            ) : null}
          </p>
        </div>
      ) : null}
      {choosing ? (
        <fieldset ref={slotsRef} tabIndex={-1} className="manage-booking__slots">
          <legend>
            <FormattedMessage id="manageBooking.chooseSlot" />
          </legend>
          {s.matches({ booked: { choosing: 'loadingSlots' } }) ? (
            <p role="status">
              <FormattedMessage id="manageBooking.loadingSlots" />
            </p>
          ) : null}
          {s.matches({ booked: { choosing: 'slotsFailed' } }) ? retry : null}
          {days.length > 0 ? (
            <>
              <DaySelect
                id={`${id}-day`}
                days={days}
                value={s.context.day}
                disabled={busy}
                label={(day) => formatDayShort(day, lang)}
                onChange={(day) => send({ type: 'user.chooseDay', day })}
              />
              <div
                className="manage-booking__times"
                role="radiogroup"
                aria-label={intl.formatMessage(
                  { id: 'scheduler.times.label' },
                  { day: s.context.day ? formatDayShort(s.context.day, lang) : '' },
                )}
              >
                {slotsOfDay(s.context.slots, s.context.day).map((slot) => (
                  <label key={slot.start} className="manage-booking__slot">
                    <input
                      type="radio"
                      name={`${id}-slot`}
                      value={slot.start}
                      checked={s.context.chosen === slot.start}
                      disabled={busy}
                      onChange={() => send({ type: 'user.choose', start: slot.start })}
                    />
                    {formatSlotTime(slot.start, lang)}
                  </label>
                ))}
              </div>
            </>
          ) : s.matches({ booked: { choosing: 'picking' } }) ? (
            <p>
              <FormattedMessage id="scheduler.noSlots" />
            </p>
          ) : null}
          <p className="auth-form__alert" role="alert">
            {s.matches({ booked: { choosing: 'taken' } }) ? (
              <FormattedMessage id="manageBooking.taken" />
            ) : s.matches({ booked: { choosing: 'moveFailed' } }) ? (
              <FormattedMessage id="account.alert.failed" />
            ) : null}
          </p>
          {confirmOrBack(
            'manageBooking.confirmMove',
            'user.confirmMove',
            busy || s.context.chosen === null,
          )}
        </fieldset>
      ) : null}
    </section>
  );
}
