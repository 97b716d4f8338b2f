// The privacy policy (SPEC 2: promises, personal data, other data, purpose and consent, security,
// third parties, automated decisions, cookies, third-party sites, privacy rights, contact table).

import { p, section, ul } from './legal-blocks.ts';
import type { LegalDocument } from './legal-documents.ts';

const P = 'legal.privacy';
export const privacy: LegalDocument = {
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
        rows: [
          'contact',
          'chat',
          'customer',
          'invoice',
          'withdrawal',
          'marketing',
          'applicant',
        ].map((row) => [
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
