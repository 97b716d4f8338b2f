import { describe, it, expect } from 'vitest';
import * as v from 'valibot';
import { GROUPS, groupOf, isPlanId } from './catalogue.ts';
import { checkPlans } from './totals.ts';
import {
  BASE_SETS,
  allPlannerAnswers,
  baseSet,
  fitToBudget,
  monthlyCost,
  plannerAnswersSchema,
  recommend,
  recommendedCategory,
  splitRecommendations,
  type PlannerAnswers,
} from './recommendations.ts';

const answers = (over: Partial<PlannerAnswers>): PlannerAnswers => ({
  situation: 'needMaintenance',
  goal: 'fixMaintain',
  budget: 'starter',
  involvement: 'diyHelp',
  timeline: 'exploring',
  ...over,
});

/** The recommendation for one situation, goal, budget and involvement (timeline: exploring). */
const pick = (
  situation: PlannerAnswers['situation'],
  goal: PlannerAnswers['goal'],
  budget: PlannerAnswers['budget'],
  involvement: PlannerAnswers['involvement'],
) => recommend(answers({ situation, goal, budget, involvement }));

describe('recommend: every one of the 243 combinations', () => {
  const all = allPlannerAnswers();

  it('covers 3^5 distinct combinations', () => {
    expect(all).toHaveLength(243);
    expect(new Set(all.map((a) => JSON.stringify(a))).size).toBe(243);
  });

  it.each(['planner', 'blueprint'] as const)(
    '%s: no duplicates, only known ids, 135/81/27 per category, combinable',
    (variant) => {
      const categories = new Map<string, number>();
      for (const a of all) {
        const { category, products } = recommend(a, variant);
        expect(products.length).toBeGreaterThan(0);
        expect(new Set(products).size).toBe(products.length);
        expect(products.every(isPlanId)).toBe(true);
        categories.set(category, (categories.get(category) ?? 0) + 1);
        // Never two options the builder or the quote would refuse together.
        expect(checkPlans(products)).toBeNull();
        // An existing website never gets hosting or a domain.
        if (a.situation === 'haveWebsite') {
          expect(products.some((id) => groupOf(id).key === 'buildLaunch')).toBe(false);
        }
        // At most one branding package (single-choice group).
        expect(
          products.filter((id) => groupOf(id).key === 'visualIdentity').length,
        ).toBeLessThanOrEqual(1);
        // The split covers every product exactly once.
        const split = splitRecommendations(products, a.budget, variant);
        expect([...split.budgetBased, ...split.goalBased].sort()).toEqual([...products].sort());
      }
      // Counted by hand: getClients (81) or haveWebsite (81), 27 both, is growth (135); of the
      // other 108, buildWebsite + starting (27) is a build, the rest (81) maintenance.
      expect(Object.fromEntries(categories)).toEqual({
        growthOptimize: 135,
        techConcierge: 81,
        buildLaunch: 27,
      });
    },
  );

  it('gives the blueprint variant techConcierge_free for starter budgets only as its extra', () => {
    for (const a of all) {
      const planner = recommend(a).products;
      const blueprint = recommend(a, 'blueprint').products;
      if (a.budget === 'starter') expect(blueprint).toContain('techConcierge_free');
      expect(blueprint.filter((id) => id !== 'techConcierge_free').sort()).toEqual(
        planner.filter((id) => id !== 'techConcierge_free').sort(),
      );
    }
  });
});

describe('recommend: category', () => {
  it.each([
    [{ goal: 'getClients', situation: 'needMaintenance' }, 'growthOptimize'],
    [{ goal: 'buildWebsite', situation: 'haveWebsite' }, 'growthOptimize'],
    [{ goal: 'fixMaintain', situation: 'starting' }, 'techConcierge'],
    [{ goal: 'buildWebsite', situation: 'needMaintenance' }, 'techConcierge'],
    [{ goal: 'buildWebsite', situation: 'starting' }, 'buildLaunch'],
  ] as const)('%j → %s', (a, category) => {
    expect(recommendedCategory(a)).toBe(category);
  });
});

