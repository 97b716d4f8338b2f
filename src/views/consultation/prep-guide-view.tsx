import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { TitledSection } from '../shared/titled-section.tsx';

const CHECKLIST = ['goal', 'customers', 'examples', 'content', 'pages', 'budget'] as const;

/** The consultation preparation checklist (linked from the confirmation page). */
export function PrepGuideView() {
  return (
    <div className="prep-guide">
      <TitledSection
        className="consultation__card"
        headingId="prep-checklist"
        titleId="prepGuide.checklist.heading"
      >
        <ol className="prep-guide__list">
          {CHECKLIST.map((key) => (
            <li key={key}>
              <FormattedMessage id={`prepGuide.checklist.${key}`} />
            </li>
          ))}
        </ol>
      </TitledSection>
      <TitledSection
        className="consultation__card"
        headingId="prep-during"
        titleId="prepGuide.during.heading"
      >
        <p>
          <FormattedMessage id="prepGuide.during.text" />
        </p>
        <Link to="/schedule-consultation" className="button">
          <FormattedMessage id="prepGuide.cta" />
        </Link>
      </TitledSection>
    </div>
  );
}
