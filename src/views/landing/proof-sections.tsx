// Landing page, second half (SPEC screen 1): social proof, risk reversal and the final call to
// action with the planner and the remaining spots.

import { LANDING_STATS } from '#domain/landing-stats.ts';
import { MAX_SPOTS, remainingSpots } from '#domain/scarcity.ts';
import { type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Section } from './section.tsx';

const STORIES = ['bakery', 'physio'] as const;

/** Four client marks drawn as text logos (no external images). */
const CLIENT_MARKS = [
  { name: 'Bakkerij Vos', shape: 'circle', color: '#8a4b08' },
  { name: 'FysioPunt', shape: 'square', color: '#0f7b6c' },
  { name: 'Studio Noord', shape: 'triangle', color: '#1d3fbf' },
  { name: 'Groen & Co', shape: 'leaf', color: '#2f6b1f' },
] as const;

function ClientMark({ mark }: { mark: (typeof CLIENT_MARKS)[number] }) {
  const shape =
    mark.shape === 'circle' ? (
      <circle cx="14" cy="16" r="10" fill={mark.color} />
    ) : mark.shape === 'square' ? (
      <rect x="4" y="6" width="20" height="20" rx="4" fill={mark.color} />
    ) : mark.shape === 'triangle' ? (
      <path d="M14 5l11 21H3z" fill={mark.color} />
    ) : (
      <path d="M5 27C5 13 13 5 26 5c0 13-8 22-21 22z" fill={mark.color} />
    );
  return (
    <svg
      className="landing-logo"
      width="168"
      height="32"
      viewBox="0 0 168 32"
      role="img"
      aria-label={mark.name}
    >
      {shape}
      <text x="34" y="22" fontSize="15" fontWeight="700" fill="#14213d" fontFamily="inherit">
        {mark.name}
      </text>
    </svg>
  );
}

export function SocialProofSection() {
  const intl = useIntl();
  const percent = new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 1 }).format(
    LANDING_STATS.satisfactionPercent,
  );
  return (
    <Section
      id="proof"
      className="landing-proof"
      titleId="landing.proof.title"
      introId="landing.proof.intro"
    >
      <dl className="landing-figures">
        <div>
          <dt>
            <FormattedMessage id="landing.proof.websites" />
          </dt>
          <dd>{`${LANDING_STATS.websitesBuilt}+`}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="landing.proof.launch" />
          </dt>
          <dd>
            <FormattedMessage
              id="landing.proof.launchValue"
              values={{ weeks: LANDING_STATS.averageLaunchWeeks }}
            />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="landing.proof.satisfaction" />
          </dt>
          <dd>{`${percent}%`}</dd>
        </div>
      </dl>
      <div className="landing-grid landing-grid--2">
        {STORIES.map((key) => (
          <figure key={key} className="landing-card landing-story">
            <blockquote>
              <p>
                <FormattedMessage id={`landing.proof.${key}.quote`} />
              </p>
            </blockquote>
            <figcaption>
              <strong>
                <FormattedMessage id={`landing.proof.${key}.author`} />
              </strong>
              <span>
                <FormattedMessage id={`landing.proof.${key}.context`} />
              </span>
            </figcaption>
          </figure>
        ))}
      </div>
      <h3 className="landing-logos__title">
        <FormattedMessage id="landing.proof.logos" />
      </h3>
      <ul className="landing-logos">
        {CLIENT_MARKS.map((mark) => (
          <li key={mark.name}>
            <ClientMark mark={mark} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

const PROMISES = ['guarantee', 'launch', 'support'] as const;

export function RiskReversalSection() {
  return (
    <Section
      id="promise"
      className="landing-promise"
      titleId="landing.promise.title"
      introId="landing.promise.intro"
    >
      <ul className="landing-grid landing-grid--3">
        {PROMISES.map((key) => (
          <li key={key} className="landing-card">
            <h3 className="landing-card__title">
              <FormattedMessage id={`landing.promise.${key}.title`} />
            </h3>
            <p>
              <FormattedMessage id={`landing.promise.${key}.text`} />
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const TRUST = ['experience', 'clients', 'satisfaction', 'vat'] as const;

/** The final call to action: the planner, trust signals and the remaining-spots counter. */
export function FinalCtaSection({ planner, today }: { planner: ReactNode; today: Date }) {
  const intl = useIntl();
  const spots = remainingSpots(today);
  return (
    <section id="planner" className="landing-section landing-cta" aria-labelledby="planner-title">
      <div className="landing-section__inner landing-cta__inner">
        <div className="landing-cta__copy">
          <h2 id="planner-title" className="landing-section__title">
            <FormattedMessage id="landing.cta.title" />
          </h2>
          <p className="landing-section__intro">
            <FormattedMessage id="landing.cta.intro" />
          </p>
          <p className="landing-spots" role="note">
            <FormattedMessage id="landing.cta.spots" values={{ spots, max: MAX_SPOTS }} />
          </p>
          <ul className="landing-trust">
            {TRUST.map((key) => (
              <li key={key}>
                <svg
                  width="18"
                  height="18"
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  focusable="false"
                >
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
        <div className="landing-cta__planner">{planner}</div>
      </div>
    </section>
  );
}
