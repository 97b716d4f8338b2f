import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LanguageSelector } from './language-selector.tsx';
import { MAIN_NAV } from './site-nav.ts';
import { HomeLogoLink } from './logo.tsx';
import { AccountLink } from './account-link.tsx';

/**
 * Logo, navigation, language selector, mobile drawer. The header is sticky from the start (so
 * nothing shifts) and turns into the gradient bar once the page's hero (`[data-hero]`) is out of
 * view. Pages show it through its island (src/components/site-header.tsx).
 */
export function SiteHeaderBar() {
  const intl = useIntl();
  const [solid, setSolid] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const hero = document.querySelector('[data-hero]');
    // A page without a hero keeps the plain header.
    if (!hero || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setSolid(!entry?.isIntersecting), {
      threshold: 0,
    });
    observer.observe(hero);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!drawerOpen) return;
    drawerRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setDrawerOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  const closeDrawer = () => setDrawerOpen(false);

  return (
    <header className={`site-header${solid ? ' site-header--solid' : ''}`}>
      <div className="site-header__inner">
        <HomeLogoLink />
        <nav
          className="site-header__nav"
          aria-label={intl.formatMessage({ id: 'header.nav.label' })}
        >
          <ul>
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} activeProps={{ 'aria-current': 'page' }}>
                  <FormattedMessage id={item.id} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <AccountLink className="site-header__account" />
          <Link to="/schedule-consultation" className="button button--small site-header__cta">
            <FormattedMessage id="nav.bookCall" />
          </Link>
          <LanguageSelector />
          <button
            ref={toggleRef}
            type="button"
            className="site-header__menu-toggle"
            aria-expanded={drawerOpen}
            aria-controls="mobile-drawer"
            onClick={() => setDrawerOpen((v) => !v)}
          >
            <span className="visually-hidden">
              <FormattedMessage id={drawerOpen ? 'header.menu.close' : 'header.menu.open'} />
            </span>
            <span aria-hidden="true" className="hamburger" />
          </button>
        </div>
      </div>
      <div
        id="mobile-drawer"
        ref={drawerRef}
        className="mobile-drawer"
        hidden={!drawerOpen}
        role="dialog"
        aria-modal="false"
        aria-label={intl.formatMessage({ id: 'header.menu.label' })}
      >
        <nav aria-label={intl.formatMessage({ id: 'header.nav.mobileLabel' })}>
          <ul>
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} onClick={closeDrawer}>
                  <FormattedMessage id={item.id} />
                </Link>
              </li>
            ))}
            <li>
              <Link to="/schedule-consultation" onClick={closeDrawer}>
                <FormattedMessage id="nav.bookCall" />
              </Link>
            </li>
            <li>
              <AccountLink onClick={closeDrawer} />
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
