import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Logo } from './logo.tsx';

const LEGAL_LINKS = [
  { to: '/legal/overview', id: 'footer.legal.overview' },
  { to: '/legal/terms-and-conditions', id: 'footer.legal.terms' },
  { to: '/legal/privacy-policy', id: 'footer.legal.privacy' },
  { to: '/legal/cookie-policy', id: 'footer.legal.cookies' },
  { to: '/legal/sla', id: 'footer.legal.sla' },
  { to: '/legal/aup', id: 'footer.legal.aup' },
  // The withdrawal function (issue 42), reachable from every page.
  { to: '/withdraw', id: 'footer.legal.withdraw' },
] as const;

const COMPANY_LINKS = [
  { to: '/pricing', id: 'footer.company.pricing' },
  { to: '/about', id: 'footer.company.about' },
  { to: '/contact', id: 'footer.company.contact' },
] as const;

/** One titled list of footer links (router links, then `children`). */
function FooterNav(props: {
  id: string;
  headingId: string;
  links: ReadonlyArray<{ to: string; id: string }>;
  children?: ReactNode;
}) {
  return (
    <nav aria-labelledby={props.id}>
      <h2 id={props.id} className="site-footer__heading">
        <FormattedMessage id={props.headingId} />
      </h2>
      <ul>
        {props.links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>
              <FormattedMessage id={link.id} />
            </Link>
          </li>
        ))}
        {props.children}
      </ul>
    </nav>
  );
}

/** The footer's content: static, so the browser keeps the server's HTML of it (site-footer.tsx). */
export function SiteFooterContent() {
  const intl = useIntl();
  return (
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
        <FooterNav id="footer-company" headingId="footer.company.heading" links={COMPANY_LINKS}>
          <li>
            {/* The sign-in page itself: the router's link (the server route /api/auth/login was
                caught by the router as a page and gave its 404, issue 39). */}
            <Link to="/login">
              <FormattedMessage id="footer.company.clientLogin" />
            </Link>
          </li>
        </FooterNav>
        <FooterNav id="footer-legal" headingId="footer.legal.heading" links={LEGAL_LINKS} />
      </div>
      <p className="site-footer__copyright">
        <FormattedMessage id="footer.copyright" values={{ year: 2026 }} />
      </p>
    </footer>
  );
}
