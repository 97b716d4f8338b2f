import { Outlet, createFileRoute, useMatches } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { SiteFooter } from '../components/site-footer.tsx';
import { SiteHeader } from '../components/site-header.tsx';

/** Legal layout: header, a hero whose title and subtitle come from the route's keys, content, footer. */
export const Route = createFileRoute('/_legal')({
  component: LegalLayout,
});

function LegalLayout() {
  const keys = useMatches({
    select: (matches) => {
      const leaf = [...matches].reverse().find((m) => m.staticData?.titleId);
      return { titleId: leaf?.staticData?.titleId, subtitleId: leaf?.staticData?.subtitleId };
    },
  });
  return (
    <>
      <SiteHeader />
      <main id="main" className="page page--legal">
        <section className="legal-hero" data-hero>
          <div className="legal-hero__inner">
            {keys.titleId ? (
              <h1>
                <FormattedMessage id={keys.titleId} />
              </h1>
            ) : null}
            {keys.subtitleId ? (
              <p className="legal-hero__subtitle">
                <FormattedMessage id={keys.subtitleId} />
              </p>
            ) : null}
          </div>
        </section>
        <div className="legal-content">
          <Outlet />
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
