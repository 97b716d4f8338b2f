import { ChatLauncher } from '../views/live-chat/chat-launcher.tsx';
import { useI18n } from '../i18n/use-i18n.ts';
import { island } from './island.tsx';

// The footer is static: pages keep the server's HTML of it and load none of its code.
const SiteFooterContent = island('site-footer', 'static', () =>
  import('./site-footer-content.tsx').then((m) => m.SiteFooterContent),
);

/** Footer of every layout but the dashboard (SPEC 2): its links, payment methods and the chat. */
export function SiteFooter() {
  const { lang } = useI18n();
  return (
    <>
      <SiteFooterContent />
      {/* Beside the footer, not in it: the chat is its own top-level landmark. */}
      <ChatLauncher lang={lang} />
    </>
  );
}