describe('recommend: base set per budget', () => {
  it('holds the three lists of the specification', () => {
    // In the order of the specification's table, one budget a line.
    expect(BASE_SETS.starter.join(' ')).toBe(
      'webHosting_total domain_managed branding_mini techConcierge_extra_5h',
    );
    expect(BASE_SETS.professional.join(' ')).toBe(
      'webHosting_pro growthCall_monthly branding_full seo_booster',
    );
    expect(BASE_SETS.premium.join(' ')).toBe(
      'webHosting_pro growthCall_monthly humanContent_business branding_premium cro_booster seo_booster content_strategy',
    );
    expect(baseSet('starter', 'blueprint')).toEqual([
      'webHosting_total',
      'domain_managed',
      'branding_mini',
      'techConcierge_extra_5h',
      'techConcierge_free',
    ]);
    expect(baseSet('premium', 'blueprint')).toEqual([
      'webHosting_pro',
      'growthCall_monthly',
      'humanContent_business',
      'branding_premium',
      'cro_booster',
      'seo_booster',
      'content_strategy',
    ]);
  });

  it('applies only the maintenance rule to buildWebsite + needMaintenance on a starter budget', () => {
    expect(
      recommend(answers({ goal: 'buildWebsite', budget: 'starter', involvement: 'collab' }))
        .products,
    ).toEqual([
      'webHosting_total',
      'domain_managed',
      'branding_mini',
      'techConcierge_extra_5h',
      'techConcierge_free',
    ]);
  });
});

