import { describe, expect, it } from 'vitest';
import {
  blueprintMailto,
  DEFAULT_LINK_SELECTION,
  ESSENTIAL_LINK_SELECTION,
  checkoutLink,
  linkPackageGroups,
  manageBookingLink,
  schedulerLink,
  generatorLangFromPath,
  orderLink,
  toggleLinkPlan,
  linkProblem,
} from './links.ts';

describe('generatorLangFromPath', () => {
  it('is en only when the path has an /en segment', () => {
    expect(generatorLangFromPath('/en/dashboard/order-link-generator')).toBe('en');
    expect(generatorLangFromPath('/dashboard/en')).toBe('en');
    expect(generatorLangFromPath('/dashboard/order-link-generator')).toBe('nl');
    expect(generatorLangFromPath('/enterprise')).toBe('nl');
    expect(generatorLangFromPath('')).toBe('nl');
  });
});

describe('toggleLinkPlan', () => {
  it('adds and removes, keeping catalogue order and ignoring unknown ids', () => {
    expect(toggleLinkPlan(['branding_mini'], 'webHosting_total')).toEqual([
      'webHosting_total',
      'branding_mini',
    ]);
    expect(toggleLinkPlan(DEFAULT_LINK_SELECTION, 'domain_managed')).toEqual([
      'webHosting_total',
      'branding_mini',
    ]);
    expect(toggleLinkPlan(['seo_booster'], 'nope')).toEqual(['seo_booster']);
  });

  it('drops what the order page would drop: never both website packages or two brandings', () => {
    const both = toggleLinkPlan(['webHosting_total', 'domain_managed'], 'webHosting_pro');
    expect(both).toContain('webHosting_pro');
    expect(both).not.toContain('webHosting_total');
    const brandings = toggleLinkPlan(DEFAULT_LINK_SELECTION, 'branding_full');
    expect(brandings).toContain('branding_full');
    expect(brandings).not.toContain('branding_mini');
    expect(linkProblem({ plans: both })).toBeNull();
    expect(linkProblem({ plans: brandings })).toBeNull();
  });
});

describe('linkProblem', () => {
  it("applies the order page's rules: one of each exclusion set, a website package, a valid domain", () => {
    expect(linkProblem({ plans: [] })).toEqual({ kind: 'nothingSelected' });
    expect(linkProblem({ plans: ['webHosting_total', 'webHosting_pro'] })).toMatchObject({
      kind: 'conflicting',
    });
    expect(
      linkProblem({ plans: ['webHosting_total', 'branding_mini', 'branding_full'] }),
    ).toMatchObject({ kind: 'conflicting' });
    expect(linkProblem({ plans: ['branding_mini'] })).toEqual({
      kind: 'requiredGroup',
      groupKey: 'buildLaunch',
    });
    expect(linkProblem({ plans: ['webHosting_total'], domain: 'not a domain!' })).toMatchObject({
      kind: 'domain',
      key: 'domain.validation.spaces',
    });
    expect(linkProblem({ plans: ['webHosting_total'], domain: 'shop!.nl' })).toMatchObject({
      kind: 'domain',
      key: 'domain.validation.invalid',
    });
    expect(linkProblem({ plans: ['webHosting_total'], domain: '' })).toBeNull();
    expect(
      linkProblem({ plans: ['webHosting_total'], domain: 'https://www.bakkerij.nl/' }),
    ).toBeNull();
  });
});

describe('orderLink', () => {
  it('lists the plans and the language', () => {
    expect(orderLink({ plans: DEFAULT_LINK_SELECTION, lang: 'nl' })).toBe(
      '/total-package/order?plans=webHosting_total,domain_managed,branding_mini&lang=nl',
    );
    expect(orderLink({ plans: ['seo_booster'], lang: 'en', origin: 'https://shop.example/' })).toBe(
      'https://shop.example/total-package/order?plans=seo_booster&lang=en',
    );
  });
  it('is null when nothing is selected', () => {
    expect(orderLink({ plans: [], lang: 'en' })).toBeNull();
  });
});

