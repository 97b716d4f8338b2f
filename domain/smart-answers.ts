// The answers of the guided flows (SPEC section 3: the lead form's and the checkout form's
// `smartLeadFormAnswers`): what a visitor told the planner, the smart quiz or the lead form. Each
// flow keeps its own answers in the browser when it ends; the checkout sends them with the order
// and the server stores them on it for staff. One schema for the browser and the server.
//
// Imports nothing that imports checkout.schema.ts, so the checkout body can use it.

import * as v from 'valibot';
import { PLANNER_QUESTIONS } from './planner-answers.ts';
import { plannerAnswersSchema } from './recommendations.ts';

/** localStorage key of the answers record. */
export const SMART_ANSWERS_STORAGE_KEY = 'smart-lead-form-answers';

/** Lead-form goals (SPEC section 3, "Lead form data"). */
export const LEAD_GOALS = ['getClients', 'showcase', 'sellProducts', 'needHelp'] as const;
export type LeadGoal = (typeof LEAD_GOALS)[number];

/** Lead-form needs (SPEC section 3: launch a new website, improve the current one, something else). */
export const LEAD_NEEDS = ['launchNew', 'improveCurrent', 'somethingElse'] as const;
export type LeadNeed = (typeof LEAD_NEEDS)[number];

/** Answers of the lead form: a goal and, optionally, the need it was worded as. */
export const leadFormAnswersSchema = v.object({
  goal: v.picklist(LEAD_GOALS),
  need: v.optional(v.picklist(LEAD_NEEDS)),
  booked: v.optional(v.boolean()),
});
export type LeadFormAnswers = v.InferOutput<typeof leadFormAnswersSchema>;

/** The flows whose answers travel with an order, in the order staff read them. */
export const SMART_ANSWER_SOURCES = ['planner', 'quiz', 'leadForm'] as const;
export type SmartAnswerSource = (typeof SMART_ANSWER_SOURCES)[number];

/**
 * The record: the latest answers of each flow the visitor finished (at least one). Unknown keys
 * and values outside the flows' own choices are refused, on the server and when read back.
 */
export const smartLeadFormAnswersSchema = v.pipe(
  v.strictObject({
    planner: v.optional(plannerAnswersSchema),
    quiz: v.optional(plannerAnswersSchema),
    leadForm: v.optional(leadFormAnswersSchema),
  }),
  v.check(
    (record) => SMART_ANSWER_SOURCES.some((source) => record[source] !== undefined),
    'form.validation.invalid',
  ),
);
export type SmartLeadFormAnswers = v.InferOutput<typeof smartLeadFormAnswersSchema>;
export type SmartAnswersOf<S extends SmartAnswerSource> = NonNullable<SmartLeadFormAnswers[S]>;

/** A stored record read back (staff pages): the record, or null when absent or not one. */
export function parseSmartAnswers(value: unknown): SmartLeadFormAnswers | null {
  const parsed = v.safeParse(smartLeadFormAnswersSchema, value);
  return parsed.success ? parsed.output : null;
}

/** The record with one flow's answers replaced by its latest ones. */
export function withSmartAnswers<S extends SmartAnswerSource>(
  record: SmartLeadFormAnswers | null,
  source: S,
  answers: SmartAnswersOf<S>,
): SmartLeadFormAnswers {
  return { ...(record ?? {}), [source]: answers };
}

/** One answer as staff read it: the question's message id and the chosen value's message id. */
export interface SmartAnswerLine {
  questionId: string;
  valueId: string;
}

/** The lines of one flow's answers, in the order the flow asks them (message ids, both languages). */
export function smartAnswerLines(record: SmartLeadFormAnswers): Array<{
  source: SmartAnswerSource;
  lines: SmartAnswerLine[];
}> {
  const out: Array<{ source: SmartAnswerSource; lines: SmartAnswerLine[] }> = [];
  for (const source of SMART_ANSWER_SOURCES) {
    if (source === 'leadForm') {
      const answers = record.leadForm;
      if (!answers) continue;
      const lines: SmartAnswerLine[] = [
        { questionId: 'leadForm.goal.question', valueId: `leadForm.goal.${answers.goal}` },
      ];
      if (answers.need)
        lines.push({
          questionId: 'leadForm.need.question',
          valueId: `leadForm.need.${answers.need}`,
        });
      if (answers.booked !== undefined)
        lines.push({
          questionId: 'smartAnswers.booked',
          valueId: answers.booked ? 'smartAnswers.yes' : 'smartAnswers.no',
        });
      out.push({ source, lines });
      continue;
    }
    const answers = record[source];
    if (!answers) continue;
    out.push({
      source,
      lines: PLANNER_QUESTIONS.map((question) => ({
        questionId: `planner.${question}.question`,
        valueId: `planner.${question}.${answers[question]}`,
      })),
    });
  }
  return out;
}
