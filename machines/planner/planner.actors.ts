// Side effects of the planner: the answers kept in localStorage (through the one storage helper).
// The lead is stored by machines/shared/leads.ts.

import {
  definedAnswers,
  PLANNER_STORAGE_KEY,
  savedPlannerAnswersSchema,
  type SavedPlannerAnswers,
} from '#domain/planner-answers.ts';
import { keepSmartAnswers } from '#machines/shared/smart-answers.ts';
import { readStored, writeStored } from '#machines/shared/storage.ts';

export { PLANNER_STORAGE_KEY };

/**
 * The answers saved by an earlier visit. Malformed JSON (SPEC sections 5 and 8) is discarded
 * with a console warning and the answers start empty; unknown values are dropped one by one.
 */
export function readSavedAnswers(): Partial<SavedPlannerAnswers> {
  const saved = readStored(PLANNER_STORAGE_KEY, savedPlannerAnswersSchema);
  return saved ? definedAnswers(saved) : {};
}

/**
 * Saves `site-builder-answers` and keeps the five answers for the checkout (the planner's part of
 * `smartLeadFormAnswers`). Quota exceeded or storage disabled: ignored, the recommendation still
 * travels in the URL.
 */
export function writeSavedAnswers(answers: SavedPlannerAnswers): void {
  writeStored(PLANNER_STORAGE_KEY, answers);
  const { situation, goal, budget, involvement, timeline } = answers;
  keepSmartAnswers('planner', { situation, goal, budget, involvement, timeline });
}
