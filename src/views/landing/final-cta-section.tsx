// Landing page (SPEC screen 1): the final call to action beside the planner: the trust signals.
// Static: the page keeps the server's HTML of it (src/routes/index.tsx). The spots left this month
// are their own island (spots-left.tsx): a cached page must not keep an old figure.

import { LANDING_STATS } from '#domain/landing-stats.ts';
import { FormattedMessage, useIntl } from 'react-intl';

const TRUST = ['experience', 'clients', 'satisfaction', 'vat'] as const;

/** The final call to action's copy and trust signals. */
export function FinalCtaCopy() {
  const intl = useIntl();
  return (
    <div className="landing-cta__copy">
      <h2 id="planner-title" className="landing-section__title">
        <FormattedMessage id="landing.cta.title" />
      </h2>
      <p className="landing-section__intro">
        <FormattedMessage id="landing.cta.intro" />
      </p>
      <ul className="landing-trust">
        {TRUST.map((key) => (
          <li key={key}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" fill="currentColor" />
            </svg>
            <FormattedMessage
              id={`landing.cta.trust.${key}`}
              values={{
                years: LANDING_STATS.yearsExperience,
                clients: LANDING_STATS.websitesBuilt,
                percent: intl.formatNumber(LANDING_STATS.satisfactionPercent, {
                  maximumFractionDigits: 1,
                }),
              }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
