// Landing page, second half (SPEC screen 1): social proof and risk reversal (the final call to
// action is in final-cta-section.tsx).

import { LANDING_STATS } from '#domain/landing-stats.ts';
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
      className="landing-proof landing-section--tinted"
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
