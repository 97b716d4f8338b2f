import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueView } from '#domain/catalogue-view.ts';
import { recommend } from '#domain/recommendations.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';

const TODAY = new Date('2026-03-10T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => TODAY });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/catalogue', () => {
  it('lists the four groups and fifteen options in the request language', async () => {
    const nl = await (await t.call('GET', '/api/catalogue?lang=nl')).json();
    expect(nl).toEqual(catalogueView('nl'));
    expect(nl.currency).toBe('EUR');
    expect(nl.groups.map((g: { key: string }) => g.key)).toEqual([
      'buildLaunch',
      'techConcierge',
      'growthOptimize',
      'visualIdentity',
    ]);
    expect(nl.groups.flatMap((g: { options: unknown[] }) => g.options)).toHaveLength(15);
    const en = await (
      await t.call('GET', '/api/catalogue', undefined, { 'Accept-Language': 'en-GB' })
    ).json();
    const hosting = en.groups[0].options.find((o: { id: string }) => o.id === 'webHosting_total');
    expect(hosting).toMatchObject({
      productId: 16,
      price: 3000,
      billing: 'monthly',
      link: '/signup/web-hosting/standard',
      isPopular: true,
    });
    expect(hosting.displayName).not.toBe(nl.groups[0].options[0].displayName);
  });
});

