import { Outlet, createFileRoute, useMatches } from '@tanstack/react-router';
import { HomeLogoLink } from '../components/logo.tsx';
import { LanguageSelector } from '../components/language-selector.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { AccountLink } from '../components/account-link.tsx';

/** Minimal layout: a slim header (logo and language); the footer is hidden when the route says so. */
export const Route = createFileRoute('/_minimal')({
  component: MinimalLayout,
});

function MinimalLayout() {
  const hideFooter = useMatches({
    select: (matches) => matches.some((m) => m.staticData?.hideFooter === true),
  });
  return (
    <>
      <header className="minimal-header">
        <HomeLogoLink />
        <div className="minimal-header__actions">
          <AccountLink className="minimal-header__account" />
          <LanguageSelector />
        </div>
      </header>
      <main id="main" className="page page--minimal">
        <Outlet />
      </main>
      {hideFooter ? null : <SiteFooter />}
    </>
  );
}
