import { HomeLogoLink } from './logo.tsx';
import { LanguageSelector } from './language-selector.tsx';
import { AccountLink } from './account-link.tsx';

/** The minimal pages' slim header: logo, account link, language (src/components/minimal-header.tsx). */
export function MinimalHeaderBar() {
  return (
    <header className="minimal-header">
      <HomeLogoLink />
      <div className="minimal-header__actions">
        <AccountLink className="minimal-header__account" />
        <LanguageSelector />
      </div>
    </header>
  );
}
