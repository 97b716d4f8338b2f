// The structure of the five legal documents (SPEC section 2, "Legal page structure"): for each
// document its sections in order, and for each section its blocks as catalogue message ids.
// The React pages under /legal/... and the PDF route (api/site/legal-pdf.routes.ts) both render
// from this one list, so the web page and the PDF always have the same text in the same order.
// Pure data, no formatting; each document is in its own file (legal-terms.ts, legal-privacy.ts,
// legal-cookies.ts, legal-sla.ts, legal-aup.ts), built with legal-blocks.ts. Every id must exist
// in locales/en.json and nl.json (src/components/legal/legal-documents.test.ts checks that).

/** A value from the company facts (src/components/legal/company.ts), not from the catalogue. */
export type CompanyField = 'name' | 'address' | 'email' | 'linkedin' | 'kvk' | 'vat';

/** A table cell: a message id, or a company fact. */
export type LegalCell = string | { readonly company: CompanyField };

export type LegalBlock =
  | { readonly kind: 'p'; readonly id: string }
  /** A sub-heading (h3) inside a section. */
  | { readonly kind: 'h3'; readonly id: string }
  | { readonly kind: 'ul'; readonly items: readonly string[] }
  /** A calculation rule, set apart from the running text. */
  | { readonly kind: 'formula'; readonly id: string }
  /** A worked example or aside. */
  | { readonly kind: 'note'; readonly id: string }
  /**
   * A table. `head` holds column headings; the first cell of every row is its row heading.
   * A row with a single cell spans all columns.
   */
  | {
      readonly kind: 'table';
      readonly captionId: string;
      readonly head?: readonly string[];
      readonly rows: readonly (readonly LegalCell[])[];
    };

export interface LegalSection {
  /** Fragment id of the section's heading (links from the table of contents). */
  readonly anchor: string;
  readonly headingId: string;
  readonly blocks: readonly LegalBlock[];
}

export const LEGAL_SLUGS = [
  'terms-and-conditions',
  'privacy-policy',
  'cookie-policy',
  'sla',
  'aup',
] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

/** The documents that also exist as a PDF at /legal/<slug>.pdf. */
export const LEGAL_PDF_SLUGS = ['terms-and-conditions', 'sla', 'aup'] as const;
export type LegalPdfSlug = (typeof LEGAL_PDF_SLUGS)[number];

export interface LegalDocument {
  readonly slug: LegalSlug;
  /** Web path of the page. */
  readonly path: `/legal/${LegalSlug}`;
  /** Hero title and subtitle (the route's staticData keys). */
  readonly titleId: string;
  readonly subtitleId: string;
  /** Description and link text of the document's card on /legal/overview. */
  readonly cardId: string;
  readonly cardLinkId: string;
  readonly pdf: boolean;
  readonly intro: readonly LegalBlock[];
  readonly sections: readonly LegalSection[];
}

/** Shared texts of every legal page and PDF. */
export const LEGAL_COMMON_IDS = {
  updated: 'legal.common.updated',
  toc: 'legal.common.toc',
  pdf: 'legal.common.pdf',
  related: 'legal.common.related',
  overviewLink: 'legal.common.overviewLink',
  pdfPage: 'legal.pdf.page',
  brand: 'app.brand',
} as const;

/** Texts of /legal/overview besides the cards. */
export const LEGAL_OVERVIEW_IDS = {
  intro: 'legal.overview.intro',
  language: 'legal.overview.language',
  cardsLabel: 'legal.overview.cardsLabel',
  pdf: 'legal.overview.pdf',
} as const;
import { aup } from './legal-aup.ts';
import { cookies } from './legal-cookies.ts';
import { privacy } from './legal-privacy.ts';
import { sla } from './legal-sla.ts';
import { terms } from './legal-terms.ts';

export { LEGAL_COMPANY_ON_REQUEST_ID, LEGAL_COMPANY_VIA_FORM_ID } from './legal-privacy.ts';

/** The five documents in the order of the overview and the footer. */
export const LEGAL_DOCUMENTS: readonly LegalDocument[] = [terms, privacy, cookies, sla, aup];

export const LEGAL_DOCUMENT: Readonly<Record<LegalSlug, LegalDocument>> = {
  'terms-and-conditions': terms,
  'privacy-policy': privacy,
  'cookie-policy': cookies,
  sla,
  aup,
};

export function isLegalPdfSlug(value: string): value is LegalPdfSlug {
  return (LEGAL_PDF_SLUGS as readonly string[]).includes(value);
}
