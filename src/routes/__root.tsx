import {
  HeadContent,
  Outlet,
  Scripts,
  createRootRouteWithContext,
  useRouter,
} from '@tanstack/react-router';
import { useEffect } from 'react';
import { RawIntlProvider } from 'react-intl';
import type { RouterContext } from '../router.tsx';
import { ClientHead } from '../client-head.tsx';
import { useI18n, useRenderedLang } from '../i18n/use-i18n.ts';
import { LANGS } from '#domain/language.ts';

// The server renders the head and the hydration scripts with TanStack's components; the browser
// with the head's tags only (src/client-head.tsx), and no scripts: its `Scripts` renders none
// there (we give the router no script assets). Neither's general code is on every page's critical
// path (decision D48E-1).
const Head = import.meta.env.SSR ? HeadContent : ClientHead;
const BodyScripts = import.meta.env.SSR ? Scripts : () => null;

export const Route = createRootRouteWithContext<RouterContext>()({
  head: ({ match, matches }) => {
    const { intl, lang } = match.context.i18n.get();
    const origin = match.context.origin;
    const leaf = matches[matches.length - 1];
    const path = leaf?.pathname ?? '/';
    const href = (l: string) => `${origin}${path}?lang=${l}`;
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { name: 'theme-color', content: '#1d3fbf' },
        { name: 'description', content: intl.formatMessage({ id: 'app.description' }) },
        { property: 'og:locale', content: lang === 'nl' ? 'nl_NL' : 'en_GB' },
        { title: intl.formatMessage({ id: 'app.brand' }) },
      ],
      links: [
        { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
        ...LANGS.map((l) => ({ rel: 'alternate', hrefLang: l, href: href(l) })),
        { rel: 'alternate', hrefLang: 'x-default', href: `${origin}${path}` },
      ],
    };
  },
  component: RootDocument,
});

function RootDocument() {
  const { lang, intl } = useI18n();
  const renderedLang = useRenderedLang();
  const router = useRouter();
  const i18n = Route.useRouteContext({ select: (c) => c.i18n });
  useEffect(() => {
    // The page has hydrated: what the visitor did before (held by src/boot.ts) is given to it now.
    (window as { __releaseEarlyInput?: () => void }).__releaseEarlyInput?.();
    // A saved language, the fonts' watch (src/after-hydration.ts).
    void import('../after-hydration.ts').then((m) => {
      m.applySavedLanguage(router, i18n);
      m.watchFonts(router);
    });
  }, [router, i18n]);
  return (
    // data-rendered-lang: the language of the server's HTML, which the client hydrates in
    // (src/entry-client.tsx); `lang` follows the visitor's choice afterwards.
    <html lang={lang} data-rendered-lang={renderedLang}>
      <head>
        <Head />
      </head>
      <body>
        <RawIntlProvider value={intl}>
          <a className="skip-link" href="#main">
            {intl.formatMessage({ id: 'app.skipToContent' })}
          </a>
          <Outlet />
        </RawIntlProvider>
        <BodyScripts />
      </body>
    </html>
  );
}
