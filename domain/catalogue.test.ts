import { describe, it, expect, vi } from 'vitest';
import { expectConsole } from '../tests/setup/console.ts';
import {
  ALWAYS_SELECTED_IDS,
  CATALOGUE,
  GROUPS,
  PLAN_IDS,
  billingLabel,
  catalogueIndex,
  groupByKey,
  groupOf,
  isAlwaysSelected,
  isPlanId,
  isPopular,
  optionById,
  optionByProductId,
  optionsInGroup,
  planIdForSignupPath,
  resolvePrice,
} from './catalogue.ts';
import { catalogueView } from './catalogue-view.ts';

const TABLE: Array<[string, number, string, number, string, string | null]> = [
  ['webHosting_total', 16, 'buildLaunch', 3000, 'monthly', '/signup/web-hosting/standard'],
  ['webHosting_pro', 17, 'buildLaunch', 5000, 'monthly', '/signup/web-hosting/pro'],
  ['domain_managed', 99, 'buildLaunch', 1500, 'yearly', '/signup/domain/managed'],
  ['techConcierge_free', 19, 'techConcierge', 0, 'monthly', '/signup/tech-concierge/free'],
  ['techConcierge_extra_5h', 22, 'techConcierge', 30000, 'oneTime', '/signup/tech-concierge/2h'],
  ['techConcierge_5h', 21, 'techConcierge', 45000, 'oneTime', '/signup/tech-concierge/5h'],
  ['growthCall_monthly', 31, 'growthOptimize', 8900, 'monthly', '/signup/growth-call/monthly'],
  [
    'humanContent_business',
    32,
    'growthOptimize',
    45000,
    'monthly',
    '/signup/human-content/business',
  ],
  ['seo_booster', 33, 'growthOptimize', 89000, 'oneTime', '/signup/seo/booster'],
  ['cro_booster', 34, 'growthOptimize', 129000, 'oneTime', '/signup/cro/accelerator'],
  [
    'content_strategy',
    35,
    'growthOptimize',
    249000,
    'oneTime',
    '/signup/content/strategy-intensive',
  ],
  ['branding_mini', 36, 'visualIdentity', 49000, 'oneTime', null],
  ['branding_full', 37, 'visualIdentity', 79000, 'oneTime', null],
  ['branding_premium', 38, 'visualIdentity', 149000, 'oneTime', null],
  ['brand_audit', 39, 'visualIdentity', 35000, 'oneTime', null],
];

