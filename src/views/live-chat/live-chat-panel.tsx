import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { consultationLink } from '#domain/links.ts';
import { OfficeHoursText } from './office-hours-text.tsx';
import type { Lang } from '#domain/language.ts';
import type { liveChatMachine } from '#machines/live-chat/live-chat.machine.ts';
import {
  selectFieldErrors,
  selectIsReconnecting,
  selectIsSending,
  selectIsSendingTicket,
  selectIsStarting,
  selectMessages,
  selectScreen,
  selectSendFailed,
  selectStartFailed,
  selectTicketFailed,
  selectTicketSent,
} from '#machines/live-chat/live-chat.selectors.ts';
import type { DetailsField } from '#machines/live-chat/live-chat.types.ts';

type Actor = ActorRefFrom<typeof liveChatMachine>;

/**
 * The live-chat widget's content for a running live-chat actor: one screen per phase of the
 * machine. Incoming messages are announced by the log's live region; text is shown as text.
 */
export function LiveChatPanel({ actor, lang }: { actor: Actor; lang: Lang }) {
  const screen = useSelector(actor, selectScreen);
  return (
    <div className="live-chat__body">
      {screen === 'checking' ? (
        <p className="live-chat__status" role="status">
          <FormattedMessage id="chat.widget.checking" />
        </p>
      ) : null}
      {screen === 'offline' ? <OfflineScreen actor={actor} lang={lang} /> : null}
      {screen === 'askingDetails' ? <DetailsScreen actor={actor} /> : null}
      {screen === 'chatting' || screen === 'ended' ? (
        <ConversationScreen actor={actor} ended={screen === 'ended'} />
      ) : null}
    </div>
  );
}

function useField(actor: Actor, prefix: string) {
  const errors = useSelector(actor, selectFieldErrors);
  const error = (field: DetailsField) => errors[field];
  return {
    error,
    describedBy: (field: DetailsField) => (error(field) ? `${prefix}-${field}-error` : undefined),
    errorText: (field: DetailsField) =>
      error(field) ? (
        <p id={`${prefix}-${field}-error`} className="contact-form__error">
          <FormattedMessage id={error(field)} />
        </p>
      ) : null,
  };
}

