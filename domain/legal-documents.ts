// The structure of the five legal documents (SPEC section 2, "Legal page structure"): for each
// document its sections in order, and for each section its blocks as catalogue message ids.
// The React pages under /legal/... and the PDF route (api/routes/legal-pdf.routes.ts) both render
// from this one list, so the web page and the PDF always have the same text in the same order.
// Pure data: no imports, no formatting. Every id must exist in locales/en.json and nl.json
// (src/components/legal/legal-documents.test.ts checks that).

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

const p = (id: string): LegalBlock => ({ kind: 'p', id });
const h3 = (id: string): LegalBlock => ({ kind: 'h3', id });
const ul = (...items: string[]): LegalBlock => ({ kind: 'ul', items });
const formula = (id: string): LegalBlock => ({ kind: 'formula', id });
const note = (id: string): LegalBlock => ({ kind: 'note', id });
const section = (
  prefix: string,
  anchor: string,
  key: string,
  blocks: readonly string[] | readonly LegalBlock[],
) => ({
  anchor,
  headingId: `${prefix}.${key}.heading`,
  blocks: blocks.map((b) => (typeof b === 'string' ? p(b) : b)),
});

const T = 'legal.terms';
const terms: LegalDocument = {
  slug: 'terms-and-conditions',
  path: '/legal/terms-and-conditions',
  titleId: 'page.legalTerms.title',
  subtitleId: 'page.legalTerms.subtitle',
  cardId: 'legal.overview.card.terms',
  cardLinkId: 'legal.overview.link.terms',
  pdf: true,
  intro: [p(`${T}.intro`)],
  sections: [
    section(T, 'agreement', 'agreement', [
      p(`${T}.agreement.parties`),
      p(`${T}.agreement.start`),
      p(`${T}.agreement.consumers`),
      h3(`${T}.agreement.termHeading`),
      p(`${T}.agreement.term`),
      p(`${T}.agreement.termYearly`),
      h3(`${T}.agreement.lawHeading`),
      p(`${T}.agreement.law`),
    ]),
    section(T, 'external-conditions', 'external', [
      p(`${T}.external.intro`),
      ul(
        `${T}.external.domains`,
        `${T}.external.ssl`,
        `${T}.external.payments`,
        `${T}.external.software`,
      ),
      p(`${T}.external.conflict`),
    ]),
    section(T, 'account', 'account', [
      p(`${T}.account.intro`),
      ul(
        `${T}.account.passwords`,
        `${T}.account.responsible`,
        `${T}.account.misuse`,
        `${T}.account.registrant`,
      ),
      p(`${T}.account.handover`),
    ]),
    section(T, 'maintenance-and-backups', 'maintenance', [
      `${T}.maintenance.updates`,
      `${T}.maintenance.backups`,
      `${T}.maintenance.ownCopy`,
      `${T}.maintenance.support`,
    ]),
    section(T, 'upgrades-and-domains', 'upgrades', [
      p(`${T}.upgrades.upgrade`),
      p(`${T}.upgrades.downgrade`),
      h3(`${T}.upgrades.domainsHeading`),
      ul(
        `${T}.upgrades.domainTerm`,
        `${T}.upgrades.domainOwner`,
        `${T}.upgrades.domainNoRefund`,
        `${T}.upgrades.domainExpiry`,
        `${T}.upgrades.domainTransfer`,
      ),
      h3(`${T}.upgrades.sslHeading`),
      ul(`${T}.upgrades.sslTerm`, `${T}.upgrades.sslIncluded`),
    ]),
    section(T, 'payments-and-price', 'payments', [
      `${T}.payments.currency`,
      `${T}.payments.vat`,
      `${T}.payments.vatEnd`,
      `${T}.payments.invoices`,
      `${T}.payments.suspend`,
      `${T}.payments.priceChange`,
      `${T}.payments.refunds`,
    ]),
    section(T, 'use-of-services', 'use', [
      p(`${T}.use.aup`),
      p(`${T}.use.limits`),
      p(`${T}.use.enforcement`),
      h3(`${T}.use.liabilityHeading`),
      p(`${T}.use.liabilityCare`),
      p(`${T}.use.liabilityBusiness`),
      p(`${T}.use.liabilityLimits`),
    ]),
    section(T, 'rights-and-data', 'rights', [
      p(`${T}.rights.design`),
      p(`${T}.rights.thirdParty`),
      p(`${T}.rights.content`),
      p(`${T}.rights.processor`),
      ul(
        `${T}.rights.processorInstructions`,
        `${T}.rights.processorSecure`,
        `${T}.rights.processorBreach`,
        `${T}.rights.processorEnd`,
      ),
      p(`${T}.rights.processorDpa`),
    ]),
    section(T, 'termination', 'termination', [
      h3(`${T}.termination.withdrawalHeading`),
      p(`${T}.termination.withdrawal`),
      p(`${T}.termination.withdrawalExceptions`),
      p(`${T}.termination.withdrawalStarted`),
      h3(`${T}.termination.noticeHeading`),
      p(`${T}.termination.notice`),
      p(`${T}.termination.byUs`),
      p(`${T}.termination.after`),
    ]),
  ],
};

