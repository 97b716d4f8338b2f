import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** The hero of an ordinary page: its heading (the page's title key) and an introduction. */
export function PageIntro({
  titleId,
  introId,
  children,
}: {
  titleId: string;
  introId?: string;
  children?: ReactNode;
}) {
  return (
    <section className="page-intro" data-hero>
      <h1>
        <FormattedMessage id={titleId} />
      </h1>
      {introId ? (
        <p className="page-intro__lead">
          <FormattedMessage id={introId} />
        </p>
      ) : null}
      {children}
    </section>
  );
}