describe('recommend: one hand-computed case per rule', () => {
  it('rule 1: starting adds domain_managed (professional has none)', () => {
    const r = pick('starting', 'buildWebsite', 'professional', 'collab');
    // base + domain (rule 1) + branding_full (dup), humanContent, seo (dup) (rule 6); the
    // content service (EUR 450 a month) does not fit the EUR 500 budget with the rest (rule 10).
    expect(r).toEqual({
      category: 'buildLaunch',
      products: [
        'webHosting_pro',
        'growthCall_monthly',
        'branding_full',
        'seo_booster',
        'domain_managed',
      ],
      outsideBudget: ['humanContent_business'],
    });
  });

  it('rule 2: haveWebsite removes hosting and domain, adds cro_booster and growthCall_monthly', () => {
    const r = pick('haveWebsite', 'buildWebsite', 'starter', 'collab');
    expect(r).toEqual({
      category: 'growthOptimize',
      products: ['branding_mini', 'techConcierge_extra_5h', 'cro_booster', 'growthCall_monthly'],
    });
  });

  it('rule 3: getClients adds seo and the growth call, and content only above starter', () => {
    const starter = pick('needMaintenance', 'getClients', 'starter', 'collab');
    expect(starter.products).toEqual([
      'webHosting_total',
      'domain_managed',
      'branding_mini',
      'techConcierge_extra_5h',
      'seo_booster',
      'growthCall_monthly',
      'techConcierge_free',
    ]);
    const pro = pick('needMaintenance', 'getClients', 'professional', 'collab');
    expect(pro.products).toEqual([
      'webHosting_pro',
      'growthCall_monthly',
      'branding_full',
      'seo_booster',
      'techConcierge_free',
      'techConcierge_extra_5h',
    ]);
    expect(pro.outsideBudget).toEqual(['humanContent_business']);
  });

  it('rule 4: handsOff adds content (not starter), the growth call and tech hours by budget', () => {
    const starter = pick('starting', 'fixMaintain', 'starter', 'handsOff');
    expect(starter.products).toEqual([
      'webHosting_total',
      'domain_managed',
      'branding_mini',
      'techConcierge_extra_5h',
      'growthCall_monthly',
      'techConcierge_free',
    ]);
    expect(starter.products).not.toContain('humanContent_business');
    const premium = pick('starting', 'fixMaintain', 'premium', 'handsOff');
    expect(premium.products).toEqual([
      'webHosting_pro',
      'growthCall_monthly',
      'humanContent_business',
      'branding_premium',
      'cro_booster',
      'seo_booster',
      'content_strategy',
      'domain_managed',
      'techConcierge_5h',
      'techConcierge_free',
    ]);
    const pro = pick('starting', 'fixMaintain', 'professional', 'handsOff');
    expect(pro.products).toEqual([
      'webHosting_pro',
      'growthCall_monthly',
      'branding_full',
      'seo_booster',
      'domain_managed',
      'techConcierge_extra_5h',
      'techConcierge_free',
    ]);
    expect(pro.outsideBudget).toEqual(['humanContent_business']);
  });

  it('rule 5: getClients with haveWebsite ensures cro_booster, growthCall_monthly and seo_booster', () => {
    const r = pick('haveWebsite', 'getClients', 'starter', 'diyHelp');
    expect(r.products).toEqual([
      'branding_mini',
      'techConcierge_extra_5h',
      'cro_booster',
      'growthCall_monthly',
      'seo_booster',
    ]);
  });

  it('rule 6: buildWebsite with starting adds branding by budget, content and seo', () => {
    const starter = pick('starting', 'buildWebsite', 'starter', 'collab');
    expect(starter).toEqual({
      category: 'buildLaunch',
      products: [
        'webHosting_total',
        'domain_managed',
        'branding_mini',
        'techConcierge_extra_5h',
        'seo_booster',
      ],
    });
    const premium = pick('starting', 'buildWebsite', 'premium', 'collab');
    expect(premium.products).toEqual([
      'webHosting_pro',
      'growthCall_monthly',
      'humanContent_business',
      'branding_premium',
      'cro_booster',
      'seo_booster',
      'content_strategy',
      'domain_managed',
    ]);
    expect(premium.products.filter((id) => id.startsWith('brand'))).toEqual(['branding_premium']);
  });

  it('rule 7: maintenance adds techConcierge_free, plus tech hours above starter', () => {
    const starter = pick('starting', 'fixMaintain', 'starter', 'collab');
    expect(starter.products).toEqual([
      'webHosting_total',
      'domain_managed',
      'branding_mini',
      'techConcierge_extra_5h',
      'techConcierge_free',
    ]);
    const premium = pick('haveWebsite', 'fixMaintain', 'premium', 'collab');
    expect(premium).toEqual({
      category: 'growthOptimize',
      products: [
        'growthCall_monthly',
        'humanContent_business',
        'branding_premium',
        'cro_booster',
        'seo_booster',
        'content_strategy',
        'techConcierge_free',
        'techConcierge_5h',
      ],
    });
  });

  it('rule 8: timeline now adds techConcierge_extra_5h above starter when no tech hours are in', () => {
    const pro = recommend(
      answers({
        situation: 'haveWebsite',
        goal: 'buildWebsite',
        budget: 'professional',
        involvement: 'collab',
        timeline: 'now',
      }),
    );
    expect(pro.products).toEqual([
      'growthCall_monthly',
      'branding_full',
      'seo_booster',
      'cro_booster',
      'techConcierge_extra_5h',
    ]);
    const premiumHandsOff = recommend(
      answers({
        situation: 'haveWebsite',
        goal: 'buildWebsite',
        budget: 'premium',
        involvement: 'handsOff',
        timeline: 'now',
      }),
    );
    expect(premiumHandsOff.products).toContain('techConcierge_5h');
    expect(premiumHandsOff.products).not.toContain('techConcierge_extra_5h');
    const starter = recommend(
      answers({
        situation: 'haveWebsite',
        goal: 'buildWebsite',
        budget: 'starter',
        involvement: 'collab',
        timeline: 'now',
      }),
    );
    expect(starter.products.filter((id) => id.startsWith('techConcierge'))).toEqual([
      'techConcierge_extra_5h',
    ]);
    const notNow = recommend(
      answers({
        situation: 'haveWebsite',
        goal: 'buildWebsite',
        budget: 'professional',
        involvement: 'collab',
        timeline: 'soon',
      }),
    );
    expect(notNow.products).not.toContain('techConcierge_extra_5h');
  });

  it('rule 9: the list is de-duplicated', () => {
    const r = recommend(
      answers({
        situation: 'haveWebsite',
        goal: 'getClients',
        budget: 'premium',
        involvement: 'handsOff',
        timeline: 'now',
      }),
    );
    expect(r.products).toEqual([
      'growthCall_monthly',
      'humanContent_business',
      'branding_premium',
      'cro_booster',
      'seo_booster',
      'content_strategy',
      'techConcierge_5h',
    ]);
  });
});

