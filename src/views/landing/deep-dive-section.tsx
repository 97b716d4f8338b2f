// Landing page, the end (SPEC screen 1): the deep dive with the FAQ accordion and the comparison
// table.

import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Section } from './section.tsx';

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
                  <span className="landing-table__label" aria-hidden="true">
                    <FormattedMessage id="landing.compare.total" />:{' '}
                  </span>
                  <FormattedMessage id={`landing.compare.${key}.total`} />
                </td>
                <td>
                  <span className="landing-table__label" aria-hidden="true">
                    <FormattedMessage id="landing.compare.basic" />:{' '}
                  </span>
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
