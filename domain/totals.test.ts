import { describe, it, expect, vi } from 'vitest';
import {
  checkPlans,
  computeQuote,
  productIdsOf,
  quoteLineName,
  storedLineName,
  type Quote,
  type QuoteInput,
} from './totals.ts';

// 10:00 in Amsterdam on 5 January 2025.
const today = new Date('2025-01-05T09:00:00Z');

function quote(input: Partial<QuoteInput> & Pick<QuoteInput, 'plans'>): Quote {
  const result = computeQuote({ interval: 'monthly', today, lang: 'en', ...input });
  if (!result.ok) throw new Error(`quote refused: ${result.error.code}`);
  return result.quote;
}

describe('computeQuote: lines', () => {
  it('includes always-selected options and orders one-time, monthly, yearly, then by price', () => {
    const q = quote({
      plans: [
        'domain_managed',
        'webHosting_total',
        'branding_full',
        'growthCall_monthly',
        'seo_booster',
      ],
    });
    expect(q.lines.map((l) => l.id)).toEqual([
      'branding_full',
      'seo_booster',
      'techConcierge_free',
      'webHosting_total',
      'growthCall_monthly',
      'domain_managed',
    ]);
    expect(q.lines[0]).toEqual({
      id: 'branding_full',
      productId: 37,
      displayName: 'Full Branding',
      billing: 'oneTime',
      price: 79000,
      kind: 'plan',
    });
  });

  it('names lines in the requested language', () => {
    const q = quote({ plans: ['webHosting_total'], lang: 'nl' });
    expect(q.lines.find((l) => l.id === 'webHosting_total')?.displayName).toBe(
      'Compleet Websitepakket',
    );
  });

  it("quoteLineName names every kind of line as the other language's quote does", () => {
    const inputs: Array<Partial<QuoteInput> & Pick<QuoteInput, 'plans'>> = [
      {
        plans: ['webHosting_total', 'branding_full'],
        domain: { name: 'anna.nl', type: 'register' },
      },
      { plans: ['webHosting_total'], domain: { name: 'anna.nl', type: 'transfer' } },
      { plans: ['webHosting_total'], domain: { name: 'anna.nl', type: 'external' } },
      { plans: ['webHosting_total'], domain: { name: '', type: 'none', consultation: true } },
      {
        plans: ['webHosting_total'],
        coupon: {
          code: 'EXIT10',
          kind: 'percent',
          value: 10,
          appliesTo: 'firstPayment',
          planIds: ['webHosting_total', 'webHosting_pro'],
        },
      },
    ];
    const kinds = new Set<string>();
    for (const input of inputs) {
      const en = quote({ ...input, lang: 'en' });
      const nl = quote({ ...input, lang: 'nl' });
      for (const [i, line] of en.lines.entries()) {
        kinds.add(line.kind);
        expect(quoteLineName(line, 'nl')).toBe(nl.lines[i]!.displayName);
        expect(quoteLineName(nl.lines[i]!, 'en')).toBe(line.displayName);
      }
    }
    expect([...kinds].sort()).toEqual([
      'consultation',
      'discount',
      'domain-registration',
      'domain-transfer',
      'external-domain',
      'no-domain',
      'plan',
    ]);
  });

  it('names an internationalised domain in its Unicode form, as people write it (M49)', () => {
    // The walk of M49: `bäckerei.de` was checked and shown as such, but the order page, checkout,
    // mail, invoice and account named the line "Domeinregistratie: xn--bckerei-5wa.de".
    const nl = quote({
      plans: ['webHosting_total', 'domain_managed'],
      domain: { name: 'bäckerei.de', type: 'register' },
      lang: 'nl',
    });
    const line = nl.lines.find((l) => l.kind === 'domain-registration')!;
    expect(line.domainName).toBe('xn--bckerei-5wa.de');
    expect(line.displayName).toBe('Domeinregistratie: bäckerei.de');
    // A line stored before, with the ASCII form, is still renamed into the page language.
    expect(
      storedLineName(
        {
          id: line.id,
          domainName: 'xn--bckerei-5wa.de',
          displayName: 'Domeinregistratie: xn--bckerei-5wa.de',
        },
        'en',
      ),
    ).toBe('Domain registration: bäckerei.de');
  });

  it('storedLineName renames a stored line into the page language, and keeps a name it does not know', () => {
    const nl = quote({
      plans: ['webHosting_total'],
      domain: { name: 'anna.nl', type: 'transfer' },
      lang: 'nl',
    });
    const en = quote({
      plans: ['webHosting_total'],
      domain: { name: 'anna.nl', type: 'transfer' },
      lang: 'en',
    });
    // An order line keeps its kind.
    for (const [i, line] of nl.lines.entries())
      expect(storedLineName(line, 'en')).toBe(en.lines[i]!.displayName);
    // A subscription keeps no kind: the transferred domain is still found.
    const domain = nl.lines.find((l) => l.kind === 'domain-transfer')!;
    expect(
      storedLineName(
        { id: domain.id, domainName: 'anna.nl', displayName: domain.displayName },
        'en',
      ),
    ).toBe('Domain transfer: anna.nl');
    expect(storedLineName({ id: 'webHosting_total', displayName: 'Old package name' }, 'en')).toBe(
      'Old package name',
    );
    // A kind the quote no longer gives (or never gave) keeps its stored name instead of failing.
    for (const kind of ['domain-parking', 'toString', '__proto__', ''])
      expect(
        storedLineName(
          { id: 'domain_parking', kind, domainName: 'anna.nl', displayName: 'Domeinparkering' },
          'en',
        ),
      ).toBe('Domeinparkering');
  });

  it('ignores duplicate ids', () => {
    const q = quote({ plans: ['webHosting_total', 'webHosting_total', 'techConcierge_free'] });
    expect(q.lines.map((l) => l.id)).toEqual(['techConcierge_free', 'webHosting_total']);
  });
});

