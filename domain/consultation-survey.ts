// The follow-up survey of the confirmation page (SPEC screen 14): its priorities, as ids and as
// the English labels SPEC names, which the API accepts as well (a label is read as its id).

export const SURVEY_PRIORITIES = [
  'increaseSales',
  'improveRetention',
  'optimizeOperations',
  'other',
] as const;
export type SurveyPriority = (typeof SURVEY_PRIORITIES)[number];

/** SPEC 14's wording of each priority; `POST /api/consultation-survey` accepts these too. */
export const SURVEY_PRIORITY_LABELS: Readonly<Record<SurveyPriority, string>> = {
  increaseSales: 'Increase sales',
  improveRetention: 'Improve retention',
  optimizeOperations: 'Optimize operations',
  other: 'Other',
};

/** An id, or SPEC's English label of one (case and surrounding spaces ignored); else undefined. */
export function surveyPriorityOf(value: string): SurveyPriority | undefined {
  const wanted = value.trim().toLowerCase();
  return SURVEY_PRIORITIES.find(
    (id) => id.toLowerCase() === wanted || SURVEY_PRIORITY_LABELS[id].toLowerCase() === wanted,
  );
}
