import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { LEGAL_COMMON_IDS, LEGAL_DOCUMENTS, LEGAL_OVERVIEW_IDS } from '#domain/legal-documents.ts';
import { legalPdfHref } from './legal-document.tsx';

/** /legal/overview: a card (title, description, link) for each of the five documents. */
export function LegalOverview() {
  const intl = useIntl();
  return (
    <div className="legal-overview">
      <p>
        <FormattedMessage id={LEGAL_OVERVIEW_IDS.intro} />
      </p>
      <p className="legal-doc__updated">
        <FormattedMessage id={LEGAL_OVERVIEW_IDS.language} />
      </p>
      <ul
        className="legal-cards"
        aria-label={intl.formatMessage({ id: LEGAL_OVERVIEW_IDS.cardsLabel })}
      >
        {LEGAL_DOCUMENTS.map((doc) => (
          <li key={doc.slug} className="legal-card">
            <h2 className="legal-card__title">
              <FormattedMessage id={doc.titleId} />
            </h2>
            <p className="legal-card__description">
              <FormattedMessage id={doc.cardId} />
            </p>
            <p className="legal-card__links">
              <Link to={doc.path} className="legal-card__link">
                <FormattedMessage id={doc.cardLinkId} />
              </Link>
              {doc.pdf ? (
                <a
                  href={legalPdfHref(doc.slug, intl.locale)}
                  type="application/pdf"
                  // the browser's to follow, not the router's (legal-islands.ts)
                  target="_self"
                  className="legal-card__pdf"
                >
                  <FormattedMessage id={LEGAL_OVERVIEW_IDS.pdf} />
                </a>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
      <p className="legal-doc__updated">
        <FormattedMessage id={LEGAL_COMMON_IDS.updated} />
      </p>
    </div>
  );
}