describe('computeQuote: totals', () => {
  const plans = ['webHosting_total', 'domain_managed', 'branding_full'];

  it('sums by billing and adds one month on the monthly interval', () => {
    const q = quote({ plans });
    expect(q.currency).toBe('EUR');
    expect(q.interval).toBe('monthly');
    expect(q.totals).toEqual({
      oneTime: 79000,
      monthly: 3000,
      yearly: 1500,
      vatRate: 0,
      vat: 0,
      dueToday: 83500,
      vatNote: 'kor',
    });
    expect(q.annualMonthly).toBe(36000);
    expect(q.monthsIncluded).toBe(1);
  });

  it('charges twelve months of the monthly plans on the yearly interval', () => {
    const q = quote({ plans, interval: 'yearly' });
    expect(q.totals).toEqual({
      oneTime: 79000,
      monthly: 3000,
      yearly: 1500,
      vatRate: 0,
      vat: 0,
      dueToday: 79000 + 36000 + 1500,
      vatNote: 'kor',
    });
    expect(q.monthsIncluded).toBe(12);
    expect(q.lines.find((l) => l.id === 'webHosting_total')?.price).toBe(3000);
  });

  it('is all integers', () => {
    const q = quote({
      plans: ['webHosting_pro', 'humanContent_business', 'content_strategy', 'branding_premium'],
    });
    const { vatNote: _note, ...amounts } = q.totals;
    for (const value of Object.values(amounts)) expect(Number.isInteger(value)).toBe(true);
    expect(q.totals.dueToday).toBe(249000 + 149000 + 5000 + 45000);
  });

  it('takes its VAT from the one VAT rule (domain/vat.ts): standard scheme, 21%', () => {
    const q = quote({
      plans,
      vat: {
        settings: { scheme: 'standard', korThreshold: 2_000_000, ossThreshold: 1_000_000 },
        customer: { country: 'NL' },
        year: { korTurnover: 0, ossSales: 0 },
      },
    });
    expect(q.totals).toEqual({
      oneTime: 79000,
      monthly: 3000,
      yearly: 1500,
      vatRate: 21,
      vat: 17535,
      dueToday: 101035,
      vatNote: null,
    });
  });
});

