// @vitest-environment jsdom
// Model-based test of the planner through its real screens: every transition of the chart is
// taken by a click, a key or a resolved request on the rendered component.

import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { plannerMachine } from '#machines/planner/planner.machine.ts';
import type { StoreLeadResult } from '#machines/shared/leads.ts';
import type { PlannerLeadInput } from '#machines/shared/planner-flow.ts';
import { describeModel, inSession } from '#tests/helpers/model-suite.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { pendingCall } from '#tests/helpers/pending-call.ts';
import * as ui from '#tests/helpers/screens.tsx';
import { PlannerScreens } from './planner-view.tsx';

import {
  ENDINGS,
  HEADINGS,
  model,
  type ModelEvent,
  QUESTION_SCREENS,
} from '#tests/paths/models/planner.ts';

function start() {
  vi.useFakeTimers();
  const lead = pendingCall<PlannerLeadInput, StoreLeadResult>();
  const storeLead = lead.fn;
  const saveAnswers = vi.fn();
  const goToOrder = vi.fn();
  const actor = createActor(
    plannerMachine.provide({
      actors: {
        storeLead: fromPromise(({ input }: { input: PlannerLeadInput }) => storeLead(input)),
      },
      actions: {
        saveAnswers: (_, params) => saveAnswers(params.saved),
        goToOrder: (_, params) => goToOrder(params.plans),
      },
    }),
    { input: {} },
  ).start();
  const view = ui.renderChartScreen(actor, <PlannerScreens actor={actor} />);
  const driver = {
    'user.start': () => ui.clickButton('planner.start.button'),
    'user.choose': (e) => ui.clickRadio(`planner.${e.question}.${e.value}`, { startsWith: true }),
    'user.next': () => ui.clickButton('planner.nav.next'),
    'user.back': () => ui.clickButton('planner.nav.back'),
    'user.changeName': (e) => ui.typeInto('planner.contact.name', e.value),
    'user.changeEmail': (e) => ui.typeInto('planner.contact.email', e.value),
    'user.acceptConsent': () => ui.clickButton('planner.consent.accept'),
    'user.declineConsent': () => ui.clickButton('planner.consent.decline'),
    'user.retry': () => ui.clickButton('planner.consent.retry'),
    'user.continueWithoutSaving': () => ui.clickButton('planner.consent.continue'),
    ...ui.answerGestures('storeLead', lead),
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
    ...view,
    stop: () => {
      view.stop();
      vi.useRealTimers();
    },
  };
}

type Session = ReturnType<typeof start>;

/**
 * The recommendation for the model's answers (starting, buildWebsite, professional, collab, now),
 * worked out by hand from the rule book: the professional base set, the domain for a new start
 * (rule 1), five tech hours for "now" (rule 8); the content service is over the budget (rule 10).
 */
const PRODUCTS = [
  'webHosting_pro',
  'growthCall_monthly',
  'branding_full',
  'seo_booster',
  'domain_managed',
  'techConcierge_extra_5h',
];

