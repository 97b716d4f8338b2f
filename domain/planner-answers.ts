// The planner's five answers as the planner, the smart quiz and the order page share them: the
// order of the questions, a draft that fills up one answer at a time, and the record saved in the
// browser under `site-builder-answers` (SPEC section 7), with the schema it is read back through.

import * as v from 'valibot';
import { isPlanId, type PlanId } from './catalogue.ts';
import {
  BUDGETS,
  GOALS,
  INVOLVEMENTS,
  SITUATIONS,
  TIMELINES,
  type PlannerAnswers,
  type RecommendedCategory,
} from './recommendations.ts';

/** localStorage key of the saved answers (SPEC section 7). */
export const PLANNER_STORAGE_KEY = 'site-builder-answers';

/** The five questions, in the order the planner and the quiz ask them. */
export const PLANNER_QUESTIONS = [
  'situation',
  'goal',
  'budget',
  'involvement',
  'timeline',
] as const satisfies ReadonlyArray<keyof PlannerAnswers>;
export type PlannerQuestion = (typeof PLANNER_QUESTIONS)[number];

/** The answers each question offers, in the order they are shown. */
export const PLANNER_CHOICES: Record<PlannerQuestion, readonly string[]> = {
  situation: SITUATIONS,
  goal: GOALS,
  budget: BUDGETS,
  involvement: INVOLVEMENTS,
  timeline: TIMELINES,
};

/** Whether `value` is one of the answers `question` offers. */
export function isPlannerChoice(question: PlannerQuestion, value: string): boolean {
  return PLANNER_CHOICES[question].includes(value);
}

/** What the visitor has answered so far (SPEC section 3, "Planner answers"). */
export interface PlannerDraft {
  situation?: PlannerAnswers['situation'] | undefined;
  goal?: PlannerAnswers['goal'] | undefined;
  budget?: PlannerAnswers['budget'] | undefined;
  involvement?: PlannerAnswers['involvement'] | undefined;
  timeline?: PlannerAnswers['timeline'] | undefined;
}

/** The five answers once all are given, else null. */
export function completeAnswers(draft: PlannerDraft): PlannerAnswers | null {
  const { situation, goal, budget, involvement, timeline } = draft;
  if (!situation || !goal || !budget || !involvement || !timeline) return null;
  return { situation, goal, budget, involvement, timeline };
}

/** The record saved under `site-builder-answers` once the planner completes. */
export interface SavedPlannerAnswers extends PlannerAnswers {
  name: string;
  email: string;
  subscribe: boolean;
  recommendedCategory: RecommendedCategory;
  recommendedProducts: PlanId[];
}

/** One saved field: kept when valid, dropped (undefined) when not, so one bad value loses only itself. */
const lenient = <T extends v.GenericSchema>(schema: T) => v.fallback(v.optional(schema), undefined);

/**
 * The saved record as it is read back: an object (anything else is discarded as malformed),
 * each field checked on its own, unknown plan ids dropped.
 */
export const savedPlannerAnswersSchema = v.pipe(
  v.custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  ),
  v.object({
    situation: lenient(v.picklist(SITUATIONS)),
    goal: lenient(v.picklist(GOALS)),
    budget: lenient(v.picklist(BUDGETS)),
    involvement: lenient(v.picklist(INVOLVEMENTS)),
    timeline: lenient(v.picklist(TIMELINES)),
    name: lenient(v.string()),
    email: lenient(v.string()),
    subscribe: lenient(v.boolean()),
    recommendedCategory: lenient(v.picklist(['buildLaunch', 'growthOptimize', 'techConcierge'])),
    recommendedProducts: lenient(
      v.pipe(
        v.array(v.unknown()),
        v.transform((ids) => ids.filter((id): id is PlanId => isPlanId(id))),
      ),
    ),
  }),
);

/** Only the fields that were there and valid. */
export function definedAnswers(
  saved: v.InferOutput<typeof savedPlannerAnswersSchema>,
): Partial<SavedPlannerAnswers> {
  return Object.fromEntries(
    Object.entries(saved).filter(([, value]) => value !== undefined),
  ) as Partial<SavedPlannerAnswers>;
}
