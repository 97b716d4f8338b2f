import { assign, setup } from 'xstate';
import { completeAnswers, isPlannerChoice, PLANNER_QUESTIONS } from '#domain/planner-answers.ts';
import type { PlannerAnswers } from '#domain/recommendations.ts';
import * as leads from '#machines/shared/leads.ts';
import {
  plannerLead,
  withAnswer,
  withRecommendation,
  type AnswerParams,
} from '#machines/shared/planner-flow.ts';
import { keepSmartAnswers } from '#machines/shared/smart-answers.ts';
import type { QuizContext, QuizEvent, QuizInput } from './quiz.types.ts';

const LAST_QUESTION = PLANNER_QUESTIONS.length - 1;

/**
 * The smart quiz (SPEC screen 5): `start`, the five planner questions one at a time (`asking`,
 * with the question's index in context), `planReady` with the investment tier and the rule
 * book's recommendation, `contact` (name, email), `tips` (growth-tips consent), then the lead is
 * stored (source quiz) and `done` shows the way to the order page; on arrival it keeps the answers
 * in the browser, so they go with a later order (`keepAnswers`). Same answers and rules as the
 * planner; only the presentation differs ("Step X of 8" with a percentage).
 */
export const quizMachine = setup({
  types: {
    input: {} as QuizInput,
    context: {} as QuizContext,
    events: {} as QuizEvent,
  },
  actors: { storeLead: leads.storeLeadActor('quiz') },
  guards: {
    isContactValid: leads.isContactValid,
    isStored: leads.isStored,
    isChoiceForCurrent: ({ context }, params: { question: string; value: string }) => {
      const current = PLANNER_QUESTIONS[context.index]!;
      return params.question === current && isPlannerChoice(current, params.value);
    },
    isMiddleQuestionAnswered: ({ context }) =>
      context.index < LAST_QUESTION &&
      context.answers[PLANNER_QUESTIONS[context.index]!] !== undefined,
    isLastQuestionAnswered: ({ context }) =>
      context.index === LAST_QUESTION &&
      context.answers[PLANNER_QUESTIONS[LAST_QUESTION]!] !== undefined,
    isFirstQuestion: ({ context }) => context.index === 0,
  },
  actions: {
    storeAnswer: assign(({ context }, params: AnswerParams) => withAnswer(context, params)),
    computeRecommendation: assign(({ context }) => withRecommendation(context)),
    storeName: assign(leads.typedName),
    storeEmail: assign(leads.typedEmail),
    nextQuestion: assign(({ context }) => ({ index: context.index + 1 })),
    previousQuestion: assign(({ context }) => ({ index: context.index - 1 })),
    acceptTips: assign({ subscribe: true }),
    declineTips: assign({ subscribe: false }),
    /** Keeps the five answers in the browser for the checkout (`smartLeadFormAnswers`). */
    keepAnswers: (_, params: { answers: PlannerAnswers | null }) => {
      if (params.answers) keepSmartAnswers('quiz', params.answers);
    },
  },
}).createMachine({
  id: 'quiz',
  context: ({ input }) => ({
    index: 0,
    answers: {},
    name: '',
    email: '',
    subscribe: false,
    recommendation: null,
    lang: input.lang,
  }),
  initial: 'start',
  states: {
    start: { on: { 'user.start': 'asking' } },
    asking: {
      on: {
        'user.choose': {
          guard: {
            type: 'isChoiceForCurrent',
            params: ({ event }) => ({ question: event.question, value: event.value }),
          },
          actions: {
            type: 'storeAnswer',
            params: ({ event }) => ({ question: event.question, value: event.value }),
          },
        },
        'user.next': [
          { guard: 'isLastQuestionAnswered', target: 'planReady' },
          // Re-entering `asking` is not needed: only the index changes.
          { guard: 'isMiddleQuestionAnswered', actions: 'nextQuestion' },
        ],
        'user.back': [
          { guard: 'isFirstQuestion', target: 'start' },
          { actions: 'previousQuestion' },
        ],
      },
    },
    planReady: {
      entry: 'computeRecommendation',
      on: { 'user.next': 'contact', 'user.back': 'asking' },
    },
    contact: {
      on: {
        ...leads.CONTACT_FIELD_EVENTS,
        'user.next': { guard: 'isContactValid', target: 'tips' },
        'user.back': 'planReady',
      },
    },
    tips: {
      on: {
        'user.acceptTips': { target: 'submitting', actions: 'acceptTips' },
        'user.declineTips': { target: 'submitting', actions: 'declineTips' },
        'user.back': 'contact',
      },
    },
    submitting: leads.storingLead(plannerLead, [leads.whenStored('done')]),
    submitFailed: {
      on: { 'user.retry': 'submitting', 'user.continueWithoutSaving': 'done' },
    },
    // Whether or not our copy of the lead was stored, the answers go with a later order.
    done: {
      type: 'final',
      entry: {
        type: 'keepAnswers',
        params: ({ context }) => ({ answers: completeAnswers(context.answers) }),
      },
    },
  },
});
