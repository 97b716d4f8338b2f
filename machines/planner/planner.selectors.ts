// What the planner's screens need, derived from a snapshot of the chart.

import type { SnapshotFrom } from 'xstate';
import {
  budgetMaxMonthly,
  monthlyCost,
  splitRecommendations,
  type RecommendationCards,
} from '#domain/recommendations.ts';
import type { PlanId } from '#domain/catalogue.ts';
import { completeAnswers } from '#domain/planner-answers.ts';
import type { plannerMachine } from './planner.machine.ts';
import { PLANNER_QUESTIONS, type PlannerQuestion } from './planner.types.ts';

export type PlannerSnapshot = SnapshotFrom<typeof plannerMachine>;

/** The eleven screens of SPEC screen 3, index 0 to 10. */
export const PLANNER_SCREENS = [
  'start',
  'situation',
  'goal',
  'budget',
  'involvement',
  'timeline',
  'planReady',
  'contact',
  'consent',
  'thankYou',
  'goodbye',
] as const;
export type PlannerScreen = (typeof PLANNER_SCREENS)[number];

/** The screen shown: working and failed phases stay on the consent screen, `completed` keeps the last. */
export function selectScreen(snapshot: PlannerSnapshot): PlannerScreen {
  const value = snapshot.value as string;
  if (value === 'submitting' || value === 'submitFailed') return 'consent';
  if (value === 'completed' || value === 'navigating')
    return snapshot.context.subscribe ? 'thankYou' : 'goodbye';
  return value as PlannerScreen;
}

export function selectScreenIndex(snapshot: PlannerSnapshot): number {
  return PLANNER_SCREENS.indexOf(selectScreen(snapshot));
}

/** "Step x of 5" on the five questions only (screens 1 to 5). */
export function selectStep(snapshot: PlannerSnapshot): { step: number; of: number } | null {
  const index = selectScreenIndex(snapshot);
  return index >= 1 && index <= 5 ? { step: index, of: PLANNER_QUESTIONS.length } : null;
}

/** Screens 1 to 8 carry a title in the progress header. */
export function selectHasTitle(snapshot: PlannerSnapshot): boolean {
  const index = selectScreenIndex(snapshot);
  return index >= 1 && index <= 8;
}

export function selectQuestion(snapshot: PlannerSnapshot): PlannerQuestion | null {
  const screen = selectScreen(snapshot);
  return (PLANNER_QUESTIONS as readonly string[]).includes(screen)
    ? (screen as PlannerQuestion)
    : null;
}

/** Budget-based and goal-based recommendation cards of the plan-ready screen. */
export function selectRecommendationCards(snapshot: PlannerSnapshot): RecommendationCards | null {
  const { recommendation, answers } = snapshot.context;
  const complete = completeAnswers(answers);
  if (!recommendation || !complete) return null;
  return splitRecommendations(recommendation.products, complete.budget);
}

/**
 * How the recommendation stands against the monthly budget chosen (D39A-8): its monthly cost, the
 * budget's upper limit (null: none), and what was left out to stay within it with its cost.
 */
export function selectBudgetFit(snapshot: PlannerSnapshot): {
  monthly: number;
  max: number | null;
  outsideBudget: PlanId[];
  outsideMonthly: number;
} | null {
  const { recommendation, answers } = snapshot.context;
  const complete = completeAnswers(answers);
  if (!recommendation || !complete) return null;
  const outsideBudget = recommendation.outsideBudget ?? [];
  return {
    monthly: monthlyCost(recommendation.products),
    max: budgetMaxMonthly(complete.budget),
    outsideBudget,
    outsideMonthly: monthlyCost(outsideBudget),
  };
}

/** `/total-package/order?plans=a,b` search of the recommendation. */
export function selectOrderSearch(snapshot: PlannerSnapshot): { plans: string } {
  return { plans: (snapshot.context.recommendation?.products ?? []).join(',') };
}
