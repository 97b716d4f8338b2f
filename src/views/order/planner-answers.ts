// The planner's answers, saved by the planner page in localStorage (SPEC 7: key
// `site-builder-answers`). The order page reads only what it needs: the recommended products
// (the automatic recommendation) and the name (personalisation). Malformed JSON is discarded
// with a console warning (SPEC 5).

import * as v from 'valibot';

export const PLANNER_ANSWERS_STORAGE_KEY = 'site-builder-answers';

export interface PlannerRecommendation {
  name: string;
  recommendedProducts: string[];
}

const answersSchema = v.object({
  name: v.fallback(v.optional(v.string(), ''), ''),
  recommendedProducts: v.fallback(v.optional(v.array(v.string()), []), []),
});

/** The saved answers, or null when there are none (or they could not be read). */
export function readPlannerAnswers(): PlannerRecommendation | null {
  if (typeof window === 'undefined') return null;
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(PLANNER_ANSWERS_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    console.warn(
      `Discarded the saved planner answers (${PLANNER_ANSWERS_STORAGE_KEY}): not valid JSON.`,
    );
    return null;
  }
  const parsed = v.safeParse(answersSchema, data);
  if (!parsed.success || Array.isArray(data)) {
    console.warn(
      `Discarded the saved planner answers (${PLANNER_ANSWERS_STORAGE_KEY}): not an object.`,
    );
    return null;
  }
  return {
    name: parsed.output.name.trim(),
    recommendedProducts: parsed.output.recommendedProducts,
  };
}
