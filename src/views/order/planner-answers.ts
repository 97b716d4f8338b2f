// The planner's answers, saved by the planner page in localStorage (SPEC 7: key
// `site-builder-answers`, schema in domain/planner-answers.ts). The order page reads only what it
// needs: the recommended products (the automatic recommendation) and the name (personalisation).
// Malformed JSON is discarded with a console warning (SPEC 5) by the one storage helper.

import { PLANNER_STORAGE_KEY, savedPlannerAnswersSchema } from '#domain/planner-answers.ts';
import { readStored } from '#machines/shared/storage.ts';

export interface PlannerRecommendation {
  name: string;
  recommendedProducts: string[];
}

/** The saved answers, or null when there are none (or they could not be read). */
export function readPlannerAnswers(): PlannerRecommendation | null {
  const saved = readStored(PLANNER_STORAGE_KEY, savedPlannerAnswersSchema);
  if (!saved) return null;
  return { name: (saved.name ?? '').trim(), recommendedProducts: saved.recommendedProducts ?? [] };
}
