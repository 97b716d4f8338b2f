import { Link } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { readSignedInHint } from './signed-in-hint.ts';

const noSubscription = () => () => {};

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
