import type { Lang } from '#domain/language.ts';
import type { PlannerQuestion } from '#domain/planner-answers.ts';
import type { PlannerFlowContext } from '#machines/shared/planner-flow.ts';

export interface QuizInput {
  lang?: Lang;
}

export interface QuizContext extends PlannerFlowContext {
  /** Which of the five questions is shown while `asking` (0 to 4). */
  index: number;
}

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
