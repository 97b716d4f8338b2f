// @vitest-environment jsdom
// Model-based test of the planner through its real screens: every transition of the chart is
// taken by a click, a key or a resolved request on the rendered component.

import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { recommend } from '#domain/recommendations.ts';
import { plannerMachine, type StoreLeadInput } from '#machines/planner/planner.machine.ts';
import { selectScreen, selectStep } from '#machines/planner/planner.selectors.ts';
import type { PlannerEvent, StoreLeadResult } from '#machines/planner/planner.types.ts';
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
import { PlannerScreens } from './planner-view.tsx';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type ModelEvent =
  | PlannerEvent
  | { type: 'xstate.done.actor.storeLead'; output: StoreLeadResult }
  | { type: 'xstate.error.actor.storeLead'; error: string }
  | { type: 'xstate.after.submittedDelay.planner.thankYou' }
  | { type: 'xstate.after.submittedDelay.planner.goodbye' }
  | { type: 'xstate.after.navigationDelay.planner.completed' };

const samples = {
  'user.start': [{}],
  'user.choose': [
    { question: 'situation', value: 'starting' },
    { question: 'goal', value: 'buildWebsite' },
    { question: 'budget', value: 'professional' },
    { question: 'involvement', value: 'collab' },
    { question: 'timeline', value: 'now' },
  ],
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
const model = createModel<typeof modelMachine, ModelEvent>({
  machine: modelMachine,
  input: {},
  events: samples,
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      answers: s.context.answers,
      name: s.context.name,
      email: s.context.email,
      subscribe: s.context.subscribe,
    }),
});

function start() {
  vi.useFakeTimers();
  const lead = pendingCall<StoreLeadInput, StoreLeadResult>();
  const storeLead = lead.fn;
  const saveAnswers = vi.fn();
  const goToOrder = vi.fn();
  const actor = createActor(
    plannerMachine.provide({
      actors: {
        storeLead: fromPromise(({ input }: { input: StoreLeadInput }) => storeLead(input)),
      },
      actions: {
        saveAnswers: (_, params) => saveAnswers(params.saved),
        goToOrder: (_, params) => goToOrder(params.plans),
      },
    }),
    { input: {} },
  ).start();
  const view = renderInEnglish(<PlannerScreens actor={actor} />);
  const driver = {
    'user.start': () => clickButton('planner.start.button'),
    'user.choose': (e) =>
      void fireEvent.click(
        screen.getByRole('radio', {
          name: new RegExp(`^${escape(t(`planner.${e.question}.${e.value}`))}`),
        }),
      ),
    'user.next': () => clickButton('planner.nav.next'),
    'user.back': () => clickButton('planner.nav.back'),
    'user.changeName': (e) => typeInto('planner.contact.name', e.value),
    'user.changeEmail': (e) => typeInto('planner.contact.email', e.value),
    'user.acceptConsent': () => clickButton('planner.consent.accept'),
    'user.declineConsent': () => clickButton('planner.consent.decline'),
    'user.retry': () => clickButton('planner.consent.retry'),
    'user.continueWithoutSaving': () => clickButton('planner.consent.continue'),
    ...answerGestures('storeLead', lead),
    'xstate.after.submittedDelay.planner.thankYou': () =>
      act(() => void vi.advanceTimersByTime(100)),
    'xstate.after.submittedDelay.planner.goodbye': () =>
      act(() => void vi.advanceTimersByTime(100)),
    'xstate.after.navigationDelay.planner.completed': () =>
      act(() => void vi.advanceTimersByTime(50)),
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    storeLead,
    saveAnswers,
    goToOrder,
    container: view.container,
    getSnapshot: () => actor.getSnapshot(),
    stop: () => {
      view.unmount();
      actor.stop();
      vi.useRealTimers();
    },
  };
}

type Session = ReturnType<typeof start>;

