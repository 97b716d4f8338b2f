import { Link } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';

const noSubscription = () => () => {};

/**
 * Whether this browser holds a session, from the `signed_in` hint cookie the server sets beside
 * the HttpOnly session cookie (decision D39B-2). Public pages are cached for everyone, so the
 * server renders the visitor's "Log in"; the browser switches to "My account" once hydrated,
 * without asking the server.
 */
function readSignedInHint(): boolean {
  return /(?:^|;\s*)signed_in=1(?:;|$)/.test(document.cookie);
}

export function useSignedInHint(): boolean {
  return useSyncExternalStore(noSubscription, readSignedInHint, () => false);
}

/**
 * "Log in" to a visitor, "My account" once signed in (API.md section 5): router links, so they
 * work when followed inside the app (`/account` sends staff on to the dashboard).
 */
export function AccountLink({
  className,
  onClick,
}: {
  className?: string | undefined;
  onClick?: (() => void) | undefined;
}) {
  const signedIn = useSignedInHint();
  return signedIn ? (
    <Link to="/account" className={className} onClick={onClick} data-account-link="account">
      <FormattedMessage id="header.account.myAccount" />
    </Link>
  ) : (
    <Link to="/login" className={className} onClick={onClick} data-account-link="login">
      <FormattedMessage id="header.account.login" />
    </Link>
  );
}