const P = 'legal.privacy';
const privacy: LegalDocument = {
  slug: 'privacy-policy',
  path: '/legal/privacy-policy',
  titleId: 'page.legalPrivacy.title',
  subtitleId: 'page.legalPrivacy.subtitle',
  cardId: 'legal.overview.card.privacy',
  cardLinkId: 'legal.overview.link.privacy',
  pdf: false,
  intro: [p(`${P}.intro`)],
  sections: [
    section(P, 'promises', 'promises', [
      ul(
        `${P}.promises.minimal`,
        `${P}.promises.noSale`,
        `${P}.promises.noTracking`,
        `${P}.promises.secure`,
        `${P}.promises.control`,
      ),
    ]),
    section(P, 'personal-data', 'personal', [
      p(`${P}.personal.intro`),
      {
        kind: 'table',
        captionId: `${P}.personal.caption`,
        head: [
          `${P}.personal.colData`,
          `${P}.personal.colPurpose`,
          `${P}.personal.colBasis`,
          `${P}.personal.colRetention`,
        ],
        rows: ['contact', 'customer', 'invoice', 'marketing', 'applicant'].map((row) => [
          `${P}.personal.${row}Data`,
          `${P}.personal.${row}Purpose`,
          `${P}.personal.${row}Basis`,
          `${P}.personal.${row}Retention`,
        ]),
      },
    ]),
    section(P, 'other-data', 'other', [`${P}.other.crash`, `${P}.other.logs`, `${P}.other.hosted`]),
    section(P, 'purpose-and-consent', 'purpose', [
      `${P}.purpose.only`,
      `${P}.purpose.consent`,
      `${P}.purpose.required`,
    ]),
    section(P, 'security', 'security', [
      p(`${P}.security.intro`),
      ul(
        `${P}.security.tls`,
        `${P}.security.passwords`,
        `${P}.security.access`,
        `${P}.security.updates`,
      ),
      p(`${P}.security.breach`),
    ]),
    section(P, 'third-parties', 'third', [
      p(`${P}.third.intro`),
      ul(
        `${P}.third.payments`,
        `${P}.third.hosting`,
        `${P}.third.registries`,
        `${P}.third.tools`,
        `${P}.third.address`,
        `${P}.third.accountant`,
      ),
      p(`${P}.third.agreements`),
    ]),
    section(P, 'automated-decisions', 'automated', [`${P}.automated.text`]),
    section(P, 'cookies', 'cookies', [`${P}.cookies.text`]),
    section(P, 'third-party-sites', 'sites', [`${P}.sites.text`]),
    section(P, 'privacy-rights', 'rights', [
      p(`${P}.rights.intro`),
      ul(
        `${P}.rights.access`,
        `${P}.rights.rectify`,
        `${P}.rights.erase`,
        `${P}.rights.restrict`,
        `${P}.rights.portability`,
        `${P}.rights.object`,
        `${P}.rights.withdraw`,
      ),
      p(`${P}.rights.how`),
    ]),
    section(P, 'contact', 'contact', [
      p(`${P}.contact.intro`),
      {
        kind: 'table',
        captionId: `${P}.contact.caption`,
        rows: [
          [`${P}.contact.company`, { company: 'name' }],
          [`${P}.contact.address`, { company: 'address' }],
          [`${P}.contact.email`, { company: 'email' }],
          [`${P}.contact.linkedin`, { company: 'linkedin' }],
          [`${P}.contact.kvk`, { company: 'kvk' }],
          [`${P}.contact.vat`, { company: 'vat' }],
        ],
      },
    ]),
  ],
};

/** Shown by the contact table when a company number is not configured. */
export const LEGAL_COMPANY_ON_REQUEST_ID = `${P}.contact.onRequest`;
/** Shown instead of an email address when none is configured (a link to the contact form). */
export const LEGAL_COMPANY_VIA_FORM_ID = `${P}.contact.viaForm`;

