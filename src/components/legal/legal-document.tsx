import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  LEGAL_COMMON_IDS,
  LEGAL_COMPANY_ON_REQUEST_ID,
  LEGAL_COMPANY_VIA_FORM_ID,
  LEGAL_DOCUMENT,
  LEGAL_DOCUMENTS,
  type CompanyField,
  type LegalBlock,
  type LegalCell,
  type LegalDocument,
  type LegalSlug,
} from '#domain/legal-documents.ts';
import { COMPANY } from './company.ts';

/** Pages with at least this many sections get a table of contents. */
const TOC_MIN_SECTIONS = 5;

/** `/legal/<slug>.pdf` in the language of the page. */
export function legalPdfHref(slug: LegalSlug, locale: string): string {
  return `/legal/${slug}.pdf?lang=${locale.toLowerCase().startsWith('nl') ? 'nl' : 'en'}`;
}

/** One legal document (SPEC section 2, "Legal page structure"), rendered from domain/legal-documents.ts. */
export function LegalDocumentView({ slug }: { slug: LegalSlug }) {
  const doc = LEGAL_DOCUMENT[slug];
  const intl = useIntl();
  return (
    <article className="legal-doc">
      <div className="legal-doc__meta">
        <p className="legal-doc__updated">
          <FormattedMessage id={LEGAL_COMMON_IDS.updated} />
        </p>
        {doc.pdf ? (
          <p className="legal-doc__pdf">
            {/* `_self`: the browser's to follow, not the router's (legal-islands.ts) */}
            <a href={legalPdfHref(slug, intl.locale)} type="application/pdf" target="_self">
              <FormattedMessage id={LEGAL_COMMON_IDS.pdf} />
            </a>
          </p>
        ) : null}
      </div>
      <div className="legal-doc__intro">
        <LegalBlocks blocks={doc.intro} />
      </div>
      {doc.sections.length >= TOC_MIN_SECTIONS ? <LegalToc doc={doc} /> : null}
      {doc.sections.map((section, index) => (
        <section key={section.anchor} className="legal-section" aria-labelledby={section.anchor}>
          <h2 id={section.anchor}>
            {index + 1}. <FormattedMessage id={section.headingId} />
          </h2>
          <LegalBlocks blocks={section.blocks} />
        </section>
      ))}
      <RelatedDocuments current={slug} />
    </article>
  );
}

function LegalToc({ doc }: { doc: LegalDocument }) {
  const headingId = `${doc.slug}-toc`;
  return (
    <nav className="legal-toc" aria-labelledby={headingId}>
      <h2 id={headingId} className="legal-toc__heading">
        <FormattedMessage id={LEGAL_COMMON_IDS.toc} />
      </h2>
      <ol>
        {doc.sections.map((section) => (
          <li key={section.anchor}>
            <a href={`#${section.anchor}`}>
              <FormattedMessage id={section.headingId} />
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function RelatedDocuments({ current }: { current: LegalSlug }) {
  return (
    <nav className="legal-related" aria-labelledby="legal-related-heading">
      <h2 id="legal-related-heading" className="legal-related__heading">
        <FormattedMessage id={LEGAL_COMMON_IDS.related} />
      </h2>
      <ul>
        {LEGAL_DOCUMENTS.filter((doc) => doc.slug !== current).map((doc) => (
          <li key={doc.slug}>
            <Link to={doc.path}>
              <FormattedMessage id={doc.titleId} />
            </Link>
          </li>
        ))}
        <li>
          <Link to="/legal/overview">
            <FormattedMessage id={LEGAL_COMMON_IDS.overviewLink} />
          </Link>
        </li>
      </ul>
    </nav>
  );
}

export function LegalBlocks({ blocks }: { blocks: readonly LegalBlock[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        <LegalBlockView key={index} block={block} />
      ))}
    </>
  );
}

function LegalBlockView({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case 'p':
      return (
        <p>
          <FormattedMessage id={block.id} />
        </p>
      );
    case 'h3':
      return (
        <h3>
          <FormattedMessage id={block.id} />
        </h3>
      );
    case 'ul':
      return (
        <ul className="legal-list">
          {block.items.map((id) => (
            <li key={id}>
              <FormattedMessage id={id} />
            </li>
          ))}
        </ul>
      );
    case 'formula':
      return (
        <p className="legal-formula">
          <FormattedMessage id={block.id} />
        </p>
      );
    case 'note':
      return (
        <p className="legal-note">
          <FormattedMessage id={block.id} />
        </p>
      );
    case 'table': {
      const columns = block.head?.length ?? Math.max(...block.rows.map((row) => row.length));
      return (
        <div className="legal-table-wrap">
          <table className="legal-table">
            <caption>
              <FormattedMessage id={block.captionId} />
            </caption>
            {block.head ? (
              <thead>
                <tr>
                  {block.head.map((id) => (
                    <th key={id} scope="col">
                      <FormattedMessage id={id} />
                    </th>
                  ))}
                </tr>
              </thead>
            ) : null}
            <tbody>
              {block.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.length === 1 ? (
                    <td colSpan={columns}>
                      <Cell cell={row[0]!} />
                    </td>
                  ) : (
                    row.map((cell, cellIndex) =>
                      cellIndex === 0 ? (
                        <th key={cellIndex} scope="row">
                          <Cell cell={cell} />
                        </th>
                      ) : (
                        <td key={cellIndex}>
                          <Cell cell={cell} />
                        </td>
                      ),
                    )
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
  }
}

function Cell({ cell }: { cell: LegalCell }) {
  return typeof cell === 'string' ? (
    <FormattedMessage id={cell} />
  ) : (
    <CompanyValue field={cell.company} />
  );
}

/** A company fact from company.ts; never a made-up value. */
export function CompanyValue({ field }: { field: CompanyField }) {
  const value = COMPANY[field];
  if (field === 'email') {
    return value ? (
      <a href={`mailto:${value}`}>{value}</a>
    ) : (
      <Link to="/contact">
        <FormattedMessage id={LEGAL_COMPANY_VIA_FORM_ID} />
      </Link>
    );
  }
  if (field === 'linkedin' && value) {
    return (
      <a href={value} rel="noopener noreferrer">
        {value.replace(/^https:\/\/(www\.)?/i, '').replace(/\/$/, '')}
      </a>
    );
  }
  return value ? <>{value}</> : <FormattedMessage id={LEGAL_COMPANY_ON_REQUEST_ID} />;
}
