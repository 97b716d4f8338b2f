// The smart quiz's model: what src/views/quiz/quiz-view.test.tsx walks through the real screens
// and what `npm run paths -- quiz` prints; one definition for both.

import { PLANNER_QUESTIONS } from '#domain/planner-answers.ts';
import { quizMachine } from '#machines/quiz/quiz.machine.ts';
import type { QuizEvent } from '#machines/quiz/quiz.types.ts';
import type { StoreLeadResult } from '#machines/shared/leads.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type ModelEvent =
  | QuizEvent
  | { type: 'xstate.done.actor.storeLead'; output: StoreLeadResult }
  | { type: 'xstate.error.actor.storeLead'; error: string };

/** The answers the model chooses. */
export const ANSWERS = {
  situation: 'needMaintenance',
  goal: 'fixMaintain',
  budget: 'premium',
  involvement: 'diyHelp',
  timeline: 'exploring',
} as const;

export const samples = {
  'user.start': [{}],
  'user.choose': PLANNER_QUESTIONS.map((question) => ({ question, value: ANSWERS[question] })),
  'user.next': [{}],
  'user.back': [{}],
  'user.changeName': [{ value: 'Jo' }],
  'user.changeEmail': [{ value: 'jo@example.nl' }],
  'user.acceptTips': [{}],
  'user.declineTips': [{}],
  'user.retry': [{}],
  'user.continueWithoutSaving': [{}],
  'xstate.done.actor.storeLead': [{ output: { ok: true, id: 'q1' } }, { output: { ok: false } }],
  'xstate.error.actor.storeLead': [{ error: 'offline' }],
} satisfies EventSamples<ModelEvent>;

export const model = createModel<typeof quizMachine, ModelEvent>({
  machine: quizMachine.provide({ actions: { keepAnswers: () => {} } }),
  input: {},
  events: samples,
  // The paths its test walks (`describeModel(..., { maxSteps: 40 })`).
  maxSteps: 40,
});

export const spec = {
  machine: quizMachine,
  model,
  test: 'src/views/quiz/quiz-view.test.tsx',
} as unknown as ModelSpec;
