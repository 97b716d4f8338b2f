import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { Logo } from './logo.tsx';
import { PaymentMethods } from './payment-methods.tsx';
import { ChatLauncher } from '../views/live-chat/chat-launcher.tsx';
import { useI18n } from '../i18n/use-i18n.ts';

const LEGAL_LINKS = [
  { to: '/legal/overview', id: 'footer.legal.overview' },
  { to: '/legal/terms-and-conditions', id: 'footer.legal.terms' },
  { to: '/legal/privacy-policy', id: 'footer.legal.privacy' },
  { to: '/legal/cookie-policy', id: 'footer.legal.cookies' },
  { to: '/legal/sla', id: 'footer.legal.sla' },
  { to: '/legal/aup', id: 'footer.legal.aup' },
] as const;

const COMPANY_LINKS = [
  { to: '/pricing', id: 'footer.company.pricing' },
  { to: '/about', id: 'footer.company.about' },
  { to: '/contact', id: 'footer.company.contact' },
] as const;

export function SiteFooter() {
  const intl = useIntl();
  const { lang } = useI18n();
  return (
    <>
      <footer className="site-footer">
        <div className="site-footer__inner">
          <div className="site-footer__brand">
            <Link to="/" aria-label={intl.formatMessage({ id: 'header.logo.label' })}>
              <Logo />
            </Link>
            <p className="site-footer__tagline">
              <FormattedMessage id="footer.tagline" />
            </p>
          </div>
          <nav aria-labelledby="footer-company">
            <h2 id="footer-company" className="site-footer__heading">
              <FormattedMessage id="footer.company.heading" />
            </h2>
            <ul>
              {COMPANY_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>
                    <FormattedMessage id={link.id} />
                  </Link>
                </li>
              ))}
              <li>
                {/* A server route (it redirects to the sign-in page), so a plain link, not the router. */}
                <a href="/api/auth/login">
                  <FormattedMessage id="footer.company.clientLogin" />
                </a>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-legal">
            <h2 id="footer-legal" className="site-footer__heading">
              <FormattedMessage id="footer.legal.heading" />
            </h2>
            <ul>
              {LEGAL_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>
                    <FormattedMessage id={link.id} />
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="site-footer__payments">
          <PaymentMethods />
        </div>
        <p className="site-footer__copyright">
          <FormattedMessage id="footer.copyright" values={{ year: 2026 }} />
        </p>
      </footer>
      {/* Beside the footer, not in it: the chat is its own top-level landmark. */}
      <ChatLauncher lang={lang} />
    </>
  );
}
