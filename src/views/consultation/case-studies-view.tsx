import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';

const STORIES = ['bakery', 'physio'] as const;
const PARTS = ['challenge', 'solution', 'result'] as const;

/** The two customer stories. */
export function CaseStudiesView() {
  return (
    <div className="case-studies">
      {STORIES.map((story) => (
        <article key={story} className="consultation__card" aria-labelledby={`case-${story}`}>
          <h2 id={`case-${story}`}>
            <FormattedMessage id={`caseStudies.${story}.title`} />
          </h2>
          <p className="case-studies__client">
            <FormattedMessage id={`caseStudies.${story}.client`} />
          </p>
          <dl className="case-studies__parts">
            {PARTS.map((part) => (
              <div key={part}>
                <dt>
                  <FormattedMessage id={`caseStudies.${part}`} />
                </dt>
                <dd>
                  <FormattedMessage id={`caseStudies.${story}.${part}`} />
                </dd>
              </div>
            ))}
          </dl>
        </article>
      ))}
      <p>
        <Link to="/schedule-consultation" className="button">
          <FormattedMessage id="caseStudies.cta" />
        </Link>
      </p>
    </div>
  );
}
