import type { Lang } from '#domain/language.ts';
import type { PlannerDraft, PlannerQuestion } from '#domain/planner-answers.ts';
import type { RecommendedCategory } from '#domain/recommendations.ts';
import type { PlanId } from '#domain/catalogue.ts';

export interface QuizInput {
  lang?: Lang;
}

export interface QuizContext {
  /** Which of the five questions is shown while `asking` (0 to 4). */
  index: number;
  answers: PlannerDraft;
  name: string;
  email: string;
  subscribe: boolean;
  recommendation: { category: RecommendedCategory; products: PlanId[] } | null;
  lang: Lang | undefined;
}

export type { StoreLeadResult } from '#machines/shared/leads.ts';

export type QuizEvent =
  | { type: 'user.start' }
  | { type: 'user.choose'; question: PlannerQuestion; value: string }
  | { type: 'user.next' }
  | { type: 'user.back' }
  | { type: 'user.changeName'; value: string }
  | { type: 'user.changeEmail'; value: string }
  | { type: 'user.acceptTips' }
  | { type: 'user.declineTips' }
  | { type: 'user.retry' }
  | { type: 'user.continueWithoutSaving' };
