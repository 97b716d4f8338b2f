import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { chatInboxMachine } from '#machines/chat-inbox/chat-inbox.machine.ts';
import { ChatLog, chatTime, sendOnEnter } from '../live-chat/chat-log.tsx';
import { FormAlert, FormField, submitWith } from '../shared/form-field.tsx';

type Actor = ActorRefFrom<typeof chatInboxMachine>;

/** The staff inbox page: renders a running chat-inbox machine. */
export function ChatInbox() {
  const actor = useActorRef(chatInboxMachine);
  return <ChatInboxView actor={actor} />;
}

/**
 * The list (newest first, unread counts), the open conversation with reply and close, the
 * availability switch and the sound switch. New conversations are counted in the page title.
 */
export function ChatInboxView({ actor }: { actor: Actor }) {
  const intl = useIntl();
  const id = useId();
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const selected = context.conversations.find((c) => c.id === context.selectedId) ?? null;

  // The page title announces new conversations until they are opened.
  const announced = context.announced.length;
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = announced > 0 ? `(${announced}) ${base}` : base;
  }, [announced]);

  const sending = snapshot.matches({ thread: 'sending' });
  // The chart takes a reply or a close only once the thread is loaded and nothing is under way;
  // the buttons say so rather than swallow a click (a busy machine loads slowly).
  const canAct = snapshot.matches({ thread: 'open' }) || snapshot.matches({ thread: 'sendFailed' });

  return (
    <div className="chat-inbox">
      <div className="chat-inbox__switches">
        <label className="chat-inbox__switch">
          <input
            type="checkbox"
            role="switch"
            checked={context.available ?? false}
            disabled={!snapshot.matches({ availability: 'ready' })}
            onChange={(e) => actor.send({ type: 'user.setAvailable', available: e.target.checked })}
          />{' '}
          <FormattedMessage id="dashboard.chat.available" />
        </label>
        <label className="chat-inbox__switch">
          <input
            type="checkbox"
            role="switch"
            checked={context.soundOn}
            onChange={() => actor.send({ type: 'user.toggleSound' })}
          />{' '}
          <FormattedMessage id="dashboard.chat.sound" />
        </label>
        <p className="chat-inbox__announce" role="status">
          {announced > 0 ? (
            <FormattedMessage id="dashboard.chat.newConversations" values={{ count: announced }} />
          ) : null}
        </p>
      </div>
      {snapshot.matches({ inbox: 'failed' }) || snapshot.matches({ availability: 'failed' }) ? (
        <p className="contact-form__error" role="alert">
          <FormattedMessage id="dashboard.chat.loadFailed" />{' '}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'user.retry' })}
          >
            <FormattedMessage id="dashboard.chat.retry" />
          </button>
        </p>
      ) : null}
      <div className="chat-inbox__layout">
        <section aria-labelledby={`${id}-list`} className="chat-inbox__list">
          <h2 id={`${id}-list`}>
            <FormattedMessage id="dashboard.chat.conversations" />
          </h2>
          {snapshot.matches({ inbox: 'live' }) && context.conversations.length === 0 ? (
            <p>
              <FormattedMessage id="dashboard.chat.empty" />
            </p>
          ) : null}
          <ul>
            {context.conversations.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className="chat-inbox__item"
                  aria-current={c.id === context.selectedId ? 'true' : undefined}
                  onClick={() => actor.send({ type: 'user.select', id: c.id })}
                >
                  <span className="chat-inbox__name">{c.name}</span>
                  <span className="chat-inbox__meta">
                    {c.email} · {chatTime(c.lastMessageAt, intl.locale, true)} ·{' '}
                    <FormattedMessage id={`dashboard.chat.status.${c.status}`} />
                  </span>
                  {c.unread > 0 ? (
                    <span className="chat-inbox__unread">
                      <FormattedMessage id="dashboard.chat.unread" values={{ count: c.unread }} />
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby={`${id}-thread`} className="chat-inbox__thread">
          <h2 id={`${id}-thread`}>
            {selected ? selected.name : <FormattedMessage id="dashboard.chat.noneSelected" />}
          </h2>
          <FormAlert
            shown={snapshot.matches({ thread: 'loadFailed' })}
            messageId="dashboard.chat.loadFailed"
          />
          {selected ? (
            <>
              <ChatLog
                messages={context.messages}
                withDay
                side={(m) => (m.author === 'staff' ? 'visitor' : 'staff')}
                author={(m) =>
                  m.author === 'staff' ? (
                    <FormattedMessage id="dashboard.chat.you" />
                  ) : (
                    selected.name
                  )
                }
              />
              {selected.status === 'open' ? (
                <form
                  className="live-chat__composer"
                  noValidate
                  onSubmit={submitWith(() => actor.send({ type: 'user.send' }))}
                >
                  <FormField id={`${id}-reply`} labelId="dashboard.chat.reply" block="contact-form">
                    {(control) => (
                      <textarea
                        {...control}
                        rows={3}
                        maxLength={2000}
                        value={context.draft}
                        readOnly={sending}
                        onChange={(e) => actor.send({ type: 'user.change', value: e.target.value })}
                        onKeyDown={sendOnEnter(() => actor.send({ type: 'user.send' }))}
                      />
                    )}
                  </FormField>
                  <FormAlert
                    shown={snapshot.matches({ thread: 'sendFailed' })}
                    messageId="chat.widget.sendFailed"
                  />
                  <div className="live-chat__actions">
                    <button type="submit" className="button" disabled={!canAct}>
                      <FormattedMessage id="dashboard.chat.send" />
                    </button>
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={!canAct}
                      onClick={() => actor.send({ type: 'user.closeConversation' })}
                    >
                      <FormattedMessage id="dashboard.chat.close" />
                    </button>
                  </div>
                </form>
              ) : (
                <p role="status">
                  <FormattedMessage id="dashboard.chat.closed" />
                </p>
              )}
            </>
          ) : null}
        </section>
      </div>
    </div>
  );
}