describe('catalogue', () => {
  it('holds exactly the 15 options of the specification, in table order', () => {
    expect(CATALOGUE.map((o) => o.id)).toEqual(TABLE.map((row) => row[0]));
    expect(PLAN_IDS).toEqual(TABLE.map((row) => row[0]));
  });

  it.each(TABLE)(
    '%s: product %i, group %s, %i cents %s, link %s',
    (id, productId, group, price, billing, link) => {
      const option = optionById(id);
      expect(option).toBeDefined();
      expect(option?.productId).toBe(productId);
      expect(option?.groupKey).toBe(group);
      expect(option && resolvePrice(option.prices)).toBe(price);
      expect(option && billingLabel(option.prices)).toBe(billing);
      expect(option?.link).toBe(link);
    },
  );

  it('stores every price as a non-negative integer of cents, one price per option', () => {
    for (const option of CATALOGUE) {
      const values = Object.values(option.prices);
      expect(values).toHaveLength(1);
      for (const value of values) {
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('has unique ids and product ids', () => {
    expect(new Set(CATALOGUE.map((o) => o.id)).size).toBe(15);
    expect(new Set(CATALOGUE.map((o) => o.productId)).size).toBe(15);
  });

  it('has a display name and at least one feature in both languages for every option', () => {
    for (const option of CATALOGUE) {
      expect(option.displayName.en.trim()).not.toBe('');
      expect(option.displayName.nl.trim()).not.toBe('');
      expect(option.features.en.length).toBeGreaterThan(0);
      expect(option.features.nl.length).toBe(option.features.en.length);
    }
  });

  it('never mentions pounds in customer copy', () => {
    const text = JSON.stringify([CATALOGUE, GROUPS]);
    expect(text).not.toMatch(/£|GBP|pound/i);
  });

  it('describes hosting as 5 GB and monthly tweaks as 20 minutes', () => {
    expect(optionById('webHosting_total')?.features.en).toContain('5 GB SSD hosting');
    expect(optionById('techConcierge_free')?.features.en).toContain(
      '20 minutes of small adjustments every month',
    );
    expect(optionById('techConcierge_extra_5h')?.displayName.en).toContain('5 hours');
  });

  it('defines the four groups with their rules', () => {
    expect(GROUPS.map((g) => g.key)).toEqual([
      'buildLaunch',
      'techConcierge',
      'growthOptimize',
      'visualIdentity',
    ]);
    expect(groupByKey('buildLaunch')).toMatchObject({
      multiSelect: true,
      required: true,
      popularIds: ['webHosting_total'],
      mutualExclusionGroups: [['webHosting_total', 'webHosting_pro']],
    });
    expect(groupByKey('techConcierge')).toMatchObject({
      multiSelect: true,
      required: false,
      popularIds: ['techConcierge_extra_5h'],
      alwaysSelectedIds: ['techConcierge_free'],
    });
    expect(groupByKey('growthOptimize')).toMatchObject({
      multiSelect: true,
      required: false,
      popularIds: ['growthCall_monthly', 'seo_booster'],
    });
    expect(groupByKey('visualIdentity')).toMatchObject({
      multiSelect: false,
      required: false,
      popularIds: ['branding_full'],
    });
    expect(groupByKey('domain')).toBeUndefined();
  });

  it('only names catalogue options inside a group as popular, always selected or exclusive', () => {
    for (const group of GROUPS) {
      const ids = optionsInGroup(group.key).map((o) => o.id as string);
      for (const id of [
        ...group.popularIds,
        ...group.alwaysSelectedIds,
        ...group.mutualExclusionGroups.flat(),
      ]) {
        expect(ids).toContain(id);
      }
      expect(
        group.title.en && group.title.nl && group.subtitle.nl && group.tooltip.nl,
      ).toBeTruthy();
    }
  });

  it('looks options up by id and by product id', () => {
    expect(optionByProductId(99)?.id).toBe('domain_managed');
    expect(optionByProductId(999)).toBeUndefined();
    expect(optionById('seo_keyword')).toBeUndefined();
    expect(isPlanId('seo_booster')).toBe(true);
    expect(isPlanId('toString')).toBe(false);
    expect(isPlanId(16)).toBe(false);
    expect(groupOf('brand_audit').key).toBe('visualIdentity');
    expect(catalogueIndex('webHosting_total')).toBe(0);
    expect(catalogueIndex('nope')).toBe(Number.MAX_SAFE_INTEGER);
    expect(ALWAYS_SELECTED_IDS).toEqual(['techConcierge_free']);
    expect(isAlwaysSelected('techConcierge_free')).toBe(true);
    expect(isPopular('seo_booster')).toBe(true);
    expect(isPopular('cro_booster')).toBe(false);
  });
});

describe('resolvePrice and billingLabel', () => {
  it('prefers monthly, then yearly, then one-time', () => {
    const warn = vi.fn();
    expect(resolvePrice({ monthly: 100, yearly: 200, oneTime: 300 }, { warn })).toBe(100);
    expect(resolvePrice({ yearly: 200, oneTime: 300 }, { warn })).toBe(200);
    expect(resolvePrice({ oneTime: 300 }, { warn })).toBe(300);
    expect(resolvePrice({ monthly: 0 }, { warn })).toBe(0);
    expect(warn).not.toHaveBeenCalled();
    expect(billingLabel({ monthly: 100, yearly: 200 })).toBe('monthly');
    expect(billingLabel({ yearly: 200, oneTime: 1 })).toBe('yearly');
    expect(billingLabel({ oneTime: 1 })).toBe('oneTime');
    expect(billingLabel({})).toBe('notAvailable');
  });

  it('falls back to 0 with a warning through the injected callback', () => {
    const warn = vi.fn();
    expect(resolvePrice({}, { id: 'mystery', warn })).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('mystery'));
  });

  it('warns on console.warn by default', () => {
    expectConsole('warn', /no price for mystery/);
    expect(resolvePrice({}, { id: 'mystery' })).toBe(0);
  });
});

describe('planIdForSignupPath', () => {
  it('maps every sign-up link back to its plan', () => {
    expect(planIdForSignupPath('/signup/web-hosting/standard')).toBe('webHosting_total');
    expect(planIdForSignupPath('/signup/tech-concierge/2h')).toBe('techConcierge_extra_5h');
    expect(planIdForSignupPath('/signup/cro/accelerator')).toBe('cro_booster');
    for (const option of CATALOGUE) {
      if (option.link) expect(planIdForSignupPath(option.link)).toBe(option.id);
    }
  });

  it('ignores a trailing slash, query and hash; unknown paths give undefined', () => {
    expect(planIdForSignupPath('/signup/web-hosting/pro/')).toBe('webHosting_pro');
    expect(planIdForSignupPath('/signup/web-hosting/pro?ref=x#top')).toBe('webHosting_pro');
    expect(planIdForSignupPath('/signup/branding/full')).toBeUndefined();
    expect(planIdForSignupPath('')).toBeUndefined();
    expect(planIdForSignupPath('/')).toBeUndefined();
  });
});

describe('catalogueView', () => {
  it('has exactly the shape of GET /api/catalogue', () => {
    const view = catalogueView('en');
    expect(Object.keys(view)).toEqual(['currency', 'groups']);
    expect(view.currency).toBe('EUR');
    for (const group of view.groups) {
      expect(Object.keys(group).sort()).toEqual(
        [
          'alwaysSelectedIds',
          'key',
          'multiSelect',
          'mutualExclusionGroups',
          'options',
          'popularIds',
          'required',
          'title',
        ].sort(),
      );
      for (const option of group.options) {
        expect(Object.keys(option).sort()).toEqual(
          [
            'alwaysSelected',
            'billing',
            'displayName',
            'features',
            'groupKey',
            'id',
            'isPopular',
            'link',
            'price',
            'productId',
          ].sort(),
        );
        expect(option.groupKey).toBe(group.key);
      }
    }
    expect(view.groups.flatMap((g) => g.options)).toHaveLength(15);
  });

  it('is in the requested language', () => {
    const nl = catalogueView('nl');
    const en = catalogueView('en');
    expect(nl.groups[0]?.title).toBe('Bouwen & lanceren');
    expect(en.groups[0]?.title).toBe('Build & Launch');
    expect(nl.groups[0]?.options[0]?.displayName).toBe('Compleet Websitepakket');
    expect(nl.groups[0]?.options[0]?.features[0]).toBe('5 GB SSD-hosting');
  });

  it('marks popular and always-selected options and carries prices in cents', () => {
    const options = catalogueView('en').groups.flatMap((g) => g.options);
    const byId = new Map(options.map((o) => [o.id, o]));
    expect(byId.get('techConcierge_free')).toMatchObject({
      alwaysSelected: true,
      price: 0,
      billing: 'monthly',
    });
    expect(byId.get('branding_full')).toMatchObject({ isPopular: true, price: 79000, link: null });
    expect(byId.get('seo_booster')?.isPopular).toBe(true);
    expect(byId.get('growthCall_monthly')?.isPopular).toBe(true);
    expect(byId.get('webHosting_pro')?.isPopular).toBe(false);
    expect(options.filter((o) => o.alwaysSelected).map((o) => o.id)).toEqual([
      'techConcierge_free',
    ]);
  });

  it('returns fresh arrays, so a caller cannot change the catalogue', () => {
    const view = catalogueView('en');
    view.groups[0]?.popularIds.push('webHosting_pro');
    view.groups[0]?.options[0]?.features.push('hacked');
    expect(groupByKey('buildLaunch')?.popularIds).toEqual(['webHosting_total']);
    expect(catalogueView('en').groups[0]?.options[0]?.features).not.toContain('hacked');
  });
});
