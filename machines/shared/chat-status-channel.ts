// The chat status the floating widget learns, handed to whatever else on the page shows it (the
// contact options: SPEC 4 "Chat online status is polled and also pushed by the widget"). A DOM
// event on window, so the two need no shared parent; nothing happens outside a browser.

const CHAT_STATUS_EVENT = 'webstudio:chat-status';

/** Tells the page whether the chat is staffed now. */
export function publishChatStatus(online: boolean): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(CHAT_STATUS_EVENT, { detail: { online } }));
}

/** Calls `listener` with every status published; returns the unsubscribe. */
export function subscribeChatStatus(listener: (online: boolean) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStatus = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (
      detail !== null &&
      typeof detail === 'object' &&
      typeof (detail as { online?: unknown }).online === 'boolean'
    )
      listener((detail as { online: boolean }).online);
  };
  window.addEventListener(CHAT_STATUS_EVENT, onStatus);
  return () => window.removeEventListener(CHAT_STATUS_EVENT, onStatus);
}
