import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Lang } from '#domain/language.ts';
import { liveChatMachine } from '#machines/live-chat/live-chat.machine.ts';
import { selectMessages, selectScreen } from '#machines/live-chat/live-chat.selectors.ts';
import { LiveChatPanel } from './live-chat-panel.tsx';

/**
 * The floating chat of every public page (loaded by ChatLauncher once the visitor has scrolled):
 * the chat button while `closed`, else a panel with a heading and a close button. Escape closes;
 * focus moves into the panel on opening and back to the button on closing.
 */
export default function LiveChatWidget({ lang }: { lang: Lang }) {
  const intl = useIntl();
  const id = useId();
  const actor = useActorRef(liveChatMachine, { input: { lang } });
  const screen = useSelector(actor, selectScreen);
  const unread = useSelector(actor, selectMessages).length;
  const button = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const wasOpen = useRef(false);
  const open = screen !== 'closed';

  // Escape closes, wherever the focus is (a sent form may have taken it away with it).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') actor.send({ type: 'user.close' });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, actor]);

  useEffect(() => {
    if (open && !wasOpen.current) heading.current?.focus();
    if (!open && wasOpen.current) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <aside
      className={`live-chat live-chat--floating${open ? ' live-chat--open' : ''}`}
      aria-label={intl.formatMessage({ id: 'chat.widget.label' })}
    >
      {open ? (
        <div
          id={`${id}-panel`}
          className="live-chat__panel"
          role="dialog"
          aria-modal="false"
          aria-labelledby={`${id}-title`}
        >
          <div className="live-chat__header">
            <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="live-chat__title">
              <FormattedMessage id="chat.widget.title" />
            </h2>
            <button
              type="button"
              className="live-chat__close"
              aria-label={intl.formatMessage({ id: 'chat.widget.close' })}
              onClick={() => actor.send({ type: 'user.close' })}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <LiveChatPanel actor={actor} lang={lang} />
        </div>
      ) : (
        <button
          ref={button}
          type="button"
          className="live-chat__launcher button"
          aria-expanded={false}
          data-conversation={unread > 0 ? 'yes' : undefined}
          onClick={() => actor.send({ type: 'user.open' })}
        >
          <FormattedMessage id="chat.widget.open" />
        </button>
      )}
    </aside>
  );
}
