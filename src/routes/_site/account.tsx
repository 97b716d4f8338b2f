import { createFileRoute, redirect } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { PageIntro } from '../../components/page-intro.tsx';
import { pageHead } from '../../route-head.ts';
import { AccountArea } from '../../views/account/account-area.tsx';

/**
 * The client area. Whoever is not signed in goes to the sign-in page with `?redirect=/account`;
 * staff have no client records and go to the dashboard. The body is the visitor's own data and
 * renders in the browser.
 */
export const Route = createFileRoute('/_site/account')({
  beforeLoad: async ({ context, location }) => {
    const user = await context.loadUser();
    // Loaded here, not with the route tree: the link builder stays out of every page's entry.
    const { ACCOUNT_PATH } = await import('#domain/links.ts');
    if (!user)
      throw redirect({
        to: '/login',
        search: { redirect: location.href.startsWith(ACCOUNT_PATH) ? location.href : ACCOUNT_PATH },
      });
    if (user.role === 'staff') throw redirect({ to: '/dashboard' });
    return { user };
  },
  head: pageHead('page.account.title', 'page.account.intro'),
  component: Page,
});

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

function Page() {
  const mounted = useSyncExternalStore(noSubscription, inBrowser, onServer);
  return (
    <>
      <PageIntro titleId="page.account.title" introId="page.account.intro" />
      <div className="account-page">{mounted ? <AccountArea /> : null}</div>
    </>
  );
}
