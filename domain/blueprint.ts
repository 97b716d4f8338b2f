// Blueprint 100 (SPEC sections 3 "Questionnaire" and "Palettes and fonts", 4 "Questionnaire",
// 5 "Uploads", 9 "Points, score, confetti, microcopy"): the questions as typed data with their
// points (blueprint-questions.ts, re-exported here), the answer shapes, the completion rules, the
// score out of 100, the microcopy bands, and how the answers feed the blueprint variant of the
// recommendation rules. Pure: no I/O.

import * as v from 'valibot';
import { CONTROL_CHARACTERS_KEY, multiLine, singleLine } from './text.ts';
import type { PlanId } from './catalogue.ts';
import { recommend, type PlannerAnswers, type Recommendation } from './recommendations.ts';
import {
  FONTS,
  IMAGE_TYPES,
  MAX_UPLOADS,
  MAX_UPLOAD_BYTES,
  PALETTES,
  QUESTIONS,
  SECTION_COUNT,
  SECTION_IDS,
  TEXTAREA_MAX,
  TEXT_MAX,
  questionById,
  questionsOf,
  type Question,
  type QuestionId,
  type SectionId,
} from './blueprint-questions.ts';

export * from './blueprint-questions.ts';

// ---------------------------------------------------------------------------------------------
// Answers

/** An uploaded file as the answers carry it: the server's id and what it stored. */
export const uploadRefSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  name: v.pipe(v.string(), v.maxLength(255)),
  contentType: v.picklist(IMAGE_TYPES),
  size: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_UPLOAD_BYTES)),
});
export type UploadRef = v.InferOutput<typeof uploadRefSchema>;

/** One answer (SPEC: only a string, a boolean, a list of strings or files is accepted back). */
export const answerValueSchema = v.union([
  v.pipe(v.string(), v.maxLength(TEXTAREA_MAX)),
  v.boolean(),
  v.pipe(v.array(v.pipe(v.string(), v.maxLength(TEXT_MAX))), v.maxLength(50)),
  v.pipe(v.array(uploadRefSchema), v.maxLength(MAX_UPLOADS)),
]);
export type AnswerValue = string | boolean | string[] | UploadRef[];
export type Answers = Partial<Record<QuestionId, AnswerValue>>;

const shortText = v.pipe(v.string(), v.maxLength(TEXT_MAX), singleLine());
const longText = v.pipe(v.string(), v.maxLength(TEXTAREA_MAX), multiLine());
const textList = (max: number) => v.pipe(v.array(shortText), v.maxLength(max));

/**
 * The answer a question takes, by its type (issue 38: a string for a multi-select, or `true` for
 * a list, reached the PDF and broke it): text and choices are strings, multi-selects, colours and
 * lists are lists of strings, a checkbox is a boolean, file questions are lists of stored files.
 */
export function answerSchemaFor(question: Question): v.GenericSchema<unknown, AnswerValue> {
  switch (question.type) {
    case 'text':
    case 'select':
    case 'palette':
    case 'font':
      return shortText;
    case 'textarea':
      return longText;
    case 'checkbox':
      return v.boolean();
    case 'multiselect':
    case 'colorpicker':
      return textList(50);
    case 'listinput':
      return textList(question.maxItems);
    case 'file':
    case 'multifile':
      return v.pipe(v.array(uploadRefSchema), v.maxLength(question.maxFiles));
  }
}

/**
 * The answers of a request: known question ids only, each answer of its question's type; the
 * field of a refused answer is `answers.<question id>`.
 */
export const answersSchema = v.pipe(
  // valibot's record takes a list too (its indexes as keys): answers are an object.
  v.custom<object>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    'form.validation.invalid',
  ),
  v.record(v.string(), v.unknown()),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const [key, value] of Object.entries(dataset.value)) {
      const question = questionById(key);
      const result = question ? v.safeParse(answerSchemaFor(question), value) : null;
      if (result?.success) continue;
      addIssue({
        message:
          result?.issues[0]?.message === CONTROL_CHARACTERS_KEY
            ? CONTROL_CHARACTERS_KEY
            : 'form.validation.invalid',
        path: [
          {
            type: 'object',
            origin: 'value',
            input: dataset.value,
            key,
            value,
          },
        ],
      });
    }
  }),
  v.transform((record) => record as Answers),
);

