import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { TIME_ZONE } from '#domain/format.ts';
import { DEFAULT_LANG, intlLocale, langFromTag } from '#domain/language.ts';

/** A message of a chat as both sides see it. */
export interface ChatLogMessage {
  id: string | number;
  author: 'staff' | 'visitor';
  createdAt: string;
  body: string;
}

/**
 * A conversation's messages as a live region that scrolls to the newest. `side` places a message
 * (the reader's own on the `visitor` side), `author` names its writer; times are Amsterdam time,
 * with the day where `withDay`.
 */
export function ChatLog<M extends ChatLogMessage>({
  messages,
  side,
  author,
  withDay = false,
}: {
  messages: readonly M[];
  side: (message: M) => 'staff' | 'visitor';
  author: (message: M) => ReactNode;
  withDay?: boolean;
}) {
  const intl = useIntl();
  const log = useRef<HTMLOListElement>(null);
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);
  const time = (iso: string) => chatTime(iso, intl.locale, withDay);
  return (
    <div
      role="log"
      aria-live="polite"
      aria-label={intl.formatMessage({ id: 'chat.widget.logLabel' })}
    >
      <ol ref={log} className="live-chat__log">
        {messages.map((m) => (
          <li key={m.id} className={`live-chat__message live-chat__message--${side(m)}`}>
            <span className="live-chat__author">
              {author(m)}
              <span className="live-chat__time"> {time(m.createdAt)}</span>
            </span>
            <span className="live-chat__text">{m.body}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** When a chat message was written, Amsterdam time (hours and minutes, with the day where asked). */
/** A message's time (with `withDay`: its day too) in Amsterdam, in the page's language (`intl.locale`, e.g. `nl-NL`). */
export function chatTime(iso: string, locale: string, withDay = false): string {
  return new Date(iso).toLocaleString(intlLocale(langFromTag(locale) ?? DEFAULT_LANG), {
    timeZone: TIME_ZONE,
    ...(withDay ? { day: 'numeric', month: 'short' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/** A message box's keys: Enter sends, Shift+Enter is a new line. */
export const sendOnEnter = (send: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter' && !event.shiftKey) {
    event.preventDefault();
    send();
  }
};
