// What the planner and the smart quiz share: the five answers and the contact kept in context,
// an answer stored once it is one its question offers, the rule book's recommendation, and the
// lead they store (with the recommended plans).

import type { Lang } from '#domain/language.ts';
import {
  completeAnswers,
  type PlannerDraft,
  type PlannerQuestion,
} from '#domain/planner-answers.ts';
import { recommend, type Recommendation } from '#domain/recommendations.ts';
import type { FlowLeadInput } from './leads.ts';

/** The part of the context the planner and the quiz keep alike. */
export interface PlannerFlowContext {
  answers: PlannerDraft;
  name: string;
  email: string;
  subscribe: boolean;
  /** Computed on reaching the plan-ready screen, from the rule book. */
  recommendation: Recommendation | null;
  lang: Lang | undefined;
}

/** What the planner's and the quiz's `storeLead` are given. */
export type PlannerLeadInput = FlowLeadInput<'planner' | 'quiz'>;

/** The params of `storeAnswer`: the guards see to it that the answer is one its question offers. */
export interface AnswerParams {
  question: PlannerQuestion;
  value: string;
}

type WithAnswers = { answers: PlannerDraft };

/** `storeAnswer`'s assignment: the draft with one more answer. */
export function withAnswer(context: WithAnswers, { question, value }: AnswerParams): WithAnswers {
  return { answers: { ...context.answers, [question]: value } };
}

/** `computeRecommendation`'s assignment: the rule book's recommendation once all five are in. */
export function withRecommendation(context: WithAnswers): {
  recommendation: Recommendation | null;
} {
  const complete = completeAnswers(context.answers);
  return { recommendation: complete ? recommend(complete) : null };
}

/** The lead as stored: entered only once every answer is in, so the answers are complete. */
export function plannerLead({ context }: { context: PlannerFlowContext }): PlannerLeadInput {
  return {
    answers: completeAnswers(context.answers)!,
    name: context.name.trim(),
    email: context.email.trim(),
    subscribe: context.subscribe,
    recommendedProducts: context.recommendation?.products ?? [],
    lang: context.lang,
  };
}
