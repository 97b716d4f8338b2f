import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';

/** The studio's word mark; sized by CSS so it never shifts the layout. */
export function Logo() {
  return (
    <svg
      className="logo"
      viewBox="0 0 160 32"
      width="160"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="0" y="2" width="28" height="28" rx="8" fill="currentColor" opacity="0.15" />
      <path
        d="M7 10l4 12 3-8 3 8 4-12"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text
        x="36"
        y="22"
        fontSize="16"
        fontWeight="700"
        fill="currentColor"
        fontFamily="Inter, system-ui, sans-serif"
      >
        Webstudio
      </text>
    </svg>
  );
}

/** The word mark as the link home that opens every header (site, minimal pages, staff area). */
export function HomeLogoLink() {
  const intl = useIntl();
  return (
    <Link
      to="/"
      className="site-header__logo"
      aria-label={intl.formatMessage({ id: 'header.logo.label' })}
    >
      <Logo />
    </Link>
  );
}
