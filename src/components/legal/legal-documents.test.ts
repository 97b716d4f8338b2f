import { describe, expect, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import {
  LEGAL_COMMON_IDS,
  LEGAL_COMPANY_ON_REQUEST_ID,
  LEGAL_COMPANY_VIA_FORM_ID,
  LEGAL_DOCUMENTS,
  LEGAL_OVERVIEW_IDS,
  LEGAL_PDF_SLUGS,
  LEGAL_SLUGS,
  type LegalBlock,
} from '#domain/legal-documents.ts';
import { companyFacts } from './company.ts';

function blockIds(block: LegalBlock): string[] {
  switch (block.kind) {
    case 'ul':
      return [...block.items];
    case 'table':
      return [
        block.captionId,
        ...(block.head ?? []),
        ...block.rows.flatMap((row) =>
          row.filter((cell): cell is string => typeof cell === 'string'),
        ),
      ];
    default:
      return [block.id];
  }
}

/** Every message id that domain/legal-documents.ts refers to. */
function referencedIds(): string[] {
  const ids = [
    ...Object.values(LEGAL_COMMON_IDS),
    ...Object.values(LEGAL_OVERVIEW_IDS),
    LEGAL_COMPANY_ON_REQUEST_ID,
    LEGAL_COMPANY_VIA_FORM_ID,
  ];
  for (const doc of LEGAL_DOCUMENTS) {
    ids.push(doc.titleId, doc.subtitleId, doc.cardId, doc.cardLinkId);
    ids.push(...doc.intro.flatMap(blockIds));
    for (const section of doc.sections)
      ids.push(section.headingId, ...section.blocks.flatMap(blockIds));
  }
  return ids;
}

const catalogues = { en: en as Record<string, string>, nl: nl as Record<string, string> };

describe('legal documents', () => {
  const ids = referencedIds();

  it.each(Object.keys(catalogues) as Array<keyof typeof catalogues>)(
    'every referenced message exists in %s',
    (lang) => {
      const missing = ids.filter((id) => !(catalogues[lang][id] ?? '').trim());
      expect(missing).toEqual([]);
    },
  );

  it('uses every legal.* key of the catalogue', () => {
    const used = new Set(ids);
    const unused = Object.keys(catalogues.en).filter(
      (id) => id.startsWith('legal.') && !used.has(id),
    );
    expect(unused).toEqual([]);
  });

  it('has the five documents with unique section anchors, three of them as PDF', () => {
    expect(LEGAL_DOCUMENTS.map((doc) => doc.slug)).toEqual([...LEGAL_SLUGS]);
    expect(LEGAL_DOCUMENTS.filter((doc) => doc.pdf).map((doc) => doc.slug)).toEqual([
      ...LEGAL_PDF_SLUGS,
    ]);
    for (const doc of LEGAL_DOCUMENTS) {
      const anchors = doc.sections.map((section) => section.anchor);
      expect(new Set(anchors).size).toBe(anchors.length);
    }
  });

  it('follows the SPEC section order of the terms, privacy policy, cookie policy and SLA', () => {
    const anchors = (slug: string) =>
      LEGAL_DOCUMENTS.find((doc) => doc.slug === slug)?.sections.map((s) => s.anchor);
    expect(anchors('terms-and-conditions')).toEqual([
      'agreement',
      'external-conditions',
      'account',
      'maintenance-and-backups',
      'upgrades-and-domains',
      'payments-and-price',
      'use-of-services',
      'rights-and-data',
      'termination',
    ]);
    expect(anchors('privacy-policy')).toEqual([
      'promises',
      'personal-data',
      'other-data',
      'purpose-and-consent',
      'security',
      'third-parties',
      'automated-decisions',
      'cookies',
      'third-party-sites',
      'privacy-rights',
      'contact',
    ]);
    expect(anchors('cookie-policy')?.slice(0, 3)).toEqual(['functional', 'analytics', 'marketing']);
    expect(anchors('sla')?.slice(0, 2)).toEqual(['webhosting', 'other-services']);
    expect(anchors('aup')).toEqual(['scope', 'maintenance', 'support', 'other-terms']);
  });

  it('keeps the PDF texts free of the ĳ ligature, which the built-in PDF fonts cannot show', () => {
    for (const lang of ['en', 'nl'] as const) {
      const bad = ids.filter((id) => catalogues[lang][id]?.includes('\u0133'));
      expect(bad).toEqual([]);
    }
  });
});

describe('company facts', () => {
  it('shows nothing made up when nothing is configured', () => {
    expect(companyFacts({})).toEqual({
      name: 'Webstudio',
      address: null,
      email: null,
      linkedin: null,
      kvk: null,
      vat: null,
    });
  });

  it('takes configured values and rejects malformed email and LinkedIn values', () => {
    const facts = companyFacts({
      VITE_COMPANY_NAME: ' Webstudio ',
      VITE_COMPANY_KVK: '87654321',
      VITE_COMPANY_EMAIL: 'not an address',
      VITE_COMPANY_LINKEDIN: 'http://linkedin.com/in/x',
    });
    expect(facts.name).toBe('Webstudio');
    expect(facts.kvk).toBe('87654321');
    expect(facts.email).toBeNull();
    expect(facts.linkedin).toBeNull();
    expect(
      companyFacts({ VITE_COMPANY_LINKEDIN: 'https://www.linkedin.com/company/webstudio' })
        .linkedin,
    ).toBe('https://www.linkedin.com/company/webstudio');
  });

  // Issue 42: the terms say how to withdraw (the button), the 14 days, the exceptions and the
  // startNow consequence; the privacy policy what a withdrawal keeps. Texts written out here.
  it.each([
    [
      'en',
      [
        'Withdraw from contract here',
        'Confirm withdrawal here',
        'within 14 days',
        'A domain name already registered in your name at your request is not refunded',
        'minus the days already used, pro rata',
      ],
    ],
    [
      'nl',
      [
        'Overeenkomst hier herroepen',
        'Herroeping hier bevestigen',
        '14 dagen',
        'domeinnaam',
        'naar rato',
      ],
    ],
  ] as const)(
    '%s: the terms say how to withdraw, until when and what is not refunded',
    (lang, texts) => {
      const terms = LEGAL_DOCUMENTS.find((doc) =>
        doc.sections.some((s) =>
          s.blocks.some((b) => blockIds(b).includes('legal.terms.termination.withdrawal')),
        ),
      )!;
      const said = terms.sections
        .flatMap((section) => section.blocks.flatMap(blockIds))
        .map((id) => catalogues[lang][id] ?? '')
        .join('\n');
      for (const text of texts) expect(said, text).toContain(text);
      expect(catalogues[lang]['legal.privacy.personal.withdrawalData']).toBeTruthy();
    },
  );
});
