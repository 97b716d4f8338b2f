// The frame of every landing-page section: an id for anchors, a heading and an optional intro.

import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

export function Section({
  id,
  className,
  titleId,
  introId,
  children,
}: {
  id: string;
  className?: string;
  titleId: string;
  introId?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      className={`landing-section ${className ?? ''}`}
      aria-labelledby={`${id}-title`}
    >
      <div className="landing-section__inner">
        <h2 id={`${id}-title`} className="landing-section__title">
          <FormattedMessage id={titleId} />
        </h2>
        {introId ? (
          <p className="landing-section__intro">
            <FormattedMessage id={introId} />
          </p>
        ) : null}
        {children}
      </div>
    </section>
  );
}

/** The smart quiz in its own section, after the deep dive (the spec's section order stays intact). */
export function QuizSection({ quiz }: { quiz: ReactNode }) {
  return (
    <Section
      id="quiz"
      className="landing-quiz landing-section--tinted"
      titleId="landing.quiz.title"
      introId="landing.quiz.intro"
    >
      <div className="landing-quiz__card">{quiz}</div>
    </Section>
  );
}
