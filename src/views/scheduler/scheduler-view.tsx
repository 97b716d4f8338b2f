import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDayShort, formatSlotDay, formatSlotTime, type Booking } from '#domain/bookings.ts';
import { amsterdamDay } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import { schedulerMachine } from '#machines/scheduler/scheduler.machine.ts';
import {
  selectAlert,
  selectAlternatives,
  selectDays,
  selectDaySlots,
  selectIsBusy,
} from '#machines/scheduler/scheduler.selectors.ts';
import { ContactFields } from '../shared/contact-fields.tsx';
import { DaySelect, submitWith } from '../shared/form-field.tsx';

/**
 * Our own scheduler: free 30-minute slots from the server, a name and email, one button. It
 * renders the scheduler machine and sends it what the visitor does; `onBooked` is how the page
 * leaves for the confirmation (the machine has already stored and announced the booking).
 */
export function SchedulerView({
  lang,
  name,
  email,
  onBooked,
  headingLevel = 2,
}: {
  lang: Lang;
  name?: string | undefined;
  email?: string | undefined;
  onBooked: (booking: Booking) => void;
  headingLevel?: 1 | 2;
}) {
  const intl = useIntl();
  const id = useId();
  const actor = useActorRef(
    schedulerMachine.provide({
      actions: {
        showConfirmation: ({ context }) => {
          if (context.booking) onBooked(context.booking);
        },
      },
    }),
    { input: { name, email, lang, from: amsterdamDay(new Date()) } },
  );
  const snapshot = useSelector(actor, (s) => s);
  const days = useSelector(actor, selectDays);
  const daySlots = useSelector(actor, selectDaySlots);
  const alternatives = useSelector(actor, selectAlternatives);
  const alert = useSelector(actor, selectAlert);
  const busy = useSelector(actor, selectIsBusy);
  const { context } = snapshot;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  const slotButton = (start: string, label: string) => (
    <button
      key={start}
      type="button"
      className="scheduler__slot"
      aria-pressed={context.start === start}
      disabled={busy}
      onClick={() => actor.send({ type: 'user.selectSlot', start })}
    >
      {label}
    </button>
  );

  return (
    <section className="scheduler" aria-labelledby={`${id}-heading`} aria-busy={busy}>
      <Heading id={`${id}-heading`} className="scheduler__heading">
        <FormattedMessage id="scheduler.heading" />
      </Heading>
      <p className="scheduler__intro">
        <FormattedMessage id="scheduler.intro" />
      </p>

      {snapshot.matches('loading') ? (
        <p className="scheduler__status" role="status">
          <FormattedMessage id="scheduler.loading" />
        </p>
      ) : null}

      {snapshot.matches('loadFailed') ? (
        <div className="scheduler__status" role="alert">
          <p>
            <FormattedMessage id="scheduler.loadFailed" />
          </p>
          <button
            type="button"
            className="button"
            onClick={() => actor.send({ type: 'user.retry' })}
          >
            <FormattedMessage id="scheduler.retry" />
          </button>
        </div>
      ) : null}

      {snapshot.matches('booked') ? (
        <p className="scheduler__status scheduler__status--success" role="status">
          <FormattedMessage id="scheduler.booked" />
        </p>
      ) : null}

      {snapshot.matches('ready') ||
      snapshot.matches('booking') ||
      snapshot.matches('refreshing') ? (
        days.length === 0 ? (
          <p className="scheduler__status">
            <FormattedMessage id="scheduler.noSlots" />
          </p>
        ) : (
          <form
            className="scheduler__form"
            noValidate
            onSubmit={submitWith(() => actor.send({ type: 'user.confirm' }))}
          >
            <DaySelect
              id={`${id}-day`}
              days={days}
              value={context.day}
              disabled={busy}
              label={(day) => formatDayShort(day, lang)}
              onChange={(day) => actor.send({ type: 'user.selectDay', day })}
            />

            <fieldset
              className="scheduler__times"
              aria-describedby={context.fieldErrors.start ? `${id}-start-error` : undefined}
            >
              <legend>
                <FormattedMessage
                  id="scheduler.times.label"
                  values={{ day: context.day ? formatDayShort(context.day, lang) : '' }}
                />
              </legend>
              <div className="scheduler__slots">
                {daySlots.map((slot) => slotButton(slot.start, formatSlotTime(slot.start, lang)))}
              </div>
              {context.fieldErrors.start ? (
                <p id={`${id}-start-error`} className="scheduler__error">
                  <FormattedMessage id={context.fieldErrors.start} />
                </p>
              ) : null}
            </fieldset>

            <div className="scheduler__alert" role="alert">
              {alert ? <FormattedMessage id={alert} /> : null}
              {alternatives.length > 0 ? (
                <div className="scheduler__slots scheduler__slots--alternatives">
                  {alternatives.map((slot) =>
                    slotButton(
                      slot.start,
                      `${formatDayShort(amsterdamDay(new Date(slot.start)), lang)} ${formatSlotTime(slot.start, lang)}`,
                    ),
                  )}
                </div>
              ) : null}
            </div>

            <ContactFields
              idPrefix={id}
              block="scheduler"
              labels={{ name: 'scheduler.name.label', email: 'scheduler.email.label' }}
              name={context.name}
              email={context.email}
              errors={context.fieldErrors}
              required
              onNameChange={(value) => actor.send({ type: 'user.changeName', value })}
              onEmailChange={(value) => actor.send({ type: 'user.changeEmail', value })}
            />

            <p className="scheduler__selected" aria-live="polite">
              {context.start ? (
                <FormattedMessage
                  id="scheduler.selected"
                  values={{
                    day: formatSlotDay(context.start, lang),
                    time: formatSlotTime(context.start, lang),
                  }}
                />
              ) : (
                <FormattedMessage id="scheduler.notSelected" />
              )}
            </p>
            <button type="submit" className="button scheduler__submit" disabled={busy}>
              {snapshot.matches('booking')
                ? intl.formatMessage({ id: 'scheduler.submitting' })
                : intl.formatMessage({ id: 'scheduler.submit' })}
            </button>
          </form>
        )
      ) : null}
    </section>
  );
}
