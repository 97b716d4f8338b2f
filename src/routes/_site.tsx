import { Outlet, createFileRoute } from '@tanstack/react-router';
import { SiteFooter } from '../components/site-footer.tsx';
import { SiteHeader } from '../components/site-header.tsx';

/** Default layout: header, content, footer. */
export const Route = createFileRoute('/_site')({
  component: DefaultLayout,
});

function DefaultLayout() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="page">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
