import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Lang } from '#domain/language.ts';
import { liveChatMachine } from '#machines/live-chat/live-chat.machine.ts';
import { selectMessages, selectScreen } from '#machines/live-chat/live-chat.selectors.ts';
import { LiveChatPanel } from './live-chat-panel.tsx';

/**
 * What the closed chat button keeps clear of: the guided flows' buttons, every form's send button
 * in the page's content, and anything marked (the order's pay-yearly hint and "Finalize order" with its hint).
 */
const CHAT_AVOID_SELECTOR = '.planner__actions, main [type="submit"], [data-chat-avoid]';
/** The button's distance from the bottom (app.css `.live-chat--floating`) and its clearance. */
const CHAT_BOTTOM_PX = 16;
const CHAT_AVOID_GAP_PX = 8;

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

  const aside = useRef<HTMLElement>(null);
  // The closed button never covers a flow's buttons (the planner's Next, issue 39; a form's send
  // button; "Finalize order" and its hint): while one of them would be under it, it moves up.
  useEffect(() => {
    if (open) return;
    const element = aside.current;
    if (!element) return;
    let frame = 0;
    // The lift now applied: the button's own place is its box moved down by it. Nothing is
    // written when the lift stays, and nothing measured on a page with nothing to avoid: this
    // runs in the frame after every change of the page (a click's next paint, issue 48).
    let applied = 0;
    const place = () => {
      frame = 0;
      const targets = document.querySelectorAll(CHAT_AVOID_SELECTOR);
      let lift = 0;
      if (targets.length > 0) {
        const box = element.getBoundingClientRect();
        const own = {
          left: box.left,
          right: box.right,
          top: box.top + applied,
          bottom: box.bottom + applied,
        };
        for (const target of targets) {
          const rect = target.getBoundingClientRect();
          const overlaps =
            rect.width > 0 &&
            rect.left < own.right &&
            rect.right > own.left &&
            rect.top < own.bottom + CHAT_AVOID_GAP_PX &&
            rect.bottom > own.top - CHAT_AVOID_GAP_PX;
          if (overlaps) lift = Math.max(lift, own.bottom - rect.top + CHAT_AVOID_GAP_PX);
        }
      }
      if (lift === applied) return;
      applied = lift;
      element.style.bottom = lift > 0 ? `${CHAT_BOTTOM_PX + lift}px` : '';
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    place();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer =
      typeof MutationObserver === 'undefined' ? null : new MutationObserver(schedule);
    observer?.observe(document.body, { childList: true, subtree: true });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
      element.style.bottom = '';
    };
  }, [open]);

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
      ref={aside}
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