describe('splitRecommendations', () => {
  it('puts base-set products in budgetBased and the rest in goalBased, keeping order', () => {
    const { products } = pick('haveWebsite', 'getClients', 'starter', 'handsOff');
    expect(splitRecommendations(products, 'starter')).toEqual({
      budgetBased: ['branding_mini', 'techConcierge_extra_5h'],
      goalBased: ['cro_booster', 'growthCall_monthly', 'seo_booster'],
    });
    expect(splitRecommendations(['techConcierge_free'], 'starter', 'blueprint')).toEqual({
      budgetBased: ['techConcierge_free'],
      goalBased: [],
    });
  });
});

describe('plannerAnswersSchema', () => {
  it('accepts every combination and rejects unknown values', () => {
    for (const a of allPlannerAnswers())
      expect(v.safeParse(plannerAnswersSchema, a).success).toBe(true);
    expect(
      v.safeParse(plannerAnswersSchema, { ...answers({}), budget: 'enterprise' }).success,
    ).toBe(false);
    expect(v.safeParse(plannerAnswersSchema, { ...answers({}), timeline: undefined }).success).toBe(
      false,
    );
    expect(v.safeParse(plannerAnswersSchema, null).success).toBe(false);
  });

  it('keeps only the five answers', () => {
    const parsed = v.parse(plannerAnswersSchema, { ...answers({}), name: 'Ann', email: 'a@b.nl' });
    expect(Object.keys(parsed).sort()).toEqual([
      'budget',
      'goal',
      'involvement',
      'situation',
      'timeline',
    ]);
  });

  it('matches the group keys used for categories', () => {
    expect(GROUPS.map((g) => g.key)).toEqual(
      expect.arrayContaining(['buildLaunch', 'growthOptimize', 'techConcierge']),
    );
  });
});

describe('rule 10: the recommendation fits the monthly budget chosen (D39A-8)', () => {
  it('the issue\'s case: "Professional: 200 to 500 a month" no longer comes to EUR 589 a month', () => {
    const r = pick('starting', 'buildWebsite', 'professional', 'handsOff');
    // By hand: Pro hosting 50 + growth call 89 + domain 15/12 = EUR 140.25 a month; the content
    // service (450) would make it 590.25, over 500, so it is named instead.
    expect(monthlyCost(r.products)).toBe(5000 + 8900 + 125);
    expect(r.outsideBudget).toEqual(['humanContent_business']);
    expect(monthlyCost(['webHosting_pro', 'growthCall_monthly', 'humanContent_business'])).toBe(
      58900,
    );
  });

  it("keeps every answer within its budget's monthly limit, and names what it left out", () => {
    for (const variant of ['planner', 'blueprint'] as const)
      for (const a of allPlannerAnswers()) {
        const r = recommend(a, variant);
        const max = { starter: 20000, professional: 50000, premium: Infinity }[a.budget];
        expect(monthlyCost(r.products)).toBeLessThanOrEqual(max);
        for (const id of r.outsideBudget ?? []) {
          expect(r.products).not.toContain(id);
          expect(monthlyCost([...r.products, id])).toBeGreaterThan(max);
        }
      }
    // Premium has no upper limit: nothing is ever left out.
    expect(
      allPlannerAnswers()
        .filter((a) => a.budget === 'premium')
        .some((a) => recommend(a).outsideBudget),
    ).toBe(false);
  });

  it('never leaves out the website package or its domain', () => {
    expect(fitToBudget(['webHosting_pro', 'domain_managed'], 'starter')).toEqual({
      products: ['webHosting_pro', 'domain_managed'],
      outsideBudget: [],
    });
    expect(
      fitToBudget(['webHosting_total', 'humanContent_business', 'growthCall_monthly'], 'starter'),
    ).toEqual({
      products: ['webHosting_total', 'growthCall_monthly'],
      outsideBudget: ['humanContent_business'],
    });
  });
});
