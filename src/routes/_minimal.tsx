import { Outlet, createFileRoute, useMatches } from '@tanstack/react-router';
import { MinimalHeader } from '../components/minimal-header.tsx';
import { SiteFooter } from '../components/site-footer.tsx';

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
      <MinimalHeader />
      <main id="main" className="page page--minimal">
        <Outlet />
      </main>
      {hideFooter ? null : <SiteFooter />}
    </>
  );
}