describe('computeQuote: next payments', () => {
  it("monthly: next monthly payment a month from today (the billing job's day), yearly a year", () => {
    const q = quote({ plans: ['webHosting_total', 'domain_managed'] });
    expect(q.nextPayments).toEqual({ monthly: '2025-02-05', yearly: '2026-01-05' });
    expect(q.monthlyTermEnd).toBe('2026-01-05');
  });

  it('a month from the 31st is the last day of a shorter month (decision P11)', () => {
    const jan31 = new Date('2025-01-31T10:00:00Z');
    expect(quote({ plans: ['webHosting_total'], today: jan31 }).nextPayments.monthly).toBe(
      '2025-02-28',
    );
    const leap = new Date('2028-01-31T10:00:00Z');
    expect(quote({ plans: ['webHosting_total'], today: leap }).nextPayments.monthly).toBe(
      '2028-02-29',
    );
  });

  it('yearly interval: the next monthly payment comes after the 12 prepaid months', () => {
    const q = quote({ plans: ['webHosting_total', 'domain_managed'], interval: 'yearly' });
    expect(q.nextPayments).toEqual({ monthly: '2026-01-05', yearly: '2026-01-05' });
  });

  it('counts calendar days in Amsterdam', () => {
    const lateEvening = new Date('2025-01-31T23:30:00Z'); // already 1 February in Amsterdam
    const q = quote({ plans: ['webHosting_total', 'domain_managed'], today: lateEvening });
    expect(q.nextPayments).toEqual({ monthly: '2025-03-01', yearly: '2026-02-01' });
  });

  it('has no next payment for a cadence with nothing to pay', () => {
    const q = quote({ plans: ['branding_mini'] });
    expect(q.nextPayments).toEqual({ monthly: null, yearly: null });
    expect(q.monthlyTermEnd).toBeNull();
    expect(q.lines.map((l) => l.id)).toEqual(['branding_mini', 'techConcierge_free']);
  });
});

describe('computeQuote: errors', () => {
  it('refuses an empty list', () => {
    expect(computeQuote({ plans: [], interval: 'monthly', today, lang: 'en' })).toEqual({
      ok: false,
      error: { code: 'VALIDATION_FAILED', ids: [] },
    });
  });

  it('refuses unknown ids, naming them', () => {
    expect(
      computeQuote({
        plans: ['webHosting_total', 'seo_keyword', 'seo_keyword'],
        interval: 'monthly',
        today,
        lang: 'en',
      }),
    ).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_PLAN', ids: ['seo_keyword'] },
    });
  });

  it('refuses two options of one mutual-exclusion set or of a single-choice group', () => {
    expect(checkPlans(['webHosting_pro', 'webHosting_total'])).toEqual({
      code: 'CONFLICTING_PLANS',
      ids: ['webHosting_total', 'webHosting_pro'],
    });
    expect(checkPlans(['webHosting_total', 'branding_mini', 'branding_full'])).toEqual({
      code: 'CONFLICTING_PLANS',
      ids: ['branding_mini', 'branding_full'],
    });
    expect(
      checkPlans(['webHosting_total', 'domain_managed', 'seo_booster', 'cro_booster']),
    ).toBeNull();
  });

  it('refuses an invalid domain name for register, transfer and external', () => {
    for (const type of ['register', 'transfer', 'external'] as const) {
      expect(
        computeQuote({
          plans: ['webHosting_total'],
          interval: 'monthly',
          today,
          lang: 'en',
          domain: { name: 'bad..nl', type },
        }),
      ).toEqual({
        ok: false,
        error: { code: 'INVALID_DOMAIN', ids: [], messageKey: 'domain.validation.consecutiveDots' },
      });
    }
  });
});