/** SPEC defaults: multiselect and colour picker an empty list, checkbox false, others "". */
export function defaultAnswer(question: Question): AnswerValue {
  switch (question.type) {
    case 'multiselect':
    case 'colorpicker':
    case 'listinput':
    case 'file':
    case 'multifile':
      return [];
    case 'checkbox':
      return false;
    default:
      return '';
  }
}

/**
 * Keeps only the saved answers SPEC accepts back (a string, a boolean, a string list, files) for
 * known questions; the rest is listed in `discarded` so the caller can warn about it.
 */
export function acceptSavedAnswers(raw: unknown): { answers: Answers; discarded: string[] } {
  const answers: Answers = {};
  const discarded: string[] = [];
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { answers, discarded: ['*'] };
  for (const [key, value] of Object.entries(raw)) {
    if (questionById(key) && v.is(answerValueSchema, value))
      answers[key as QuestionId] = value as AnswerValue;
    else discarded.push(key);
  }
  return { answers, discarded };
}

/** Non-empty: text with something other than spaces, a non-empty list, a checked checkbox. */
export function isAnswered(question: Question, value: AnswerValue | undefined): boolean {
  if (value === undefined) return false;
  if (question.type === 'checkbox') return value === true;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value))
    return value.some((item) => (typeof item === 'string' ? item.trim() !== '' : true));
  return false;
}

/** A section is complete when every one of its questions is answered (SPEC 4). */
export function isSectionComplete(section: SectionId, answers: Answers): boolean {
  return questionsOf(section).every((question) =>
    isAnswered(question, answers[question.id as QuestionId]),
  );
}

/** The questions without an answer, in order (the summary's "missing" rows, the PDF's list). */
export function missingQuestions(answers: Answers): Question[] {
  return (QUESTIONS as readonly Question[]).filter(
    (question) => !isAnswered(question, answers[question.id as QuestionId]),
  );
}

/**
 * The score out of 100: the points of every answered question, capped at 100 and rounded
 * (SPEC 4 and 9).
 */
export function blueprintScore(answers: Answers): number {
  const total = (QUESTIONS as readonly Question[]).reduce(
    (sum, question) =>
      sum + (isAnswered(question, answers[question.id as QuestionId]) ? question.points : 0),
    0,
  );
  return Math.round(Math.min(100, total));
}

export const SCORE_BANDS = ['perfect', 'excellent', 'strong', 'medium', 'early', 'start'] as const;
export type ScoreBand = (typeof SCORE_BANDS)[number];

/** The headline band: 100 perfect, 90+ excellent, 75+ strong, 50+ medium, 30+ early, else start. */
export function scoreBand(score: number): ScoreBand {
  if (score >= 100) return 'perfect';
  if (score >= 90) return 'excellent';
  if (score >= 75) return 'strong';
  if (score >= 50) return 'medium';
  if (score >= 30) return 'early';
  return 'start';
}

export const PROGRESS_BANDS = [
  'start',
  'step1',
  'step2',
  'step3',
  'step4',
  'step5',
  'almost',
  'complete',
] as const;
export type ProgressBand = (typeof PROGRESS_BANDS)[number];

/**
 * The progress bar's microcopy (SPEC 4): the step size is 100 / number of steps (the five sections
 * and the summary: 6); 0 until the first step size is `start`, then `stepN` at N step sizes (N up
 * to 5), `almost` in the last half step below 100, `complete` at 100 (decision B3).
 */
export function progressBand(progress: number, steps: number = SECTION_COUNT + 1): ProgressBand {
  if (progress >= 100) return 'complete';
  const size = 100 / steps;
  if (progress > 100 - size / 2) return 'almost';
  const reached = Math.min(5, Math.floor(progress / size));
  return reached <= 0 ? 'start' : (`step${reached}` as ProgressBand);
}

/** Confetti at 100 (SPEC 9): a burst of 60 to 100 pieces, 8 s life, sparkle 3 s, max 300. */
export const CONFETTI = {
  minPieces: 60,
  maxPieces: 100,
  maxParticles: 300,
  lifeMs: 8000,
  sparkleMs: 3000,
} as const;

// ---------------------------------------------------------------------------------------------
// Recommendations: the blueprint variant of the planner rules (SPEC 3: the questionnaire yields
// budget (default starter), goal, situation, involvement; SPEC 9: the blueprint adds the free
// Tech Concierge to the starter set). How the answers map is decision B2 in docs/decisions.md.

