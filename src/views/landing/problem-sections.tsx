// Landing page, first half (SPEC screen 1): the agitation timeline, the solution bridge, the
// benefits and the journey.

import { DEFAULT_LANG, langFromTag } from '#domain/language.ts';
import { formatMoney } from '#domain/format.ts';
import { LANDING_STATS } from '#domain/landing-stats.ts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Section } from './section.tsx';

const STAT_CARDS = [
  {
    key: 'research',
    figure: `${LANDING_STATS.researchStatPercent}%`,
    bar: LANDING_STATS.researchStatPercent,
  },
  { key: 'credibility', figure: '75%', bar: null },
  { key: 'firstImpression', figure: '0,05 s', bar: null },
] as const;

/** Agitation: what an outdated or missing website costs, as a timeline of three stat cards. */
export function AgitationSection() {
  const intl = useIntl();
  return (
    <Section
      id="problem"
      className="landing-agitation landing-section--tinted"
      titleId="landing.agitation.title"
      introId="landing.agitation.intro"
    >
      <ol className="landing-timeline">
        {STAT_CARDS.map((card) => (
          <li key={card.key} className="landing-card landing-stat">
            <p className="landing-stat__figure">
              {card.key === 'firstImpression'
                ? intl.formatMessage({ id: 'landing.agitation.firstImpression.figure' })
                : card.figure}
            </p>
            <h3 className="landing-card__title">
              <FormattedMessage id={`landing.agitation.${card.key}.title`} />
            </h3>
            <p>
              <FormattedMessage id={`landing.agitation.${card.key}.text`} />
            </p>
            {card.bar !== null ? (
              <div
                className="landing-bar"
                role="meter"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={card.bar}
                aria-label={intl.formatMessage(
                  { id: 'landing.agitation.research.bar' },
                  { percent: card.bar },
                )}
              >
                <span style={{ width: `${card.bar}%` }} />
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** The bridge from the problem to the Total Package. */
export function SolutionBridge() {
  const intl = useIntl();
  return (
    <section id="solution" className="landing-bridge" aria-labelledby="solution-title">
      <div className="landing-section__inner">
        <h2 id="solution-title" className="landing-section__title">
          <FormattedMessage id="landing.bridge.title" />
        </h2>
        <p className="landing-section__intro">
          <FormattedMessage
            id="landing.bridge.text"
            values={{
              price: formatMoney(
                LANDING_STATS.headlinePriceCents,
                langFromTag(intl.locale) ?? DEFAULT_LANG,
              ),
            }}
          />
        </p>
      </div>
    </section>
  );
}

const BENEFITS = ['support', 'system', 'transparency', 'focus'] as const;
const BENEFIT_ICONS: Record<(typeof BENEFITS)[number], string> = {
  support:
    'M12 3a9 9 0 0 0-9 9v5a3 3 0 0 0 3 3h2v-7H5v-1a7 7 0 0 1 14 0v1h-3v7h2a3 3 0 0 0 3-3v-5a9 9 0 0 0-9-9z',
  system: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  transparency:
    'M12 5c-5 0-9 4.5-10 7 1 2.5 5 7 10 7s9-4.5 10-7c-1-2.5-5-7-10-7zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8z',
  focus:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 4a6 6 0 1 1 0 12 6 6 0 0 1 0-12zm0 3a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
};

export function BenefitsSection() {
  return (
    <Section
      id="benefits"
      className="landing-benefits landing-section--tinted"
      titleId="landing.benefits.title"
      introId="landing.benefits.intro"
    >
      <ul className="landing-grid landing-grid--4">
        {BENEFITS.map((key) => (
          <li key={key} className="landing-card">
            <svg
              className="landing-icon"
              width="32"
              height="32"
              viewBox="0 0 24 24"
              aria-hidden="true"
              focusable="false"
            >
              <path d={BENEFIT_ICONS[key]} fill="currentColor" />
            </svg>
            <h3 className="landing-card__title">
              <FormattedMessage id={`landing.benefits.${key}.title`} />
            </h3>
            <p>
              <FormattedMessage id={`landing.benefits.${key}.text`} />
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const JOURNEY = ['signup', 'discovery', 'design', 'feedback', 'launch'] as const;

export function JourneySection() {
  return (
    <Section
      id="journey"
      className="landing-journey"
      titleId="landing.journey.title"
      introId="landing.journey.intro"
    >
      <ol className="landing-steps">
        {JOURNEY.map((key, index) => (
          <li key={key} className="landing-step">
            <span className="landing-step__number" aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h3 className="landing-card__title">
                <FormattedMessage id={`landing.journey.${key}.title`} />
              </h3>
              <p className="landing-step__when">
                <FormattedMessage id={`landing.journey.${key}.when`} />
              </p>
              <p>
                <FormattedMessage id={`landing.journey.${key}.text`} />
              </p>
            </div>
          </li>
        ))}
      </ol>
      <p className="landing-journey__after">
        <FormattedMessage id="landing.journey.after" />
      </p>
    </Section>
  );
}
