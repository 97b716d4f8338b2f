// The answers of the guided flows kept in the browser (domain/smart-answers.ts): the planner, the
// smart quiz and the lead form each keep theirs when they end; the checkout reads the record and
// sends it with the order. Through the one storage helper: a malformed record is discarded.

import {
  SMART_ANSWERS_STORAGE_KEY,
  smartLeadFormAnswersSchema,
  withSmartAnswers,
  type SmartAnswerSource,
  type SmartAnswersOf,
  type SmartLeadFormAnswers,
} from '#domain/smart-answers.ts';
import { readStored, writeStored } from './storage.ts';

/** The record of earlier visits, or null when there is none (or it was malformed). */
export function readSmartAnswers(): SmartLeadFormAnswers | null {
  return readStored(SMART_ANSWERS_STORAGE_KEY, smartLeadFormAnswersSchema);
}

/** Keeps one flow's latest answers beside the others'. */
export function keepSmartAnswers<S extends SmartAnswerSource>(
  source: S,
  answers: SmartAnswersOf<S>,
): void {
  writeStored(SMART_ANSWERS_STORAGE_KEY, withSmartAnswers(readSmartAnswers(), source, answers));
}
