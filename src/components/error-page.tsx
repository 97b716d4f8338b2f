import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';

/** A route's error UI: says what happened in the visitor's language, offers a retry and the way home. */
export function ErrorPage({ reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <main id="main" className="page page--center">
      <section className="page-intro">
        <h1>
          <FormattedMessage id="page.error.title" />
        </h1>
        <p className="page-intro__lead">
          <FormattedMessage id="page.error.intro" />
        </p>
        <p>
          <button
            type="button"
            className="button"
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            <FormattedMessage id="page.error.retry" />
          </button>{' '}
          {/* A full load: the way out of a broken page starts afresh. */}
          <a href="/" className="button button--ghost">
            <FormattedMessage id="common.cta.home" />
          </a>
        </p>
      </section>
    </main>
  );
}
