import { assign, fromPromise, setup } from 'xstate';
import type { PlanId } from '#domain/catalogue.ts';
import type { Lang } from '#domain/language.ts';
import { isValidContactEmail, isValidContactName } from '#domain/leads.ts';
import {
  BUDGETS,
  GOALS,
  INVOLVEMENTS,
  SITUATIONS,
  TIMELINES,
  recommend,
  type PlannerAnswers,
} from '#domain/recommendations.ts';
import {
  completeAnswers,
  PLANNER_QUESTIONS,
  type PlannerQuestion,
} from '#domain/planner-answers.ts';
import { postLead } from '#machines/shared/leads.ts';
import { keepSmartAnswers } from '#machines/shared/smart-answers.ts';
import type { QuizContext, QuizEvent, QuizInput, StoreLeadResult } from './quiz.types.ts';

const CHOICES: Record<PlannerQuestion, readonly string[]> = {
  situation: SITUATIONS,
  goal: GOALS,
  budget: BUDGETS,
  involvement: INVOLVEMENTS,
  timeline: TIMELINES,
};
const LAST_QUESTION = PLANNER_QUESTIONS.length - 1;

export interface StoreQuizLeadInput {
  answers: PlannerAnswers;
  name: string;
  email: string;
  subscribe: boolean;
  recommendedProducts: PlanId[];
  lang: Lang | undefined;
}

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
  actors: {
    storeLead: fromPromise<StoreLeadResult, StoreQuizLeadInput>(({ input }) =>
      postLead(
        {
          source: 'quiz',
          name: input.name,
          email: input.email,
          subscribe: input.subscribe,
          answers: input.answers,
          recommendedProducts: input.recommendedProducts,
        },
        input.lang,
      ),
    ),
  },
  guards: {
    isChoiceForCurrent: ({ context }, params: { question: string; value: string }) => {
      const current = PLANNER_QUESTIONS[context.index]!;
      return params.question === current && CHOICES[current].includes(params.value);
    },
    isMiddleQuestionAnswered: ({ context }) =>
      context.index < LAST_QUESTION &&
      context.answers[PLANNER_QUESTIONS[context.index]!] !== undefined,
    isLastQuestionAnswered: ({ context }) =>
      context.index === LAST_QUESTION &&
      context.answers[PLANNER_QUESTIONS[LAST_QUESTION]!] !== undefined,
    isFirstQuestion: ({ context }) => context.index === 0,
    isContactValid: ({ context }) =>
      isValidContactName(context.name) && isValidContactEmail(context.email),
    isStored: (_, params: { result: StoreLeadResult }) => params.result.ok,
  },
  actions: {
    storeAnswer: assign(({ context }, params: { question: PlannerQuestion; value: string }) => ({
      answers: { ...context.answers, [params.question]: params.value },
    })),
    nextQuestion: assign(({ context }) => ({ index: context.index + 1 })),
    previousQuestion: assign(({ context }) => ({ index: context.index - 1 })),
    storeName: assign((_, params: { value: string }) => ({ name: params.value })),
    storeEmail: assign((_, params: { value: string }) => ({ email: params.value })),
    computeRecommendation: assign(({ context }) => {
      const answers = completeAnswers(context.answers);
      return { recommendation: answers ? recommend(answers) : null };
    }),
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
        'user.changeName': {
          actions: { type: 'storeName', params: ({ event }) => ({ value: event.value }) },
        },
        'user.changeEmail': {
          actions: { type: 'storeEmail', params: ({ event }) => ({ value: event.value }) },
        },
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
    submitting: {
      invoke: {
        id: 'storeLead',
        src: 'storeLead',
        input: ({ context }) => ({
          answers: completeAnswers(context.answers)!,
          name: context.name.trim(),
          email: context.email.trim(),
          subscribe: context.subscribe,
          recommendedProducts: context.recommendation?.products ?? [],
          lang: context.lang,
        }),
        onDone: [
          {
            guard: { type: 'isStored', params: ({ event }) => ({ result: event.output }) },
            target: 'done',
          },
          { target: 'submitFailed' },
        ],
        onError: 'submitFailed',
      },
    },
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
