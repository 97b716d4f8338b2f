// A lead: someone who left a name and email in the planner, the smart quiz, the lead form or the
// Blueprint 100 page (API.md `POST /api/leads`). One schema, used by the machines before they send
// and by the server when it receives.

import * as v from 'valibot';
import { singleLine } from './text.ts';
import { isPlanId, type PlanId } from './catalogue.ts';
import { EMAIL_PATTERN } from './email.ts';
import { plannerAnswersSchema, type PlannerAnswers } from './recommendations.ts';
import { leadFormAnswersSchema } from './smart-answers.ts';

export const LEAD_SOURCES = ['planner', 'quiz', 'leadForm', 'blueprint'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export {
  LEAD_GOALS,
  LEAD_NEEDS,
  leadFormAnswersSchema,
  type LeadFormAnswers,
  type LeadGoal,
  type LeadNeed,
} from './smart-answers.ts';

export const NAME_MAX = 120;
export const EMAIL_MAX = 254;

/**
 * The planner's contact rule (SPEC section 5): a name longer than 1 character (after trimming)
 * and a plain address: no spaces, exactly one @, something on both sides and a dot after the @ —
 * the same pattern as checkout's (`EMAIL_PATTERN`), kept in one place.
 */
export const PLAIN_EMAIL = EMAIL_PATTERN;

export function isValidContactName(name: string): boolean {
  const trimmed = name.trim();
  return trimmed.length > 1 && trimmed.length <= NAME_MAX;
}

export function isValidContactEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= EMAIL_MAX && PLAIN_EMAIL.test(trimmed);
}

export const leadNameSchema = v.pipe(
  v.string('form.validation.required'),
  v.trim(),
  v.minLength(2, 'form.validation.required'),
  v.maxLength(NAME_MAX, 'form.validation.invalid'),
  singleLine(),
);

export const leadEmailSchema = v.pipe(
  v.string('form.validation.required'),
  v.trim(),
  v.nonEmpty('form.validation.required'),
  v.maxLength(EMAIL_MAX, 'form.validation.invalid'),
  singleLine(),
  v.regex(PLAIN_EMAIL, 'form.validation.invalidEmail'),
);

/** Free-form answers (the Blueprint page): a flat record of short values, bounded in size. */
const freeAnswerValue = v.union([
  v.pipe(v.string(), v.maxLength(2000)),
  v.boolean(),
  v.number(),
  v.null(),
  v.pipe(v.array(v.pipe(v.string(), v.maxLength(500))), v.maxLength(50)),
]);
export const freeAnswersSchema = v.pipe(
  // valibot's record takes a list too (its indexes as keys): answers are an object.
  v.custom<object>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    'form.validation.invalid',
  ),
  v.record(v.pipe(v.string(), v.maxLength(100)), freeAnswerValue),
  v.check((record) => Object.keys(record).length <= 100, 'form.validation.invalid'),
);

const planIdSchema = v.custom<PlanId>(
  (value) => typeof value === 'string' && isPlanId(value),
  'quote.error.unknownPlan',
);

const base = {
  name: leadNameSchema,
  email: leadEmailSchema,
  subscribe: v.boolean('form.validation.required'),
  recommendedProducts: v.optional(v.pipe(v.array(planIdSchema), v.maxLength(30))),
};

/** The body of `POST /api/leads`; which answers are accepted depends on the source. */
export const leadRequestSchema = v.variant('source', [
  v.object({ source: v.literal('planner'), answers: plannerAnswersSchema, ...base }),
  v.object({ source: v.literal('quiz'), answers: plannerAnswersSchema, ...base }),
  v.object({ source: v.literal('leadForm'), answers: leadFormAnswersSchema, ...base }),
  v.object({ source: v.literal('blueprint'), answers: freeAnswersSchema, ...base }),
]);
export type LeadRequest = v.InferOutput<typeof leadRequestSchema>;
export type LeadRequestInput = v.InferInput<typeof leadRequestSchema>;

/** Whether a lead's answers are the planner's five answers (planner and quiz). */
export function hasPlannerAnswers(
  lead: LeadRequest,
): lead is Extract<LeadRequest, { answers: PlannerAnswers }> {
  return lead.source === 'planner' || lead.source === 'quiz';
}

/** The answer of `POST /api/leads`. */
export const leadAnswerSchema = v.object({ id: v.string() });
