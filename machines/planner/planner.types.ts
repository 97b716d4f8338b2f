export {
  PLANNER_QUESTIONS,
  type PlannerDraft,
  type PlannerQuestion,
  type SavedPlannerAnswers,
} from '#domain/planner-answers.ts';
import type { PlannerQuestion, SavedPlannerAnswers } from '#domain/planner-answers.ts';

export interface PlannerInput {
  /** Answers of an earlier visit (`readSavedAnswers()`), shown preselected. */
  saved?: Partial<SavedPlannerAnswers> | undefined;
}

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
