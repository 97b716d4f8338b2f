import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { FormattedMessage } from 'react-intl';
import type { Lang } from '#domain/language.ts';
import { contactModeMachine } from '#machines/contact-mode/contact-mode.machine.ts';
import { selectChatStatus, selectOpenMode } from '#machines/contact-mode/contact-mode.selectors.ts';
import { CONTACT_MODES, type ContactMode } from '#machines/contact-mode/contact-mode.types.ts';
import { SchedulerView } from '../scheduler/scheduler-view.tsx';
import { TicketForm } from './ticket-form.tsx';
import { OfficeHoursText } from '../live-chat/office-hours-text.tsx';

// The chat itself is loaded only when it is shown (SPEC 2: placeholder while loading).
const LiveChatInline = lazy(() => import('../live-chat/live-chat-inline.tsx'));

const TITLE: Record<ContactMode, string> = {
  ticket: 'contact.options.ticket.title',
  consult: 'contact.options.consult.title',
  chat: 'contact.options.chat.title',
};
const TEXT: Record<ContactMode, string> = {
  ticket: 'contact.options.ticket.text',
  consult: 'contact.options.consult.text',
  chat: 'contact.options.chat.text',
};
const STATUS = {
  checking: 'contact.chat.status.checking',
  online: 'contact.chat.status.online',
  offline: 'contact.chat.status.offline',
} as const;

/**
 * The three contact options (ticket, consultation, chat) and the panel of the open one. Renders
 * the contact-mode machine: pressing the open option again closes it; the chat option shows the
 * polled online status.
 */
export function ContactOptions({
  lang,
  initialMode,
  onBooked,
  headingId,
  prefill,
}: {
  lang: Lang;
  initialMode?: ContactMode | undefined;
  /** name and email for the booking form (from the chat widget's "book a call") */
  prefill?: { name?: string | undefined; email?: string | undefined };
  /** Leaves for the confirmation page once the inline scheduler has booked. */
  onBooked: () => void;
  headingId?: string;
}) {
  const actor = useActorRef(contactModeMachine, { input: { initialMode } });
  return (
    <ContactOptionsView
      actor={actor}
      lang={lang}
      onBooked={onBooked}
      headingId={headingId}
      prefill={prefill}
    />
  );
}

/** The options for a running contact-mode actor (tests pass one with fake actors). */
export function ContactOptionsView({
  actor,
  lang,
  onBooked,
  headingId = 'contact.options.heading',
  prefill,
}: {
  actor: ActorRefFrom<typeof contactModeMachine>;
  lang: Lang;
  onBooked: () => void;
  headingId?: string | undefined;
  prefill?: { name?: string | undefined; email?: string | undefined } | undefined;
}) {
  const id = useId();
  const open = useSelector(actor, selectOpenMode);
  const chat = useSelector(actor, selectChatStatus);
  const officeHours = useSelector(actor, (s) => s.context.officeHours);
  const choose = (mode: ContactMode) => actor.send({ type: 'user.chooseMode', mode });

  return (
    <div className="contact-options">
      <h2 id={`${id}-heading`} className="contact-options__heading">
        <FormattedMessage id={headingId} />
      </h2>
      <div className="contact-options__list" role="group" aria-labelledby={`${id}-heading`}>
        {CONTACT_MODES.map((mode) => (
          <button
            key={mode}
            type="button"
            className="contact-options__option"
            aria-expanded={open === mode}
            aria-controls={`${id}-panel`}
            onClick={() => choose(mode)}
          >
            <span className="contact-options__title">
              <FormattedMessage id={TITLE[mode]} />
            </span>
            <span className="contact-options__text">
              <FormattedMessage id={TEXT[mode]} />
            </span>
            {mode === 'chat' ? (
              <span className={`contact-options__status contact-options__status--${chat}`}>
                <FormattedMessage id={STATUS[chat]} />
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} className="contact-options__panel">
        {open === 'ticket' ? <TicketForm lang={lang} /> : null}
        {open === 'consult' ? (
          <SchedulerView
            lang={lang}
            onBooked={onBooked}
            name={prefill?.name}
            email={prefill?.email}
          />
        ) : null}
        {open === 'chat' ? (
          <div className="contact-chat" aria-live="polite">
            {chat === 'checking' ? (
              <p className="contact-chat__loading">
                <FormattedMessage id="contact.chat.loading" />
              </p>
            ) : null}
            {chat === 'online' ? (
              <>
                <p className="contact-chat__online">
                  <FormattedMessage id="contact.chat.online" />
                </p>
                <Suspense fallback={null}>
                  <LiveChatInline lang={lang} />
                </Suspense>
              </>
            ) : null}
            {chat === 'offline' ? (
              <>
                <p className="contact-chat__offline">
                  <FormattedMessage id="contact.chat.offline" />
                </p>
                <p>
                  <OfficeHoursText hours={officeHours} lang={lang} />
                </p>
                <p className="contact-chat__actions">
                  <button type="button" className="button" onClick={() => choose('ticket')}>
                    <FormattedMessage id="contact.chat.leaveTicket" />
                  </button>{' '}
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => choose('consult')}
                  >
                    <FormattedMessage id="contact.chat.bookCall" />
                  </button>
                </p>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