const C = 'legal.cookies';
const cookieHead = [`${C}.colName`, `${C}.colType`, `${C}.colPurpose`, `${C}.colDuration`];
const cookies: LegalDocument = {
  slug: 'cookie-policy',
  path: '/legal/cookie-policy',
  titleId: 'page.legalCookies.title',
  subtitleId: 'page.legalCookies.subtitle',
  cardId: 'legal.overview.card.cookies',
  cardLinkId: 'legal.overview.link.cookies',
  pdf: false,
  intro: [p(`${C}.intro`)],
  sections: [
    section(C, 'functional', 'functional', [
      p(`${C}.functional.intro`),
      {
        kind: 'table',
        captionId: `${C}.functional.caption`,
        head: cookieHead,
        rows: [
          [
            `${C}.functional.localeCookie`,
            `${C}.typeCookie`,
            `${C}.functional.localeCookiePurpose`,
            `${C}.functional.localeCookieDuration`,
          ],
          [
            `${C}.functional.localeStorage`,
            `${C}.typeLocal`,
            `${C}.functional.localeStoragePurpose`,
            `${C}.functional.untilCleared`,
          ],
          [
            `${C}.functional.session`,
            `${C}.typeCookie`,
            `${C}.functional.sessionPurpose`,
            `${C}.functional.sessionDuration`,
          ],
          [
            `${C}.functional.planner`,
            `${C}.typeLocal`,
            `${C}.functional.plannerPurpose`,
            `${C}.functional.untilCleared`,
          ],
          [
            `${C}.functional.order`,
            `${C}.typeLocal`,
            `${C}.functional.orderPurpose`,
            `${C}.functional.untilCleared`,
          ],
          [
            `${C}.functional.booking`,
            `${C}.typeSession`,
            `${C}.functional.bookingPurpose`,
            `${C}.functional.bookingDuration`,
          ],
        ],
      },
      p(`${C}.functional.embedded`),
    ]),
    section(C, 'analytics', 'analytics', [
      p(`${C}.analytics.text`),
      {
        kind: 'table',
        captionId: `${C}.analytics.caption`,
        head: cookieHead,
        rows: [[`${C}.analytics.none`]],
      },
    ]),
    section(C, 'marketing', 'marketing', [
      p(`${C}.marketing.text`),
      {
        kind: 'table',
        captionId: `${C}.marketing.caption`,
        head: cookieHead,
        rows: [[`${C}.marketing.none`]],
      },
    ]),
    section(C, 'billing-client-area', 'client', [
      p(`${C}.client.text`),
      {
        kind: 'table',
        captionId: `${C}.client.caption`,
        head: cookieHead,
        rows: ['sessionId', 'rememberMe', 'affiliateId', 'linkId'].map((row) => [
          `${C}.client.${row}`,
          `${C}.typeCookie`,
          `${C}.client.${row}Purpose`,
          `${C}.client.${row}Duration`,
        ]),
      },
    ]),
    section(C, 'deleting-cookies', 'delete', [`${C}.delete.how`, `${C}.delete.effect`]),
    section(C, 'last-updated', 'updated', [`${C}.updated.text`]),
  ],
};

const S = 'legal.sla';
const sla: LegalDocument = {
  slug: 'sla',
  path: '/legal/sla',
  titleId: 'page.legalSla.title',
  subtitleId: 'page.legalSla.subtitle',
  cardId: 'legal.overview.card.sla',
  cardLinkId: 'legal.overview.link.sla',
  pdf: true,
  intro: [p(`${S}.intro`)],
  sections: [
    section(S, 'webhosting', 'hosting', [
      p(`${S}.hosting.uptime`),
      p(`${S}.hosting.definition`),
      ul(
        `${S}.hosting.exclMaintenance`,
        `${S}.hosting.exclCustomer`,
        `${S}.hosting.exclExternal`,
        `${S}.hosting.exclAttack`,
      ),
      h3(`${S}.hosting.formulaHeading`),
      p(`${S}.hosting.formula`),
      formula(`${S}.hosting.formulaText`),
      p(`${S}.hosting.maximum`),
      note(`${S}.hosting.example`),
      p(`${S}.hosting.credit`),
    ]),
    section(S, 'other-services', 'other', [
      p(`${S}.other.scope`),
      formula(`${S}.other.formulaText`),
      p(`${S}.other.details`),
      note(`${S}.other.example`),
    ]),
    section(S, 'support', 'support', [
      ul(`${S}.support.hours`, `${S}.support.response`, `${S}.support.outages`),
    ]),
    section(S, 'planned-maintenance', 'maintenance', [
      `${S}.maintenance.notice`,
      `${S}.maintenance.urgent`,
    ]),
  ],
};

const A = 'legal.aup';
const aup: LegalDocument = {
  slug: 'aup',
  path: '/legal/aup',
  titleId: 'page.legalAup.title',
  subtitleId: 'page.legalAup.subtitle',
  cardId: 'legal.overview.card.aup',
  cardLinkId: 'legal.overview.link.aup',
  pdf: true,
  intro: [p(`${A}.intro`)],
  sections: [
    section(A, 'scope', 'scope', [
      p(`${A}.scope.intro`),
      ul(
        `${A}.scope.hosting`,
        `${A}.scope.email`,
        `${A}.scope.domains`,
        `${A}.scope.panel`,
        `${A}.scope.users`,
      ),
      h3(`${A}.scope.prohibitedHeading`),
      ul(
        `${A}.scope.illegal`,
        `${A}.scope.spam`,
        `${A}.scope.malware`,
        `${A}.scope.load`,
        `${A}.scope.resale`,
      ),
      p(`${A}.scope.limits`),
    ]),
    section(A, 'maintenance', 'maintenance', [
      `${A}.maintenance.ours`,
      `${A}.maintenance.yours`,
      `${A}.maintenance.passwords`,
    ]),
    section(A, 'support', 'support', [
      `${A}.support.hours`,
      `${A}.support.scope`,
      `${A}.support.mail`,
    ]),
    section(A, 'other-terms', 'other', [
      `${A}.other.enforcement`,
      `${A}.other.report`,
      `${A}.other.changes`,
    ]),
  ],
};

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
