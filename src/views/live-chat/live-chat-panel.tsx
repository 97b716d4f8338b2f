import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { consultationLink } from '#domain/links.ts';
import type { Lang } from '#domain/language.ts';
import type { liveChatMachine } from '#machines/live-chat/live-chat.machine.ts';
import {
  selectAvailableNow,
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
import { ContactFields } from '../shared/contact-fields.tsx';
import { FormAlert, FormField, submitWith, useFocusStaysIn } from '../shared/form-field.tsx';
import { ChatLog, sendOnEnter } from './chat-log.tsx';
import { OfficeHoursText } from './office-hours-text.tsx';

type Actor = ActorRefFrom<typeof liveChatMachine>;

const CONTROLS = 'input, textarea, select, button, a[href]';

/**
 * The live-chat widget's content for a running live-chat actor: one screen per phase of the
 * machine. Incoming messages are announced by the log's live region; text is shown as text.
 */
export function LiveChatPanel({ actor, lang }: { actor: Actor; lang: Lang }) {
  const screen = useSelector(actor, selectScreen);
  // A screen that replaces the one holding the focus (the chat has started, staff ended it, a new
  // chat is asked for) hands it to its first control; a resumed chat takes nothing.
  const focus = useFocusStaysIn<HTMLDivElement>(screen, CONTROLS);
  return (
    <div className="live-chat__body" {...focus}>
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

function NameEmailFields({ actor, prefix }: { actor: Actor; prefix: string }) {
  const name = useSelector(actor, (s) => s.context.name);
  const email = useSelector(actor, (s) => s.context.email);
  const errors = useSelector(actor, selectFieldErrors);
  return (
    <ContactFields
      idPrefix={prefix}
      block="contact-form"
      labels={{ name: 'contact.form.name', email: 'contact.form.email' }}
      name={name}
      email={email}
      errors={errors}
      required
      onNameChange={(value) => actor.send({ type: 'user.change', field: 'name', value })}
      onEmailChange={(value) => actor.send({ type: 'user.change', field: 'email', value })}
    />
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
  const errors = useSelector(actor, selectFieldErrors);
  return (
    <FormField
      id={`${prefix}-message`}
      labelId={labelId}
      error={errors.message}
      block="contact-form"
    >
      {(control) => (
        <textarea
          {...control}
          name="message"
          rows={3}
          maxLength={2000}
          required
          value={draft}
          readOnly={disabled}
          onChange={(e) =>
            actor.send({ type: 'user.change', field: 'draft', value: e.target.value })
          }
          onKeyDown={onEnter ? sendOnEnter(onEnter) : undefined}
        />
      )}
    </FormField>
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
  // Someone came online while this screen was open (the status is asked every 60 s).
  const available = useSelector(actor, selectAvailableNow);
  return (
    <div className="live-chat__offline">
      <p className="live-chat__lead" role="status">
        <FormattedMessage id={available ? 'chat.widget.availableNow' : 'contact.chat.offline'} />
      </p>
      {available ? (
        <p>
          <button
            type="button"
            className="button"
            onClick={() => actor.send({ type: 'user.chatNow' })}
          >
            <FormattedMessage id="chat.widget.start" />
          </button>
        </p>
      ) : null}
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
          onSubmit={submitWith(() => actor.send({ type: 'user.sendTicket' }))}
        >
          <p className="live-chat__hint">
            <FormattedMessage id="chat.widget.offlineHint" />
          </p>
          <NameEmailFields actor={actor} prefix={`${id}-t`} />
          <DraftField actor={actor} prefix={`${id}-t`} labelId="contact.form.message" />
          <FormAlert shown={failed} messageId="chat.widget.ticketFailed" />
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
  const consentError = useSelector(actor, selectFieldErrors).consent;
  return (
    <form
      className="live-chat__form"
      noValidate
      aria-busy={starting}
      onSubmit={submitWith(() => actor.send({ type: 'user.start' }))}
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
          aria-invalid={consentError ? true : undefined}
          aria-describedby={consentError ? `${id}-consent-error` : undefined}
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
      {consentError ? (
        <p id={`${id}-consent-error`} className="contact-form__error">
          <FormattedMessage id={consentError} />
        </p>
      ) : null}
      <FormAlert shown={failed} messageId="chat.widget.startFailed" />
      <button type="submit" className="button" disabled={starting}>
        <FormattedMessage id="chat.widget.start" />
      </button>
    </form>
  );
}

function ConversationScreen({ actor, ended }: { actor: Actor; ended: boolean }) {
  const id = useId();
  const messages = useSelector(actor, selectMessages);
  const sending = useSelector(actor, selectIsSending);
  const sendFailed = useSelector(actor, selectSendFailed);
  const reconnecting = useSelector(actor, selectIsReconnecting);
  const name = useSelector(actor, (s) => s.context.name);
  return (
    <div className="live-chat__conversation">
      {reconnecting ? (
        <p className="live-chat__status" role="status">
          <FormattedMessage id="chat.widget.reconnecting" />
        </p>
      ) : null}
      <ChatLog
        messages={messages}
        side={(m) => m.author}
        author={(m) =>
          m.author === 'staff' ? (
            <FormattedMessage id="chat.widget.authorStaff" />
          ) : (
            name || <FormattedMessage id="chat.widget.authorYou" />
          )
        }
      />
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
          onSubmit={submitWith(() => actor.send({ type: 'user.send' }))}
        >
          <DraftField
            actor={actor}
            prefix={id}
            labelId="chat.widget.yourMessage"
            disabled={sending}
            onEnter={() => actor.send({ type: 'user.send' })}
          />
          <FormAlert shown={sendFailed} messageId="chat.widget.sendFailed" />
          <button type="submit" className="button" disabled={sending}>
            <FormattedMessage id="chat.widget.send" />
          </button>
        </form>
      )}
    </div>
  );
}
