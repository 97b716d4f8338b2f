import { useI18n } from '../i18n/use-i18n.ts';
import { island } from './island.tsx';

// The footer is static: pages keep the server's HTML of it and load none of its code.
const SiteFooterContent = island('site-footer', 'static', () =>
  import('./site-footer-content.tsx').then((m) => m.SiteFooterContent),
);
// The payment methods the checkout offers now, asked of the server on every page view (the pages
// are cached, and a method that is not offered must never show): its own island, loaded at the
// visitor's first input (decision D48B-2; near the screen was at load on every short page, with
// the chart and the API client).
const PaymentMethods = island('payment-methods', 'input', () =>
  import('./payment-methods.tsx').then((m) => m.PaymentMethods),
);
// The chat shows nothing until the page is scrolled (SPEC 9): its scroll watch loads at the
// visitor's first input (a scroll among them), and looks at the scroll position at once.
const ChatLauncher = island('chat-launcher', 'input', () =>
  import('../views/live-chat/chat-launcher.tsx').then((m) => m.ChatLauncher),
);

/** Footer of every layout but the dashboard (SPEC 2): its links, payment methods and the chat. */
export function SiteFooter() {
  const { lang } = useI18n();
  return (
    <>
      <SiteFooterContent />
      <div className="site-payments">
        <div className="site-footer__payments">
          <PaymentMethods />
        </div>
      </div>
      {/* Beside the footer, not in it: the chat is its own top-level landmark. */}
      <ChatLauncher lang={lang} />
    </>
  );
}