describe('computeQuote: domains are never charged twice', () => {
  it('registration: the domain line is the domain_managed line', () => {
    const q = quote({
      plans: ['webHosting_total', 'domain_managed'],
      domain: { name: 'Bakker.nl', type: 'register' },
    });
    const domainLines = q.lines.filter((l) => l.productId === 99);
    expect(domainLines).toEqual([
      {
        id: 'domain_managed',
        productId: 99,
        displayName: 'Domain registration: bakker.nl',
        billing: 'yearly',
        price: 1500,
        kind: 'domain-registration',
        domainName: 'bakker.nl',
      },
    ]);
    expect(q.totals.yearly).toBe(1500);
  });

  it('registration or transfer without domain_managed in the plans adds it once', () => {
    const q = quote({
      plans: ['webHosting_total'],
      domain: { name: 'bakker.nl', type: 'transfer' },
      lang: 'nl',
    });
    expect(q.lines.filter((l) => l.productId === 99)).toHaveLength(1);
    expect(q.lines.find((l) => l.productId === 99)).toMatchObject({
      kind: 'domain-transfer',
      displayName: 'Domeinverhuizing: bakker.nl',
      price: 1500,
    });
    expect(productIdsOf(q).filter((id) => id === 99)).toHaveLength(1);
  });

  it('external domain: domain_managed is dropped and a free informational line shows the name', () => {
    const q = quote({
      plans: ['webHosting_total', 'domain_managed'],
      domain: { name: 'bakker.nl', type: 'external' },
    });
    expect(q.lines.some((l) => l.id === 'domain_managed')).toBe(false);
    expect(q.lines.at(-1)).toEqual({
      id: 'domain_external',
      productId: null,
      displayName: 'Domain at your own registrar: bakker.nl',
      billing: 'notAvailable',
      price: 0,
      kind: 'external-domain',
      domainName: 'bakker.nl',
    });
    expect(q.totals.yearly).toBe(0);
    expect(q.nextPayments.yearly).toBeNull();
    expect(productIdsOf(q)).toEqual([19, 16]);
  });

  it('no domain (skipped or deferred): a free informational line and never a domain charge, whatever the plans say (D39A-1)', () => {
    const q = quote({
      plans: ['webHosting_total', 'domain_managed'],
      domain: { name: '', type: 'none' },
    });
    expect(q.lines.map((l) => l.id)).toEqual([
      'techConcierge_free',
      'webHosting_total',
      'domain_none',
    ]);
    expect(q.totals.yearly).toBe(0);
    expect(q.nextPayments.yearly).toBeNull();
    expect(productIdsOf(q)).toEqual([19, 16]);
    const dutch = quote({
      plans: ['webHosting_total', 'domain_managed'],
      domain: { name: '', type: 'none', consultation: true },
      lang: 'nl',
    });
    expect(dutch.lines.map((l) => l.displayName)).toEqual([
      'Domeinadvies',
      'Tech Concierge Basis',
      'Compleet Websitepakket',
      'Voorlopig geen domein',
    ]);
    expect(dutch.totals.yearly).toBe(0);
    const without = quote({
      plans: ['webHosting_total'],
      domain: { name: 'whatever', type: 'none' },
    });
    expect(without.totals.yearly).toBe(0);
    expect(without.lines.find((l) => l.id === 'domain_none')).toMatchObject({
      productId: null,
      price: 0,
      displayName: 'No domain for now',
    });
  });

  it('consultation: adds the free one-time item with product id 999', () => {
    const q = quote({
      plans: ['webHosting_total'],
      domain: { name: '', type: 'none', consultation: true },
    });
    expect(q.lines[0]).toEqual({
      id: 'consultation',
      productId: 999,
      displayName: 'Domain consultation',
      billing: 'oneTime',
      price: 0,
      kind: 'consultation',
    });
    expect(q.totals.oneTime).toBe(0);
    expect(productIdsOf(q)).toContain(999);
  });
});

describe('computeQuote: warnings', () => {
  it('passes the injected warn callback to price resolution (never fires for the real catalogue)', () => {
    const warn = vi.fn();
    quote({ plans: ['webHosting_total', 'domain_managed', 'seo_booster'], warn });
    expect(warn).not.toHaveBeenCalled();
  });
});