export function plannerAnswersFromBlueprint(answers: Answers): PlannerAnswers {
  const goals = (answers.foundation_goals as string[] | undefined) ?? [];
  const timeline = answers.foundation_launchTimeline;
  const tools = (answers.marketing_existingTools as string[] | undefined) ?? [];
  const growth = (answers.marketing_growthTactics as string[] | undefined) ?? [];
  const hasDomain =
    typeof answers.foundation_domain === 'string' && answers.foundation_domain.trim() !== '';
  const wantsClients =
    goals.includes('leadCapture') || goals.includes('ecom') || growth.some((g) => g !== 'dontNeed');
  return {
    budget: 'starter',
    goal: wantsClients ? 'getClients' : 'buildWebsite',
    situation:
      hasDomain && tools.some((t) => t !== 'none' && t !== 'dontNeed') ? 'haveWebsite' : 'starting',
    involvement: 'collab',
    timeline: timeline === 'immediate' ? 'now' : timeline === 'month' ? 'soon' : 'exploring',
  };
}

export function blueprintRecommendation(answers: Answers): Recommendation & { products: PlanId[] } {
  return recommend(plannerAnswersFromBlueprint(answers), 'blueprint');
}

/** The body of `POST /api/blueprinthundred/pdf/create` (API.md 4). */
export const pdfRequestSchema = v.object({
  /** The question ids the page showed; the server uses its own list (domain/), this is checked. */
  questions: v.optional(
    v.pipe(
      v.array(v.union([v.string(), v.looseObject({ id: v.string() })])),
      v.maxLength(QUESTIONS.length + 10),
    ),
  ),
  answers: answersSchema,
  /** The page's recommendation; the server recomputes its own from the answers. */
  recommendations: v.optional(v.unknown()),
  lang: v.optional(v.picklist(['nl', 'en'])),
  /** The draft token that owns the uploaded files (for their thumbnails). */
  draft: v.optional(v.pipe(v.string(), v.maxLength(100))),
});
export type PdfRequest = v.InferOutput<typeof pdfRequestSchema>;

export const sendRequestSchema = v.object({
  ...pdfRequestSchema.entries,
  email: v.pipe(
    v.string('form.validation.required'),
    v.trim(),
    v.nonEmpty('form.validation.required'),
    v.maxLength(254, 'form.validation.invalidEmail'),
    singleLine(),
    v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'form.validation.invalidEmail'),
  ),
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120), singleLine())),
  /** Follow-up mail consent (the lead's `subscribe`). */
  consent: v.optional(v.boolean(), false),
});
export type SendRequest = v.InferOutput<typeof sendRequestSchema>;

/** The file name of the PDF (`blueprint-100-<score>.pdf`). */
export function pdfFilename(score: number): string {
  return `blueprint-100-${score}.pdf`;
}

/**
 * The answer of one question in words, for the summary and the PDF: option labels, the palette's
 * and the font's names, colours, file names, keywords. `t` looks a message up by id. Empty when
 * the question has no answer.
 */
export function describeAnswer(
  question: Question,
  answers: Answers,
  t: (id: string) => string,
  yesNo: { yes: string; no: string } = { yes: 'yes', no: 'no' },
): string {
  const value = answers[question.id as QuestionId];
  if (!isAnswered(question, value)) return '';
  const option = (item: string) => t(`blueprint.option.${question.id}.${item}`);
  switch (question.type) {
    case 'select':
      return option(String(value));
    case 'multiselect':
      return (value as string[]).map(option).join(', ');
    case 'palette': {
      const palette = PALETTES.find((p) => p.id === value);
      return palette ? t(`blueprint.palette.${palette.id}`) : String(value);
    }
    case 'font':
      return FONTS.find((f) => f.id === value)?.name ?? String(value);
    case 'colorpicker':
      return (Array.isArray(value) ? value : [value]).map(String).join(', ').toUpperCase();
    case 'file':
    case 'multifile':
      return (value as UploadRef[]).map((file) => file.name).join(', ');
    case 'listinput':
      return (value as string[])
        .map((item) => item.trim())
        .filter(Boolean)
        .join(', ');
    case 'checkbox':
      return value === true ? yesNo.yes : yesNo.no;
    default:
      return String(value).trim();
  }
}

/** The section index of a question (for "Fill now" and "Edit"). */
export function sectionIndexOf(question: Question): number {
  return SECTION_IDS.indexOf(question.section);
}
