// The planner's recommendation rules (SPEC section 9), applied in the written order:
// category, base set per budget, adjustments, de-duplication.

import * as v from 'valibot';
import { groupOf, optionById, type GroupKey, type PlanId } from './catalogue.ts';
import { QUIZ_TIERS } from './quiz-tiers.ts';

export const SITUATIONS = ['starting', 'haveWebsite', 'needMaintenance'] as const;
export const GOALS = ['buildWebsite', 'getClients', 'fixMaintain'] as const;
export const BUDGETS = ['starter', 'professional', 'premium'] as const;
export const INVOLVEMENTS = ['handsOff', 'collab', 'diyHelp'] as const;
export const TIMELINES = ['now', 'soon', 'exploring'] as const;

export type Situation = (typeof SITUATIONS)[number];
export type Goal = (typeof GOALS)[number];
export type Budget = (typeof BUDGETS)[number];
export type Involvement = (typeof INVOLVEMENTS)[number];
export type Timeline = (typeof TIMELINES)[number];

export const plannerAnswersSchema = v.object({
  situation: v.picklist(SITUATIONS),
  goal: v.picklist(GOALS),
  budget: v.picklist(BUDGETS),
  involvement: v.picklist(INVOLVEMENTS),
  timeline: v.picklist(TIMELINES),
});
export type PlannerAnswers = v.InferOutput<typeof plannerAnswersSchema>;

export type RecommendedCategory = Extract<
  GroupKey,
  'buildLaunch' | 'growthOptimize' | 'techConcierge'
>;

export interface Recommendation {
  category: RecommendedCategory;
  products: PlanId[];
  /**
   * Monthly services the rules asked for that the chosen budget cannot carry (D39A-8), most
   * expensive first; left out of `products` and named to the visitor. Absent when all fit.
   */
  outsideBudget?: PlanId[];
}

/**
 * What a set of products costs a month, in cents: the monthly prices plus a twelfth of the yearly
 * ones (the domain). One-time prices are not a monthly cost: the budget question asks for a
 * monthly budget, and one-time costs are shown beside it (D39A-8).
 */
export function monthlyCost(products: readonly PlanId[]): number {
  let cents = 0;
  for (const id of products) {
    const prices = optionById(id)?.prices;
    cents += (prices?.monthly ?? 0) + Math.round((prices?.yearly ?? 0) / 12);
  }
  return cents;
}

/** The most a budget allows a month, in cents (the answer's own range); null: no upper limit. */
export function budgetMaxMonthly(budget: Budget): number | null {
  return QUIZ_TIERS[budget].monthlyMax;
}

/**
 * Step 10 of the rules (D39A-8): while the monthly cost is above the budget's upper limit, the most
 * expensive optional monthly service (never the website package or its domain) leaves the
 * recommendation, and is named as outside the budget.
 */
export function fitToBudget(
  products: readonly PlanId[],
  budget: Budget,
): { products: PlanId[]; outsideBudget: PlanId[] } {
  const max = budgetMaxMonthly(budget);
  const kept = [...products];
  const outsideBudget: PlanId[] = [];
  while (max !== null && monthlyCost(kept) > max) {
    const optional = kept
      .filter((id) => groupOf(id).key !== 'buildLaunch' && monthlyCost([id]) > 0)
      .sort((a, b) => monthlyCost([b]) - monthlyCost([a]));
    const drop = optional[0];
    if (!drop) break;
    kept.splice(kept.indexOf(drop), 1);
    outsideBudget.push(drop);
  }
  return { products: kept, outsideBudget };
}

/** `planner` is the landing-page planner and quiz; `blueprint` the Blueprint 100 page. */
export type RecommendationVariant = 'planner' | 'blueprint';

export const BASE_SETS: Record<Budget, readonly PlanId[]> = {
  starter: ['webHosting_total', 'domain_managed', 'branding_mini', 'techConcierge_extra_5h'],
  professional: ['webHosting_pro', 'growthCall_monthly', 'branding_full', 'seo_booster'],
  premium: [
    'webHosting_pro',
    'growthCall_monthly',
    'humanContent_business',
    'branding_premium',
    'cro_booster',
    'seo_booster',
    'content_strategy',
  ],
};

const TECH_HOURS: readonly PlanId[] = ['techConcierge_extra_5h', 'techConcierge_5h'];
const BRANDING: readonly PlanId[] = [
  'branding_mini',
  'branding_full',
  'branding_premium',
  'brand_audit',
];
const HOSTING_AND_DOMAIN: readonly PlanId[] = [
  'webHosting_total',
  'webHosting_pro',
  'domain_managed',
];