/** What every state must look like on screen. */
function assertScreen(snapshot: ReturnType<Session['getSnapshot']>, session: Session) {
  const shown = selectScreen(snapshot);
  const root = session.container.querySelector('[data-planner-screen]');
  expect(root?.getAttribute('data-planner-screen')).toBe(shown);
  const step = selectStep(snapshot);
  if (step) expect(screen.getByText(`Step ${step.step} of 5`)).toBeInTheDocument();
  else expect(screen.queryByText(/^Step \d of 5$/)).toBeNull();
  const next = screen.queryByRole('button', { name: t('planner.nav.next') });
  if (next) expect((next as HTMLButtonElement).disabled).toBe(!snapshot.can({ type: 'user.next' }));
  if (snapshot.matches('submitting'))
    expect(screen.getByText(t('planner.consent.saving'))).toBeInTheDocument();
  if (snapshot.matches('submitFailed')) expect(screen.getByRole('alert')).toBeInTheDocument();
  if (snapshot.matches('navigating')) {
    const products = recommend({
      situation: 'starting',
      goal: 'buildWebsite',
      budget: 'professional',
      involvement: 'collab',
      timeline: 'now',
    }).products;
    expect(session.goToOrder).toHaveBeenCalledWith(products);
  } else expect(session.goToOrder).not.toHaveBeenCalled();
}

afterEach(() => {
  vi.useRealTimers();
});

describeModel('planner model through the real screens', model, {
  start,
  assertState: assertScreen,
  maxSteps: 40,
});

describe('planner journeys', () => {
  function answerAll(session: Session) {
    const { driver } = session;
    driver['user.start']();
    for (const [question, value] of [
      ['situation', 'haveWebsite'],
      ['goal', 'getClients'],
      ['budget', 'premium'],
      ['involvement', 'handsOff'],
      ['timeline', 'exploring'],
    ] as const) {
      expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
      driver['user.choose']({ type: 'user.choose', question, value });
      driver['user.next']();
    }
  }

  it('accepting: shows the recommendation, stores the lead, saves the answers, then goes to the order page', async () => {
    const session = start();
    try {
      answerAll(session);
      const expected = recommend({
        situation: 'haveWebsite',
        goal: 'getClients',
        budget: 'premium',
        involvement: 'handsOff',
        timeline: 'exploring',
      });
      expect(screen.getByText(t('planner.title.planReady'))).toBeInTheDocument();
      expect(screen.getByText('Conversion Accelerator')).toBeInTheDocument();
      // Each recommended option says why (its rationale, SPEC section 3).
      expect(
        screen.getByText('Turns more of your visitors into enquiries and orders.'),
      ).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      const next = screen.getByRole('button', { name: 'Next' });
      fireEvent.change(screen.getByLabelText('Your name'), { target: { value: ' Ann ' } });
      fireEvent.change(screen.getByLabelText('Your email address'), {
        target: { value: 'ann@example.nl' },
      });
      expect(next).toBeEnabled();
      fireEvent.click(next);
      fireEvent.click(screen.getByRole('button', { name: t('planner.consent.accept') }));
      expect(session.storeLead).toHaveBeenCalledWith(
        expect.objectContaining({
          name: 'Ann',
          email: 'ann@example.nl',
          subscribe: true,
          recommendedProducts: expected.products,
        }),
      );
      await session.driver['xstate.done.actor.storeLead']({
        type: 'xstate.done.actor.storeLead',
        output: { ok: true, id: 'x' },
      });
      expect(screen.getByText('Thank you, Ann!')).toBeInTheDocument();
      expect(session.saveAnswers).toHaveBeenCalledWith(
        expect.objectContaining({
          budget: 'premium',
          subscribe: true,
          recommendedCategory: 'growthOptimize',
          recommendedProducts: expected.products,
        }),
      );
      act(() => void vi.advanceTimersByTime(99));
      expect(session.getSnapshot().value).toBe('thankYou');
      act(() => void vi.advanceTimersByTime(1));
      act(() => void vi.advanceTimersByTime(50));
      expect(session.goToOrder).toHaveBeenCalledWith(expected.products);
    } finally {
      session.stop();
    }
  });

  it('keeps Next disabled for a one-letter name or an address with a space or two @', async () => {
    const session = start();
    try {
      answerAll(session);
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      const name = screen.getByLabelText('Your name');
      const email = screen.getByLabelText('Your email address');
      for (const [n, e, ok] of [
        ['A', 'a@example.nl', false],
        ['Al', 'a b@example.nl', false],
        ['Al', 'a@@example.nl', false],
        ['Al', 'a@example', false],
        ['Al', 'a@example.nl', true],
      ] as const) {
        fireEvent.change(name, { target: { value: n } });
        fireEvent.change(email, { target: { value: e } });
        expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', !ok);
      }
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      session.stop();
    }
  });
});
