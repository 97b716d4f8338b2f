import { lazy, Suspense, useEffect, useState } from 'react';
import type { Lang } from '#domain/language.ts';

/** SPEC 9: the chat widget is loaded after scrolling more than this many pixels. */
export const CHAT_SCROLL_THRESHOLD_PX = 300;

// A separate chunk: no chat code in a page's initial JavaScript (dynamic import).
const LiveChatWidget = lazy(() => import('./live-chat-widget.tsx'));

/**
 * Mounts the floating live chat once the page has been scrolled past CHAT_SCROLL_THRESHOLD_PX
 * (SPEC 2 footer). Only this scroll watch is in the footer's bundle; once loaded it stays.
 */
export function ChatLauncher({ lang }: { lang: Lang }) {
  const [load, setLoad] = useState(false);
  useEffect(() => {
    if (load) return;
    const check = () => {
      if (window.scrollY > CHAT_SCROLL_THRESHOLD_PX) setLoad(true);
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [load]);
  if (!load) return null;
  return (
    <Suspense fallback={null}>
      <LiveChatWidget lang={lang} />
    </Suspense>
  );
}