describe('checkoutLink', () => {
  it('carries plans, lang, interval and the trimmed domain', () => {
    expect(
      checkoutLink({
        plans: ['domain_managed', 'webHosting_total'],
        lang: 'en',
        interval: 'yearly',
        domain: '  bakkerij.nl ',
      }),
    ).toBe(
      '/checkout?plans=webHosting_total,domain_managed&lang=en&interval=yearly&domain=bakkerij.nl',
    );
  });
  it('writes the domain as the domain step takes it', () => {
    expect(
      checkoutLink({
        plans: ['webHosting_total'],
        interval: 'monthly',
        domain: 'http://www.Bäckerei.de/',
      }),
    ).toBe(
      `/checkout?plans=webHosting_total&interval=monthly&domain=${encodeURIComponent('bäckerei.de')}`,
    );
  });
  it('leaves out an empty or blank domain', () => {
    expect(
      checkoutLink({ plans: ['branding_mini'], lang: 'nl', interval: 'monthly', domain: '   ' }),
    ).toBe('/checkout?plans=branding_mini&lang=nl&interval=monthly');
  });
  it('carries how the domain step ended when it was not a registration (M24)', () => {
    expect(
      checkoutLink({
        plans: ['webHosting_total'],
        lang: 'nl',
        interval: 'monthly',
        domain: 'bakkerij.nl',
        domainChoice: 'keep',
      }),
    ).toBe(
      '/checkout?plans=webHosting_total&lang=nl&interval=monthly&domain=bakkerij.nl&domainChoice=keep',
    );
    expect(
      checkoutLink({ plans: ['webHosting_total'], interval: 'monthly', domainChoice: 'deferred' }),
    ).toBe('/checkout?plans=webHosting_total&interval=monthly&domainChoice=deferred');
  });
  it('is null when nothing is selected', () => {
    expect(checkoutLink({ plans: [], lang: 'nl', interval: 'monthly', domain: 'a.nl' })).toBeNull();
  });
});

describe('essential selection and generator groups (SPEC sections 3 and 9)', () => {
  it('the essential selection is the first two defaults', () => {
    expect(ESSENTIAL_LINK_SELECTION).toEqual(['webHosting_total', 'domain_managed']);
  });

  it('puts the domain in a group of its own, keyed domain', () => {
    const groups = linkPackageGroups('en');
    expect(groups.map((g) => g.key)).toEqual([
      'buildLaunch',
      'techConcierge',
      'growthOptimize',
      'visualIdentity',
      'domain',
    ]);
    expect(groups.find((g) => g.key === 'domain')?.packages).toEqual([
      { id: 'domain_managed', displayName: 'Managed Domain', groupKey: 'domain', productId: 99 },
    ]);
    expect(groups[0]?.packages.map((p) => p.id)).toEqual(['webHosting_total', 'webHosting_pro']);
  });
});

describe('links the pages build', () => {
  it('an order link without a language, and the exit offer checkout link', () => {
    expect(orderLink({ plans: ['seo_booster', 'webHosting_total'] })).toBe(
      '/total-package/order?plans=webHosting_total,seo_booster',
    );
    expect(
      checkoutLink({
        plans: ['webHosting_total', 'domain_managed'],
        interval: 'monthly',
        coupon: 'EXIT10',
      }),
    ).toBe('/checkout?plans=webHosting_total,domain_managed&interval=monthly&coupon=EXIT10');
  });

  it('the Blueprint 100 mail button: the score in the subject, a fixed body, spaces as %20', () => {
    expect(
      blueprintMailto({ subject: 'My Blueprint 100 score: 95/100', body: 'Hi, here it is.' }),
    ).toBe(
      'mailto:?subject=My%20Blueprint%20100%20score%3A%2095%2F100&body=Hi%2C%20here%20it%20is.',
    );
  });

  it('the scheduler with name and email', () => {
    expect(schedulerLink({ name: ' Ann ', email: 'ann@example.nl' })).toBe(
      '/scheduler?name=Ann&email=ann%40example.nl',
    );
  });
});

describe('manageBookingLink', () => {
  it('is the booking page with its token and the language', () => {
    const token = 'Ab-_'.repeat(10) + 'xyz';
    expect(manageBookingLink(token, 'nl')).toBe(`/consultation/manage?token=${token}&lang=nl`);
    expect(manageBookingLink(token)).toBe(`/consultation/manage?token=${token}`);
  });
});

describe('links with a coupon code (issue 46)', () => {
  it('adds the code to order and checkout links, trimmed and encoded, and leaves out an empty one', () => {
    expect(orderLink({ plans: ['webHosting_total'], lang: 'nl', coupon: ' spring10 ' })).toBe(
      '/total-package/order?plans=webHosting_total&lang=nl&coupon=spring10',
    );
    expect(orderLink({ plans: ['webHosting_total'], coupon: '  ' })).toBe(
      '/total-package/order?plans=webHosting_total',
    );
    expect(checkoutLink({ plans: ['webHosting_total'], interval: 'yearly', coupon: 'A&B' })).toBe(
      '/checkout?plans=webHosting_total&interval=yearly&coupon=A%26B',
    );
  });
});