function NameEmailFields({ actor, prefix }: { actor: Actor; prefix: string }) {
  const name = useSelector(actor, (s) => s.context.name);
  const email = useSelector(actor, (s) => s.context.email);
  const { error, describedBy, errorText } = useField(actor, prefix);
  return (
    <>
      <div className="contact-form__field">
        <label htmlFor={`${prefix}-name`}>
          <FormattedMessage id="contact.form.name" />
        </label>
        <input
          id={`${prefix}-name`}
          name="name"
          autoComplete="name"
          required
          value={name}
          aria-invalid={error('name') ? true : undefined}
          aria-describedby={describedBy('name')}
          onChange={(e) =>
            actor.send({ type: 'user.change', field: 'name', value: e.target.value })
          }
        />
        {errorText('name')}
      </div>
      <div className="contact-form__field">
        <label htmlFor={`${prefix}-email`}>
          <FormattedMessage id="contact.form.email" />
        </label>
        <input
          id={`${prefix}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={email}
          aria-invalid={error('email') ? true : undefined}
          aria-describedby={describedBy('email')}
          onChange={(e) =>
            actor.send({ type: 'user.change', field: 'email', value: e.target.value })
          }
        />
        {errorText('email')}
      </div>
    </>
  );
}

function DraftField({
  actor,
  prefix,
  labelId,
  disabled = false,
  onEnter,
}: {
  actor: Actor;
  prefix: string;
  labelId: string;
  disabled?: boolean;
  onEnter?: () => void;
}) {
  const draft = useSelector(actor, (s) => s.context.draft);
  const { error, describedBy, errorText } = useField(actor, prefix);
  return (
    <div className="contact-form__field">
      <label htmlFor={`${prefix}-message`}>
        <FormattedMessage id={labelId} />
      </label>
      <textarea
        id={`${prefix}-message`}
        name="message"
        rows={3}
        maxLength={2000}
        required
        value={draft}
        readOnly={disabled}
        aria-invalid={error('message') ? true : undefined}
        aria-describedby={describedBy('message')}
        onChange={(e) => actor.send({ type: 'user.change', field: 'draft', value: e.target.value })}
        onKeyDown={(e) => {
          // Enter sends, Shift+Enter is a new line.
          if (onEnter && e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            onEnter();
          }
        }}
      />
      {errorText('message')}
    </div>
  );
}

function OfflineScreen({ actor, lang }: { actor: Actor; lang: Lang }) {
  const id = useId();
  const hours = useSelector(actor, (s) => s.context.officeHours);
  const name = useSelector(actor, (s) => s.context.name);
  const email = useSelector(actor, (s) => s.context.email);
  const sending = useSelector(actor, selectIsSendingTicket);
  const sent = useSelector(actor, selectTicketSent);
  const failed = useSelector(actor, selectTicketFailed);
  return (
    <div className="live-chat__offline">
      <p className="live-chat__lead">
        <FormattedMessage id="contact.chat.offline" />
      </p>
      <p>
        <OfficeHoursText hours={hours} lang={lang} />
      </p>
      {sent ? (
        <p className="contact-form__success" role="status">
          <FormattedMessage id="chat.widget.ticketSent" />
        </p>
      ) : (
        <form
          className="live-chat__form"
          noValidate
          aria-busy={sending}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'user.sendTicket' });
          }}
        >
          <p className="live-chat__hint">
            <FormattedMessage id="chat.widget.offlineHint" />
          </p>
          <NameEmailFields actor={actor} prefix={`${id}-t`} />
          <DraftField actor={actor} prefix={`${id}-t`} labelId="contact.form.message" />
          {failed ? (
            <p className="contact-form__error" role="alert">
              <FormattedMessage id="chat.widget.ticketFailed" />
            </p>
          ) : null}
          <div className="live-chat__actions">
            <button type="submit" className="button" disabled={sending}>
              <FormattedMessage id="chat.widget.sendTicket" />
            </button>
            <a className="button button--ghost" href={consultationLink({ name, email })}>
              <FormattedMessage id="contact.chat.bookCall" />
            </a>
          </div>
        </form>
      )}
    </div>
  );
}

function DetailsScreen({ actor }: { actor: Actor }) {
  const id = useId();
  const consent = useSelector(actor, (s) => s.context.consent);
  const starting = useSelector(actor, selectIsStarting);
  const failed = useSelector(actor, selectStartFailed);
  const { error, describedBy, errorText } = useField(actor, id);
  return (
    <form
      className="live-chat__form"
      noValidate
      aria-busy={starting}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'user.start' });
      }}
    >
      <p className="live-chat__lead">
        <FormattedMessage id="chat.widget.online" />
      </p>
      <NameEmailFields actor={actor} prefix={id} />
      <DraftField actor={actor} prefix={id} labelId="chat.widget.firstMessage" />
      <div className="live-chat__consent">
        <input
          id={`${id}-consent`}
          type="checkbox"
          checked={consent}
          aria-invalid={error('consent') ? true : undefined}
          aria-describedby={describedBy('consent')}
          onChange={(e) => actor.send({ type: 'user.toggleConsent', value: e.target.checked })}
        />
        <label htmlFor={`${id}-consent`}>
          <FormattedMessage
            id="chat.widget.consent"
            values={{
              link: (chunks) => (
                <a href="/legal/privacy-policy" target="_blank" rel="noopener">
                  {chunks}
                </a>
              ),
            }}
          />
        </label>
      </div>
      {errorText('consent')}
      {failed ? (
        <p className="contact-form__error" role="alert">
          <FormattedMessage id="chat.widget.startFailed" />
        </p>
      ) : null}
      <button type="submit" className="button" disabled={starting}>
        <FormattedMessage id="chat.widget.start" />
      </button>
    </form>
  );
}

function ConversationScreen({ actor, ended }: { actor: Actor; ended: boolean }) {
  const id = useId();
  const intl = useIntl();
  const messages = useSelector(actor, selectMessages);
  const sending = useSelector(actor, selectIsSending);
  const sendFailed = useSelector(actor, selectSendFailed);
  const reconnecting = useSelector(actor, selectIsReconnecting);
  const name = useSelector(actor, (s) => s.context.name);
  const log = useRef<HTMLOListElement>(null);
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(intl.locale === 'nl' ? 'nl-NL' : 'en-GB', {
      timeZone: 'Europe/Amsterdam',
      hour: '2-digit',
      minute: '2-digit',
    });
  return (
    <div className="live-chat__conversation">
      {reconnecting ? (
        <p className="live-chat__status" role="status">
          <FormattedMessage id="chat.widget.reconnecting" />
        </p>
      ) : null}
      <div
        role="log"
        aria-live="polite"
        aria-label={intl.formatMessage({ id: 'chat.widget.logLabel' })}
      >
        <ol ref={log} className="live-chat__log">
          {messages.map((m) => (
            <li key={m.id} className={`live-chat__message live-chat__message--${m.author}`}>
              <span className="live-chat__author">
                {m.author === 'staff' ? (
                  <FormattedMessage id="chat.widget.authorStaff" />
                ) : (
                  name || <FormattedMessage id="chat.widget.authorYou" />
                )}
                <span className="live-chat__time"> {time(m.createdAt)}</span>
              </span>
              <span className="live-chat__text">{m.body}</span>
            </li>
          ))}
        </ol>
      </div>
      {ended ? (
        <div className="live-chat__ended" role="status">
          <p>
            <FormattedMessage id="chat.widget.ended" />
          </p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'user.startNew' })}
          >
            <FormattedMessage id="chat.widget.startNew" />
          </button>
        </div>
      ) : (
        <form
          className="live-chat__composer"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'user.send' });
          }}
        >
          <DraftField
            actor={actor}
            prefix={id}
            labelId="chat.widget.yourMessage"
            disabled={sending}
            onEnter={() => actor.send({ type: 'user.send' })}
          />
          {sendFailed ? (
            <p className="contact-form__error" role="alert">
              <FormattedMessage id="chat.widget.sendFailed" />
            </p>
          ) : null}
          <button type="submit" className="button" disabled={sending}>
            <FormattedMessage id="chat.widget.send" />
          </button>
        </form>
      )}
    </div>
  );
}
