import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';

const CHECKLIST = ['goal', 'customers', 'examples', 'content', 'pages', 'budget'] as const;

/** The consultation preparation checklist (linked from the confirmation page). */
export function PrepGuideView() {
  return (
    <div className="prep-guide">
      <section className="consultation__card" aria-labelledby="prep-checklist">
        <h2 id="prep-checklist">
          <FormattedMessage id="prepGuide.checklist.heading" />
        </h2>
        <ol className="prep-guide__list">
          {CHECKLIST.map((key) => (
            <li key={key}>
              <FormattedMessage id={`prepGuide.checklist.${key}`} />
            </li>
          ))}
        </ol>
      </section>
      <section className="consultation__card" aria-labelledby="prep-during">
        <h2 id="prep-during">
          <FormattedMessage id="prepGuide.during.heading" />
        </h2>
        <p>
          <FormattedMessage id="prepGuide.during.text" />
        </p>
        <Link to="/schedule-consultation" className="button">
          <FormattedMessage id="prepGuide.cta" />
        </Link>
      </section>
    </div>
  );
}