describe('POST /api/quote', () => {
  it("answers the rule book's quote: lines, totals and next payments", async () => {
    const body = {
      plans: ['webHosting_total', 'seo_booster', 'branding_full'],
      interval: 'yearly' as const,
      domain: { name: 'bakkerij-jansen.nl', type: 'register' as const },
    };
    const response = await t.call('POST', '/api/quote?lang=nl', body);
    expect(response.status).toBe(200);
    // By hand: branding EUR 790 and SEO EUR 890 once, hosting EUR 30 a month paid for 12 months
    // (EUR 360), the domain EUR 15 a year: EUR 2,055 today; next payments a year on.
    expect(await response.json()).toEqual({
      currency: 'EUR',
      interval: 'yearly',
      lines: [
        {
          id: 'branding_full',
          productId: 37,
          displayName: 'Volledige branding',
          billing: 'oneTime',
          price: 79000,
        },
        {
          id: 'seo_booster',
          productId: 33,
          displayName: 'SEO Booster',
          billing: 'oneTime',
          price: 89000,
        },
        {
          id: 'techConcierge_free',
          productId: 19,
          displayName: 'Tech Concierge Basis',
          billing: 'monthly',
          price: 0,
        },
        {
          id: 'webHosting_total',
          productId: 16,
          displayName: 'Compleet Websitepakket',
          billing: 'monthly',
          price: 3000,
        },
        {
          id: 'domain_managed',
          productId: 99,
          displayName: 'Domeinregistratie: bakkerij-jansen.nl',
          billing: 'yearly',
          price: 1500,
        },
      ],
      totals: {
        oneTime: 168000,
        monthly: 3000,
        yearly: 1500,
        vatRate: 0,
        vat: 0,
        vatNote: 'kor',
        dueToday: 205500,
      },
      nextPayments: { monthly: '2027-03-10', yearly: '2027-03-10' },
      annualMonthly: 36000,
      monthsIncluded: 12,
      monthlyTermEnd: '2027-03-10',
    });
  });

  it('charges no domain when it is skipped, deferred or kept elsewhere, whatever the plans list says (D39A-1)', async () => {
    const cases = [
      { domain: { name: '', type: 'none' }, lang: 'en', names: ['No domain for now'] },
      {
        domain: { name: '', type: 'none', consultation: true },
        lang: 'nl',
        names: ['Voorlopig geen domein', 'Domeinadvies'],
      },
      {
        domain: { name: 'bakkerijvos.nl', type: 'external' },
        lang: 'nl',
        names: ['Domein bij je eigen registrar: bakkerijvos.nl'],
      },
    ] as const;
    for (const { domain, lang, names } of cases) {
      const response = await t.call('POST', `/api/quote?lang=${lang}`, {
        plans: ['webHosting_total', 'domain_managed'],
        interval: 'monthly',
        domain,
      });
      expect(response.status).toBe(200);
      const quote = (await response.json()) as {
        lines: { id: string; displayName: string; billing: string; price: number }[];
        totals: { yearly: number; dueToday: number };
      };
      expect(quote.lines.filter((l) => l.billing === 'yearly')).toEqual([]);
      expect(quote.lines.some((l) => l.id === 'domain_managed')).toBe(false);
      expect(quote.totals.yearly).toBe(0);
      expect(quote.totals.dueToday).toBe(3000);
      for (const name of names) expect(quote.lines.map((l) => l.displayName)).toContain(name);
    }
  });

  it('adds always-selected options, orders lines one-time, monthly, yearly, then by price', async () => {
    const quote = await (
      await t.call('POST', '/api/quote', {
        plans: ['domain_managed', 'webHosting_pro', 'content_strategy', 'seo_booster'],
      })
    ).json();
    expect(quote.lines.map((l: { id: string }) => l.id)).toEqual([
      'seo_booster',
      'content_strategy',
      'techConcierge_free',
      'webHosting_pro',
      'domain_managed',
    ]);
    expect(quote.totals).toEqual({
      oneTime: 338_000,
      monthly: 5000,
      yearly: 1500,
      vatRate: 0,
      vat: 0,
      dueToday: 338_000 + 5000 + 1500,
      vatNote: 'kor',
    });
    expect(quote.nextPayments).toEqual({ monthly: '2026-04-10', yearly: '2027-03-10' });
  });

  it('charges twelve months up front on the yearly interval', async () => {
    const quote = await (
      await t.call('POST', '/api/quote', { plans: ['webHosting_total'], interval: 'yearly' })
    ).json();
    expect(quote.totals.dueToday).toBe(3000 * 12);
  });

  it('trusts nothing from the client: extra fields and prices are ignored, not echoed', async () => {
    const honest = await (
      await t.call('POST', '/api/quote', { plans: ['webHosting_total'] })
    ).json();
    const tampered = await (
      await t.call('POST', '/api/quote', {
        plans: ['webHosting_total'],
        price: 1,
        totals: { dueToday: 1 },
        lines: [{ id: 'webHosting_total', price: 1 }],
        vatRate: -21,
      })
    ).json();
    expect(tampered).toEqual(honest);
    expect(tampered.totals.dueToday).toBe(3000);
  });

  it.each([
    ['an empty list', { plans: [] }, 400, 'VALIDATION_FAILED'],
    ['no plans field', { interval: 'monthly' }, 400, 'VALIDATION_FAILED'],
    ['plans not a list', { plans: 'webHosting_total' }, 400, 'VALIDATION_FAILED'],
    ['a number as id', { plans: [16] }, 400, 'VALIDATION_FAILED'],
    [
      'an unknown interval',
      { plans: ['webHosting_total'], interval: 'weekly' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an unknown domain type',
      { plans: ['webHosting_total'], domain: { name: 'a.nl', type: 'steal' } },
      400,
      'VALIDATION_FAILED',
    ],
    ['an unknown plan', { plans: ['webHosting_total', 'seo_keyword'] }, 400, 'UNKNOWN_PLAN'],
    [
      'two hosting plans',
      { plans: ['webHosting_total', 'webHosting_pro'] },
      400,
      'CONFLICTING_PLANS',
    ],
    [
      'an invalid domain',
      { plans: ['webHosting_total'], domain: { name: 'no extension', type: 'register' } },
      400,
      'INVALID_DOMAIN',
    ],
    ['null', null, 400, 'VALIDATION_FAILED'],
  ])('refuses %s', async (_name, body, status, code) => {
    const response = await t.call('POST', '/api/quote', body);
    expect(response.status).toBe(status);
    const json = await response.json();
    expect(json.error.code).toBe(code);
    expect(typeof json.error.message).toBe('string');
  });

  it('names the unknown id and gives SPEC messages for an invalid domain, in Dutch too', async () => {
    const unknown = await (await t.call('POST', '/api/quote', { plans: ['nope'] })).json();
    expect(unknown.error.fields).toEqual({ nope: 'quote.error.unknownPlan' });
    const domain = await (
      await t.call('POST', '/api/quote', {
        plans: ['webHosting_total'],
        domain: { name: 'my site.nl', type: 'register' },
      })
    ).json();
    expect(domain.error.message).toBe(
      'Domain name cannot contain spaces. Please remove any spaces from your domain name.',
    );
    const domainNl = await (
      await t.call('POST', '/api/quote?lang=nl', {
        plans: ['webHosting_total'],
        domain: { name: 'my site.nl', type: 'register' },
      })
    ).json();
    expect(domainNl.error.message).not.toBe(domain.error.message);
  });
});

describe('POST /api/recommendations', () => {
  const answers = {
    situation: 'starting',
    goal: 'buildWebsite',
    budget: 'professional',
    involvement: 'collab',
    timeline: 'now',
  };

  it('answers the planner rules of the rule book', async () => {
    const response = await t.call('POST', '/api/recommendations', answers);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual(recommend(answers as Parameters<typeof recommend>[0]));
    expect(new Set(body.products).size).toBe(body.products.length);
  });

  it.each([
    ['an unknown value', { ...answers, budget: 'huge' }],
    [
      'a missing answer',
      { situation: 'starting', goal: 'buildWebsite', budget: 'starter', involvement: 'collab' },
    ],
    ['a list', [answers]],
  ])('refuses %s with VALIDATION_FAILED', async (_name, body) => {
    const response = await t.call('POST', '/api/recommendations', body);
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('VALIDATION_FAILED');
  });
});
