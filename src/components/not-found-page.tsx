import { FormattedMessage } from 'react-intl';

/** Shown for every unknown path; the server answers it with status 404. */
export function NotFoundPage() {
  return (
    <main id="main" className="page page--center">
      <section className="page-intro" data-hero>
        <p className="status-code" aria-hidden="true">
          404
        </p>
        <h1>
          <FormattedMessage id="page.notFound.title" />
        </h1>
        <p className="page-intro__lead">
          <FormattedMessage id="page.notFound.intro" />
        </p>
        <p>
          {/* A plain link: the page's script keeps no link component for the rare 404. */}
          <a href="/" className="button">
            <FormattedMessage id="common.cta.home" />
          </a>
        </p>
      </section>
    </main>
  );
}
