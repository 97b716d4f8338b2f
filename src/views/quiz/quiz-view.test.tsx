// @vitest-environment jsdom
// Model-based test of the smart quiz through its real screens.

import { fireEvent, screen } from '@testing-library/react';
import { PLAN_IDS } from '#domain/catalogue.ts';
import { expect } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { recommend } from '#domain/recommendations.ts';
import { quizMachine, type StoreQuizLeadInput } from '#machines/quiz/quiz.machine.ts';
import { selectProgress, selectScreen } from '#machines/quiz/quiz.selectors.ts';
import type { QuizEvent, StoreLeadResult } from '#machines/quiz/quiz.types.ts';
import { describeModel } from '#tests/helpers/model-suite.ts';
import { createModel, type Driver, type EventSamples } from '#tests/helpers/model-testing.ts';
import { pendingCall } from '#tests/helpers/pending-call.ts';
import {
  answerGestures,
  clickButton,
  renderInEnglish,
  t,
  typeInto,
} from '#tests/helpers/screens.tsx';
import { QuizScreens } from './quiz-view.tsx';

type ModelEvent =
  | QuizEvent
  | { type: 'xstate.done.actor.storeLead'; output: StoreLeadResult }
  | { type: 'xstate.error.actor.storeLead'; error: string };

const samples = {
  'user.start': [{}],
  'user.choose': [
    { question: 'situation', value: 'needMaintenance' },
    { question: 'goal', value: 'fixMaintain' },
    { question: 'budget', value: 'premium' },
    { question: 'involvement', value: 'diyHelp' },
    { question: 'timeline', value: 'exploring' },
  ],
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

const model = createModel<typeof quizMachine, ModelEvent>({
  machine: quizMachine,
  input: {},
  events: samples,
});

function start() {
  const lead = pendingCall<StoreQuizLeadInput, StoreLeadResult>();
  const storeLead = lead.fn;
  const actor = createActor(
    quizMachine.provide({
      actors: {
        storeLead: fromPromise(({ input }: { input: StoreQuizLeadInput }) => storeLead(input)),
      },
    }),
    { input: {} },
  ).start();
  const view = renderInEnglish(<QuizScreens actor={actor} />);
  const driver = {
    'user.start': () => clickButton('quiz.start.button'),
    'user.choose': (e) =>
      void fireEvent.click(
        screen.getByRole('radio', { name: t(`planner.${e.question}.${e.value}`) }),
      ),
    'user.next': () => clickButton('quiz.nav.next'),
    'user.back': () => clickButton('quiz.nav.back'),
    'user.changeName': (e) => typeInto('quiz.contact.name', e.value),
    'user.changeEmail': (e) => typeInto('quiz.contact.email', e.value),
    'user.acceptTips': () => clickButton('quiz.tips.accept'),
    'user.declineTips': () => clickButton('quiz.tips.decline'),
    'user.retry': () => clickButton('quiz.tips.retry'),
    'user.continueWithoutSaving': () => clickButton('quiz.tips.continue'),
    ...answerGestures('storeLead', lead),
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    storeLead,
    container: view.container,
    getSnapshot: () => actor.getSnapshot(),
    stop: () => {
      view.unmount();
      actor.stop();
    },
  };
}

type Session = ReturnType<typeof start>;
const EXPECTED = recommend({
  situation: 'needMaintenance',
  goal: 'fixMaintain',
  budget: 'premium',
  involvement: 'diyHelp',
  timeline: 'exploring',
}).products;

function assertScreen(snapshot: ReturnType<Session['getSnapshot']>, session: Session) {
  expect(
    session.container.querySelector('[data-quiz-screen]')?.getAttribute('data-quiz-screen'),
  ).toBe(selectScreen(snapshot));
  const progress = selectProgress(snapshot);
  if (progress)
    expect(
      screen.getByText(`Step ${progress.step} of 8 (${progress.percent}%)`),
    ).toBeInTheDocument();
  else expect(screen.queryByText(/^Step \d of 8/)).toBeNull();
  const next = screen.queryByRole('button', { name: t('quiz.nav.next') });
  if (next) expect((next as HTMLButtonElement).disabled).toBe(!snapshot.can({ type: 'user.next' }));
  if (snapshot.matches('planReady'))
    expect(
      screen.getByText(/Premium: € 500,00 a month or more, plus € 3\.000,00\+ one-time\./),
    ).toBeInTheDocument();
  if (snapshot.matches('done'))
    expect(screen.getByRole('link', { name: t('quiz.done.link') })).toHaveAttribute(
      'href',
      // domain/links.ts writes the plans in catalogue order.
      `/total-package/order?plans=${PLAN_IDS.filter((id) => EXPECTED.includes(id)).join(',')}`,
    );
  if (snapshot.matches('submitting'))
    expect(session.storeLead).toHaveBeenLastCalledWith(
      expect.objectContaining({
        name: 'Jo',
        email: 'jo@example.nl',
        recommendedProducts: EXPECTED,
      }),
    );
}

describeModel('smart quiz model through the real screens', model, {
  start,
  assertState: assertScreen,
  maxSteps: 40,
});
