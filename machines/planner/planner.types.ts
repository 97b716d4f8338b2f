import type { PlanId } from '#domain/catalogue.ts';
import type { PlannerAnswers, RecommendedCategory } from '#domain/recommendations.ts';

/** The five questions, in the order the planner asks them. */
export const PLANNER_QUESTIONS = [
  'situation',
  'goal',
  'budget',
  'involvement',
  'timeline',
] as const satisfies ReadonlyArray<keyof PlannerAnswers>;
export type PlannerQuestion = (typeof PLANNER_QUESTIONS)[number];

/** What the visitor has answered so far (SPEC section 3, "Planner answers"). */
export interface PlannerDraft {
  situation?: PlannerAnswers['situation'] | undefined;
  goal?: PlannerAnswers['goal'] | undefined;
  budget?: PlannerAnswers['budget'] | undefined;
  involvement?: PlannerAnswers['involvement'] | undefined;
  timeline?: PlannerAnswers['timeline'] | undefined;
}

/** The record saved under `site-builder-answers` once the planner completes. */
export interface SavedPlannerAnswers extends PlannerAnswers {
  name: string;
  email: string;
  subscribe: boolean;
  recommendedCategory: RecommendedCategory;
  recommendedProducts: PlanId[];
}

export interface PlannerInput {
  /** Answers of an earlier visit (`readSavedAnswers()`), shown preselected. */
  saved?: Partial<SavedPlannerAnswers> | undefined;
}

export interface PlannerContext {
  answers: PlannerDraft;
  name: string;
  email: string;
  subscribe: boolean;
  /** Computed on reaching the plan-ready screen, from the rule book. */
  recommendation: { category: RecommendedCategory; products: PlanId[] } | null;
}

/** The answer of `storeLead`: an expected refusal is a value, not an error. */
export type StoreLeadResult = { ok: true; id: string } | { ok: false };

export type PlannerEvent =
  | { type: 'user.start' }
  | {
      type: 'user.choose';
      question: PlannerQuestion;
      value: string;
    }
  | { type: 'user.next' }
  | { type: 'user.back' }
  | { type: 'user.changeName'; value: string }
  | { type: 'user.changeEmail'; value: string }
  | { type: 'user.acceptConsent' }
  | { type: 'user.declineConsent' }
  | { type: 'user.retry' }
  | { type: 'user.continueWithoutSaving' };

export type PlannerEventType = PlannerEvent['type'];