export function recommendedCategory(
  answers: Pick<PlannerAnswers, 'situation' | 'goal'>,
): RecommendedCategory {
  if (answers.goal === 'getClients' || answers.situation === 'haveWebsite') return 'growthOptimize';
  if (answers.goal === 'fixMaintain' || answers.situation === 'needMaintenance')
    return 'techConcierge';
  return 'buildLaunch';
}

/** The base set of a budget; the blueprint page adds the free Tech Concierge to the starter set. */
export function baseSet(budget: Budget, variant: RecommendationVariant = 'planner'): PlanId[] {
  const base = [...BASE_SETS[budget]];
  if (variant === 'blueprint' && budget === 'starter') base.push('techConcierge_free');
  return base;
}

function techHoursFor(budget: Budget): PlanId {
  return budget === 'premium' ? 'techConcierge_5h' : 'techConcierge_extra_5h';
}

export function recommend(
  answers: PlannerAnswers,
  variant: RecommendationVariant = 'planner',
): Recommendation {
  const { situation, goal, budget, involvement, timeline } = answers;
  const nonStarter = budget !== 'starter';
  const list: PlanId[] = baseSet(budget, variant);
  const add = (...ids: PlanId[]) => {
    for (const id of ids) if (!list.includes(id)) list.push(id);
  };
  const has = (ids: readonly PlanId[]) => list.some((id) => ids.includes(id));

  // 1. Starting from scratch needs a domain.
  if (situation === 'starting') add('domain_managed');

  // 2. An existing website keeps its hosting and domain; it needs conversions and growth.
  if (situation === 'haveWebsite') {
    for (const id of HOSTING_AND_DOMAIN) {
      const at = list.indexOf(id);
      if (at >= 0) list.splice(at, 1);
    }
    add('cro_booster');
    if (!has(BRANDING)) add('branding_mini');
    add('growthCall_monthly');
  }

  // 3. Getting clients: search, strategy, and content when the budget allows it.
  if (goal === 'getClients') {
    add('seo_booster', 'growthCall_monthly');
    if (nonStarter) add('humanContent_business');
  }

  // 4. Hands-off owners get content (not on starter), the growth call and tech hours.
  if (involvement === 'handsOff') {
    if (nonStarter) add('humanContent_business');
    add('growthCall_monthly', techHoursFor(budget));
  }

  // 5. Getting clients with an existing website: make sure of the three growth services.
  if (goal === 'getClients' && situation === 'haveWebsite')
    add('cro_booster', 'growthCall_monthly', 'seo_booster');

  // 6. Building a first website: branding that fits the budget, content and SEO.
  if (goal === 'buildWebsite' && situation === 'starting') {
    if (budget === 'premium') add('branding_premium');
    if (budget === 'professional') add('branding_full');
    if (nonStarter) add('humanContent_business', 'seo_booster');
    add('seo_booster');
  }

  // 7. Maintenance: the free concierge, plus tech hours when the budget allows it.
  if (goal === 'fixMaintain' || situation === 'needMaintenance') {
    add('techConcierge_free');
    if (nonStarter) add(techHoursFor(budget));
  }

  // 8. Starting now: tech hours for a quick start, unless some are already in.
  if (timeline === 'now' && nonStarter && !has(TECH_HOURS)) add('techConcierge_extra_5h');

  // 9. De-duplicated throughout by `add`; this keeps the guarantee explicit.
  // 10. Within the budget chosen: what it cannot carry a month is left out and named (D39A-8).
  const fit = fitToBudget([...new Set(list)], budget);
  return {
    category: recommendedCategory(answers),
    products: fit.products,
    ...(fit.outsideBudget.length > 0 ? { outsideBudget: fit.outsideBudget } : {}),
  };
}

export interface RecommendationCards {
  /** Recommended products that are in the budget's base set. */
  budgetBased: PlanId[];
  /** Recommended products added by the goal, situation, involvement and timeline rules. */
  goalBased: PlanId[];
}

/** Splits recommendation cards into budget-based and goal-based groups by the base lists. */
export function splitRecommendations(
  products: readonly PlanId[],
  budget: Budget,
  variant: RecommendationVariant = 'planner',
): RecommendationCards {
  const base = baseSet(budget, variant);
  return {
    budgetBased: products.filter((id) => base.includes(id)),
    goalBased: products.filter((id) => !base.includes(id)),
  };
}

/** Every combination of answers (3^5 = 243), for exhaustive checks. */
export function allPlannerAnswers(): PlannerAnswers[] {
  const out: PlannerAnswers[] = [];
  for (const situation of SITUATIONS)
    for (const goal of GOALS)
      for (const budget of BUDGETS)
        for (const involvement of INVOLVEMENTS)
          for (const timeline of TIMELINES)
            out.push({ situation, goal, budget, involvement, timeline });
  return out;
}
