import { DEFAULT_LANG, langFromTag } from '#domain/language.ts';
import { Link } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '#domain/format.ts';
import { LANDING_STATS } from '#domain/landing-stats.ts';
import { MAX_SPOTS, remainingSpots } from '#domain/scarcity.ts';

function Section({
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
      className="landing-agitation"
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
      className="landing-benefits"
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

export const FAQ_KEYS = [
  'whatIncluded',
  'howLong',
  'ownership',
  'content',
  'changes',
  'domain',
  'email',
  'contract',
  'existingSite',
] as const;

/** FAQ accordion: one answer open at a time (opening one closes the other). */
export function FaqAccordion() {
  const [open, setOpen] = useState<string | null>(FAQ_KEYS[0]);
  const base = useId();
  return (
    <div className="landing-faq">
      {FAQ_KEYS.map((key) => {
        const expanded = open === key;
        const buttonId = `${base}-${key}-button`;
        const panelId = `${base}-${key}-panel`;
        return (
          <div key={key} className="landing-faq__item">
            <h3 className="landing-faq__question">
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : key)}
              >
                <FormattedMessage id={`landing.faq.${key}.q`} />
                <span className="landing-faq__icon" aria-hidden="true">
                  {expanded ? '−' : '+'}
                </span>
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="landing-faq__answer"
            >
              <p>
                <FormattedMessage id={`landing.faq.${key}.a`} />
              </p>
            </div>
          </div>
        );
      })}
    </div>
  );
}

export const COMPARISON_ROWS = [
  'design',
  'setup',
  'hosting',
  'email',
  'domain',
  'ssl',
  'backups',
  'updates',
  'support',
  'changes',
  'seo',
  'time',
] as const;

export function DeepDiveSection() {
  return (
    <Section
      id="deep-dive"
      className="landing-deep"
      titleId="landing.deep.title"
      introId="landing.deep.intro"
    >
      <h3 className="landing-deep__heading" id="faq-title">
        <FormattedMessage id="landing.faq.title" />
      </h3>
      <FaqAccordion />
      <h3 className="landing-deep__heading" id="compare-title">
        <FormattedMessage id="landing.compare.title" />
      </h3>
      <div
        className="landing-table-wrap"
        role="region"
        aria-labelledby="compare-title"
        tabIndex={0}
      >
        <table className="landing-table">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="landing.compare.feature" />
              </th>
              <th scope="col">
                <FormattedMessage id="landing.compare.total" />
              </th>
              <th scope="col">
                <FormattedMessage id="landing.compare.basic" />
              </th>
            </tr>
          </thead>
          <tbody>
            {COMPARISON_ROWS.map((key) => (
              <tr key={key}>
                <th scope="row">
                  <FormattedMessage id={`landing.compare.${key}.feature`} />
                </th>
                <td>
                  <FormattedMessage id={`landing.compare.${key}.total`} />
                </td>
                <td>
                  <FormattedMessage id={`landing.compare.${key}.basic`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="landing-deep__actions">
        <Link to="/get-started" className="button">
          <FormattedMessage id="landing.deep.getStarted" />
        </Link>
      </p>
    </Section>
  );
}

/** The smart quiz in its own section, after the deep dive (the spec's section order stays intact). */
export function QuizSection({ quiz }: { quiz: ReactNode }) {
  return (
    <Section
      id="quiz"
      className="landing-quiz"
      titleId="landing.quiz.title"
      introId="landing.quiz.intro"
    >
      <div className="landing-quiz__card">{quiz}</div>
    </Section>
  );
}
