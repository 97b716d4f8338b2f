// The planner's model (SPEC screen 3): what src/views/planner/planner-view.test.tsx walks through
// the real screens and what `npm run paths -- planner` prints; one definition for both.

import type { SnapshotFrom } from 'xstate';
import { PLANNER_QUESTIONS } from '#domain/planner-answers.ts';
import { plannerMachine } from '#machines/planner/planner.machine.ts';
import type { PlannerEvent } from '#machines/planner/planner.types.ts';
import type { StoreLeadResult } from '#machines/shared/leads.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type ModelEvent =
  | PlannerEvent
  | { type: 'xstate.done.actor.storeLead'; output: StoreLeadResult }
  | { type: 'xstate.error.actor.storeLead'; error: string }
  | { type: 'xstate.after.submittedDelay.planner.thankYou' }
  | { type: 'xstate.after.submittedDelay.planner.goodbye' }
  | { type: 'xstate.after.navigationDelay.planner.completed' };

/** The answers the model chooses. */
export const ANSWERS = {
  situation: 'starting',
  goal: 'buildWebsite',
  budget: 'professional',
  involvement: 'collab',
  timeline: 'now',
} as const;

const samples = {
  'user.start': [{}],
  'user.choose': PLANNER_QUESTIONS.map((question) => ({ question, value: ANSWERS[question] })),
  'user.next': [{}],
  'user.back': [{}],
  'user.changeName': [{ value: 'A' }, { value: 'Ann' }],
  'user.changeEmail': [{ value: 'ann @example.nl' }, { value: 'ann@example.nl' }],
  'user.acceptConsent': [{}],
  'user.declineConsent': [{}],
  'user.retry': [{}],
  'user.continueWithoutSaving': [{}],
  'xstate.done.actor.storeLead': [
    { output: { ok: true, id: 'lead-1' } },
    { output: { ok: false } },
  ],
  'xstate.error.actor.storeLead': [{ error: 'network down' }],
  'xstate.after.submittedDelay.planner.thankYou': [{}],
  'xstate.after.submittedDelay.planner.goodbye': [{}],
  'xstate.after.navigationDelay.planner.completed': [{}],
} satisfies EventSamples<ModelEvent>;

const modelMachine = plannerMachine.provide({ actions: { saveAnswers: () => {} } });
export const model = createModel<typeof modelMachine, ModelEvent>({
  machine: modelMachine,
  input: {},
  events: samples,
  maxSteps: 40,
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      answers: s.context.answers,
      name: s.context.name,
      email: s.context.email,
      subscribe: s.context.subscribe,
    }),
});

/**
 * What every state looks like, written out by hand (SPEC screen 3): the heading, "Step x of 5"
 * on the five questions only, the question itself.
 */
export const QUESTION_SCREENS: Record<string, { heading: string; step: string; question: string }> =
  {
    situation: {
      heading: 'Where you are now',
      step: 'Step 1 of 5',
      question: 'Which describes your business best?',
    },
    goal: {
      heading: 'What you want to achieve',
      step: 'Step 2 of 5',
      question: 'What matters most to you right now?',
    },
    budget: {
      heading: 'Your budget',
      step: 'Step 3 of 5',
      question: 'What monthly budget feels comfortable?',
    },
    involvement: {
      heading: 'How involved you want to be',
      step: 'Step 4 of 5',
      question: 'How much do you want to do yourself?',
    },
    timeline: {
      heading: 'When you want to start',
      step: 'Step 5 of 5',
      question: 'When would you like to start?',
    },
  };
export const HEADINGS: Record<string, string> = {
  start: 'Find the right plan in 5 quick questions',
  planReady: 'Your plan is ready',
  contact: 'Where can we send your plan?',
  consent: 'One last question',
  submitting: 'One last question',
  submitFailed: 'One last question',
};
/** The two endings, shown until the page leaves. */
export const ENDINGS = {
  thankYou: {
    heading: 'Thank you, Ann!',
    text: 'Your plan is saved. Taking you to your package now…',
  },
  goodbye: {
    heading: 'All set, Ann',
    text: 'We will not send you any emails. Taking you to your package now…',
  },
};

/** The heading (and on a question, its step) the planner's screen shows in a state. */
export function plannerScreen(snapshot: SnapshotFrom<typeof plannerMachine>): string | undefined {
  const state = snapshot.value as string;
  const question = QUESTION_SCREENS[state];
  if (question) return `"${question.heading}", ${question.step}: ${question.question}`;
  const heading = HEADINGS[state];
  if (heading) return `"${heading}"`;
  const ending =
    state === 'thankYou' || state === 'goodbye'
      ? ENDINGS[state]
      : state === 'completed' || state === 'navigating'
        ? ENDINGS[snapshot.context.subscribe ? 'thankYou' : 'goodbye']
        : undefined;
  return ending ? `"${ending.heading}": ${ending.text}` : undefined;
}

export const spec = {
  machine: plannerMachine,
  model,
  test: 'src/views/planner/planner-view.test.tsx',
  screen: plannerScreen,
} as unknown as ModelSpec;
