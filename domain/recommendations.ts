// The planner's recommendation rules (SPEC section 9), applied in the written order:
// category, base set per budget, adjustments, de-duplication.

import * as v from 'valibot';
import type { GroupKey, PlanId } from './catalogue.ts';

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
  return { category: recommendedCategory(answers), products: [...new Set(list)] };
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
