import { assign, setup } from 'xstate';
import type { Lang } from '#domain/language.ts';
import { completeAnswers, isPlannerChoice } from '#domain/planner-answers.ts';
import { callResult } from '#machines/shared/call-result.ts';
import * as leads from '#machines/shared/leads.ts';
import {
  plannerLead,
  type PlannerFlowContext,
  withAnswer,
  withRecommendation,
  type AnswerParams,
} from '#machines/shared/planner-flow.ts';
import { writeSavedAnswers } from './planner.actors.ts';
import type {
  PlannerEvent,
  PlannerInput,
  PlannerQuestion,
  SavedPlannerAnswers,
} from './planner.types.ts';

/** The record saved under `site-builder-answers` once the planner completes. */
function savedAnswersParams({ context }: { context: PlannerFlowContext }): {
  saved: SavedPlannerAnswers | null;
} {
  const answers = completeAnswers(context.answers);
  return {
    saved:
      answers && context.recommendation
        ? {
            ...answers,
            name: context.name.trim(),
            email: context.email.trim(),
            subscribe: context.subscribe,
            recommendedCategory: context.recommendation.category,
            recommendedProducts: context.recommendation.products,
          }
        : null,
  };
}

/** A question screen: Next only once its question has an answer; Back one screen. */
function questionScreen(question: PlannerQuestion, back: string, next: string) {
  return {
    tags: ['step', 'titled'],
    on: {
      'user.choose': {
        guard: {
          type: 'isChoiceFor' as const,
          params: ({ event }: { event: Extract<PlannerEvent, { type: 'user.choose' }> }) => ({
            question,
            event,
          }),
        },
        actions: {
          type: 'storeAnswer' as const,
          params: ({ event }: { event: Extract<PlannerEvent, { type: 'user.choose' }> }) => ({
            question: event.question,
            value: event.value,
          }),
        },
      },
      'user.next': { guard: { type: 'hasAnswer' as const, params: { question } }, target: next },
      'user.back': back,
    },
  };
}

/**
 * The landing page's guided planner (SPEC screens 3, sections 4 and 5): eleven screens from start
 * to goodbye, linear, Next forward and Back one screen, never beyond the ends. Top-level states
 * are the screens the visitor sees (`start`, the five questions, `planReady`, `contact`,
 * `consent`, `thankYou`, `goodbye`) plus the working and failed phases of storing the lead.
 * The recommendation is the rule book's (`recommend`), computed on reaching plan-ready. After
 * the consent answer the lead is stored; then the answers are saved locally, the chart waits
 * `submittedDelay` (about 100 ms) and `navigationDelay` (about 50 ms) and asks the page to go to
 * the order page with the recommended plans (`goToOrder`, provided by the view).
 */
export const plannerMachine = setup({
  types: {
    input: {} as PlannerInput & { lang?: Lang },
    context: {} as PlannerFlowContext,
    events: {} as PlannerEvent,
  },
  actors: { storeLead: leads.storeLeadActor('planner') },
  guards: {
    isContactValid: leads.isContactValid,
    isStored: leads.isStored,
    isChoiceFor: (
      _,
      params: { question: PlannerQuestion; event: { question: string; value: string } },
    ) =>
      params.event.question === params.question &&
      isPlannerChoice(params.question, params.event.value),
    hasAnswer: ({ context }, params: { question: PlannerQuestion }) =>
      context.answers[params.question] !== undefined,
    isSubscribed: ({ context }) => context.subscribe,
    isStoredAndSubscribed: ({ context }, params: { result: leads.StoreLeadResult }) =>
      params.result.ok && context.subscribe,
  },
  actions: {
    storeAnswer: assign(({ context }, params: AnswerParams) => withAnswer(context, params)),
    computeRecommendation: assign(({ context }) => withRecommendation(context)),
    storeName: assign(leads.typedName),
    storeEmail: assign(leads.typedEmail),
    acceptConsent: assign({ subscribe: true }),
    declineConsent: assign({ subscribe: false }),
    /** Writes `site-builder-answers` (no-op on the server). Tests replace it. */
    saveAnswers: (_, params: { saved: SavedPlannerAnswers | null }) => {
      if (params.saved) writeSavedAnswers(params.saved);
    },
    /** Navigates to `/total-package/order?plans=...`; provided by the page. */
    goToOrder: (_, _params: { plans: readonly string[] }) => {},
  },
  delays: {
    /** SPEC 4: "wait about 100 ms, mark submitted and complete". */
    submittedDelay: 100,
    /** SPEC 4: "the landing page then waits 50 ms and navigates". */
    navigationDelay: 50,
  },
}).createMachine({
  id: 'planner',
  context: ({ input }) => {
    const saved = input.saved ?? {};
    return {
      answers: {
        situation: saved.situation,
        goal: saved.goal,
        budget: saved.budget,
        involvement: saved.involvement,
        timeline: saved.timeline,
      },
      name: saved.name ?? '',
      email: saved.email ?? '',
      subscribe: saved.subscribe ?? false,
      recommendation: null,
      lang: input.lang,
    };
  },
  initial: 'start',
  states: {
    start: { on: { 'user.start': 'situation' } },
    situation: questionScreen('situation', 'start', 'goal'),
    goal: questionScreen('goal', 'situation', 'budget'),
    budget: questionScreen('budget', 'goal', 'involvement'),
    involvement: questionScreen('involvement', 'budget', 'timeline'),
    timeline: questionScreen('timeline', 'involvement', 'planReady'),
    planReady: {
      tags: ['titled'],
      entry: 'computeRecommendation',
      on: { 'user.next': 'contact', 'user.back': 'timeline' },
    },
    contact: {
      tags: ['titled'],
      on: {
        ...leads.CONTACT_FIELD_EVENTS,
        // No message is shown (SPEC 5): Next simply stays disabled until both are valid.
        'user.next': { guard: 'isContactValid', target: 'consent' },
        'user.back': 'planReady',
      },
    },
    consent: {
      tags: ['titled'],
      on: {
        'user.acceptConsent': { target: 'submitting', actions: 'acceptConsent' },
        'user.declineConsent': { target: 'submitting', actions: 'declineConsent' },
        'user.back': 'contact',
      },
    },
    // Entered only from the consent answer, so a double click cannot store two leads.
    submitting: leads.storingLead(plannerLead, [
      {
        guard: { type: 'isStoredAndSubscribed', params: callResult<leads.StoreLeadResult> },
        target: 'thankYou',
      },
      leads.whenStored('goodbye'),
    ]),
    submitFailed: {
      on: {
        'user.retry': 'submitting',
        // The recommendation still matters more than our copy of the lead.
        'user.continueWithoutSaving': [
          { guard: 'isSubscribed', target: 'thankYou' },
          { target: 'goodbye' },
        ],
      },
    },
    // Both endings save the answers locally on arrival, then wait and hand over to the page.
    thankYou: {
      entry: { type: 'saveAnswers', params: savedAnswersParams },
      after: { submittedDelay: 'completed' },
    },
    goodbye: {
      entry: { type: 'saveAnswers', params: savedAnswersParams },
      after: { submittedDelay: 'completed' },
    },
    completed: { tags: ['completed'], after: { navigationDelay: 'navigating' } },
    navigating: {
      type: 'final',
      entry: {
        type: 'goToOrder',
        params: ({ context }) => ({ plans: context.recommendation?.products ?? [] }),
      },
    },
  },
});