function assertScreen(snapshot: ReturnType<Session['getSnapshot']>, session: Session) {
  const state = snapshot.value as string;
  const { context } = snapshot;
  const question = QUESTION_SCREENS[state];
  const ending =
    state === 'thankYou' || state === 'goodbye'
      ? ENDINGS[state]
      : state === 'completed' || state === 'navigating'
        ? ENDINGS[context.subscribe ? 'thankYou' : 'goodbye']
        : null;
  const heading = question?.heading ?? HEADINGS[state] ?? ending?.heading;
  if (!heading) throw new Error(`no screen written for ${state}`);
  expect(screen.getAllByRole('heading', { level: 3 })[0]).toHaveTextContent(heading);
  if (question) {
    expect(screen.getByText(question.step)).toBeInTheDocument();
    expect(screen.getByText(question.question)).toBeInTheDocument();
  } else expect(screen.queryByText(/^Step \d of 5$/)).toBeNull();
  if (ending) expect(screen.getByRole('status')).toHaveTextContent(ending.text);
  // Next: a question waits for its answer; plan ready always; contact for a name longer than one
  // letter and a plain address (samples: 'A' or 'Ann'; 'ann @example.nl' or 'ann@example.nl').
  const next = screen.queryByRole('button', { name: 'Next' });
  if (question)
    expect(next).toHaveProperty(
      'disabled',
      context.answers[state as keyof typeof context.answers] === undefined,
    );
  else if (state === 'planReady') expect(next).toHaveProperty('disabled', false);
  else if (state === 'contact')
    expect(next).toHaveProperty(
      'disabled',
      !(context.name === 'Ann' && context.email === 'ann@example.nl'),
    );
  else expect(next).toBeNull();
  if (state === 'submitting') expect(screen.getByText('Saving your plan…')).toBeInTheDocument();
  if (state === 'submitFailed')
    expect(screen.getByRole('alert')).toHaveTextContent(
      'We could not save your plan just now. Please try again, or continue to your plan without saving.',
    );
  else expect(screen.queryByRole('alert')).toBeNull();
  // The answers are saved once, on reaching an ending.
  if (ending) expect(session.saveAnswers).toHaveBeenCalledOnce();
  else expect(session.saveAnswers).not.toHaveBeenCalled();
  if (state === 'navigating') expect(session.goToOrder).toHaveBeenCalledWith(PRODUCTS);
  else expect(session.goToOrder).not.toHaveBeenCalled();
}

afterEach(() => {
  vi.useRealTimers();
});

describeModel('planner model through the real screens', model, {
  start,
  assertState: assertScreen,
});

describe('planner journeys', () => {
  const JOURNEY_ANSWERS = {
    situation: 'haveWebsite',
    goal: 'getClients',
    budget: 'premium',
    involvement: 'handsOff',
    timeline: 'exploring',
  } as const;
  /** By hand: premium's set without hosting (an existing site), five tech hours for hands-off. */
  const JOURNEY_PRODUCTS = [
    'growthCall_monthly',
    'humanContent_business',
    'branding_premium',
    'cro_booster',
    'seo_booster',
    'content_strategy',
    'techConcierge_5h',
  ];

  function answerAll(session: Session) {
    const { driver } = session;
    driver['user.start']();
    for (const { question, value } of ui.chooseSamples(JOURNEY_ANSWERS)) {
      expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
      driver['user.choose']({ type: 'user.choose', question, value });
      driver['user.next']();
    }
  }

  it('accepting: shows the recommendation, stores the lead, saves the answers, then goes to the order page', () =>
    inSession(start, async (session) => {
      answerAll(session);
      expect(screen.getByText(ui.t('planner.title.planReady'))).toBeInTheDocument();
      // Six budget-based cards, three to a page (SPEC section 9); the one goal-based card has
      // no page buttons.
      const names = () =>
        [...document.querySelectorAll('.planner__product > span:first-child')].map(
          (n) => n.textContent,
        );
      expect(names()).toEqual([
        'Monthly Growth Call',
        'Human Content Business',
        'Premium Branding',
        'Dev Sprint (5 hours)',
      ]);
      const pages = screen.getByRole('navigation', { name: 'Pages: Based on your budget' });
      expect(screen.getAllByRole('navigation')).toHaveLength(1);
      expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
      expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();
      fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
      expect(names()).toEqual([
        'Conversion Accelerator',
        'SEO Booster',
        'Content Strategy Intensive',
        'Dev Sprint (5 hours)',
      ]);
      expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument();
      expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();
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
      fireEvent.click(screen.getByRole('button', { name: ui.t('planner.consent.accept') }));
      expect(session.storeLead).toHaveBeenCalledWith(
        expect.objectContaining({
          name: 'Ann',
          email: 'ann@example.nl',
          subscribe: true,
          recommendedProducts: JOURNEY_PRODUCTS,
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
          recommendedProducts: JOURNEY_PRODUCTS,
        }),
      );
      act(() => void vi.advanceTimersByTime(99));
      expect(session.getSnapshot().value).toBe('thankYou');
      act(() => void vi.advanceTimersByTime(1));
      act(() => void vi.advanceTimersByTime(50));
      expect(session.goToOrder).toHaveBeenCalledWith(JOURNEY_PRODUCTS);
    }));

  it('keeps Next disabled for a one-letter name or an address with a space or two @', () =>
    inSession(start, (session) => {
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
    }));
});
