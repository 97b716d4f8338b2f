// @vitest-environment jsdom
// The guided flows' answers travel to the checkout (SPEC section 3, `smartLeadFormAnswers`): each
// flow keeps its answers in this browser when it ends, and the checkout sends them with the order.

import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { EMPTY_CHECKOUT_FORM } from '#domain/checkout.schema.ts';
import { SMART_ANSWERS_STORAGE_KEY } from '#domain/smart-answers.ts';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import { buildCheckoutRequest } from '#machines/checkout/checkout.selectors.ts';
import { leadFormMachine } from '#machines/lead-form/lead-form.machine.ts';
import { writeSavedAnswers } from '#machines/planner/planner.actors.ts';
import { quizMachine } from '#machines/quiz/quiz.machine.ts';
import { expectConsole } from '#tests/setup/console.ts';
import { keepSmartAnswers, readSmartAnswers } from './smart-answers.ts';
import type { FlowLeadInput, StoreLeadResult } from './leads.ts';

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};
const stored = <TInput>() =>
  fromPromise<StoreLeadResult, TInput>(async () => ({ ok: true, id: 'lead-1' }));

afterEach(() => {
  localStorage.clear();
});

async function finishQuiz() {
  const quiz = createActor(
    quizMachine.provide({ actors: { storeLead: stored<FlowLeadInput<'quiz'>>() } }),
    {
      input: {},
    },
  ).start();
  quiz.send({ type: 'user.start' });
  for (const [question, value] of [
    ['situation', 'haveWebsite'],
    ['goal', 'getClients'],
    ['budget', 'premium'],
    ['involvement', 'collab'],
    ['timeline', 'now'],
  ] as const) {
    quiz.send({ type: 'user.choose', question, value });
    quiz.send({ type: 'user.next' });
  }
  quiz.send({ type: 'user.next' });
  quiz.send({ type: 'user.changeName', value: 'Jo' });
  quiz.send({ type: 'user.changeEmail', value: 'jo@example.nl' });
  quiz.send({ type: 'user.next' });
  quiz.send({ type: 'user.declineTips' });
  await flush();
  expect(quiz.getSnapshot().value).toBe('done');
}

function leadFormUpToConsent() {
  const form = createActor(
    leadFormMachine.provide({ actors: { storeLead: stored<FlowLeadInput<'leadForm'>>() } }),
    {
      input: {},
    },
  ).start();
  form.send({ type: 'user.start' });
  form.send({ type: 'user.changeName', value: 'Ann' });
  form.send({ type: 'user.changeEmail', value: 'ann@example.nl' });
  form.send({ type: 'user.next' });
  form.send({ type: 'user.chooseGoal', goal: 'sellProducts' });
  form.send({ type: 'user.chooseNeed', need: 'launchNew' });
  form.send({ type: 'user.next' });
  form.send({ type: 'user.bookLater' });
  return form;
}

/** The checkout body a checkout opened now would send (it reads the record as the page does). */
function checkoutBodyNow() {
  const checkout = createActor(checkoutMachine, {
    input: { savedForm: EMPTY_CHECKOUT_FORM, smartLeadFormAnswers: readSmartAnswers() },
  }).start();
  return buildCheckoutRequest(checkout.getSnapshot(), {
    plans: ['webHosting_total'],
    interval: 'monthly',
    domain: undefined,
    lang: 'en',
  });
}

describe('smartLeadFormAnswers from the flows to the checkout', () => {
  it('the quiz and the lead form keep their answers side by side; the order carries both', async () => {
    expect(readSmartAnswers()).toBeNull();
    await finishQuiz();
    const form = leadFormUpToConsent();
    // Nothing is kept before the form ends.
    expect(readSmartAnswers()?.leadForm).toBeUndefined();
    form.send({ type: 'user.declineConsent' });
    expect(form.getSnapshot().value).toBe('goodbye');

    const expected = {
      quiz: {
        situation: 'haveWebsite',
        goal: 'getClients',
        budget: 'premium',
        involvement: 'collab',
        timeline: 'now',
      },
      leadForm: { goal: 'sellProducts', need: 'launchNew', booked: false },
    };
    expect(readSmartAnswers()).toEqual(expected);

    expect(checkoutBodyNow().smartLeadFormAnswers).toEqual(expected);
  });

  it('the lead form keeps a booked call as such', () => {
    const form = createActor(leadFormMachine.provide({ actions: { goToConfirmation: () => {} } }), {
      input: {},
    }).start();
    form.send({ type: 'user.start' });
    form.send({ type: 'user.changeName', value: 'Ann' });
    form.send({ type: 'user.changeEmail', value: 'ann@example.nl' });
    form.send({ type: 'user.next' });
    form.send({ type: 'user.chooseGoal', goal: 'showcase' });
    form.send({ type: 'user.next' });
    form.send({ type: 'user.bookNow' });
    form.send({
      type: 'scheduler.booked',
      booking: {
        id: 'b1',
        title: 'Consultation',
        description: '',
        startTime: '2026-03-10T09:00:00.000Z',
        endTime: '2026-03-10T09:30:00.000Z',
        timeZone: 'Europe/Amsterdam',
        videoCallUrl: 'https://meet.example.com/abc',
      },
    });
    expect(readSmartAnswers()).toEqual({ leadForm: { goal: 'showcase', booked: true } });
  });

  it('the planner keeps its five answers when it saves them', () => {
    writeSavedAnswers({
      situation: 'starting',
      goal: 'buildWebsite',
      budget: 'starter',
      involvement: 'diyHelp',
      timeline: 'soon',
      name: 'Ann',
      email: 'ann@example.nl',
      subscribe: false,
      recommendedCategory: 'buildLaunch',
      recommendedProducts: ['webHosting_total'],
    });
    // Only the answers travel: no name, email or recommendation.
    expect(readSmartAnswers()).toEqual({
      planner: {
        situation: 'starting',
        goal: 'buildWebsite',
        budget: 'starter',
        involvement: 'diyHelp',
        timeline: 'soon',
      },
    });
  });

  it('a later run of a flow replaces only its own answers', () => {
    keepSmartAnswers('leadForm', { goal: 'showcase' });
    keepSmartAnswers('leadForm', { goal: 'needHelp', need: 'somethingElse' });
    expect(readSmartAnswers()).toEqual({ leadForm: { goal: 'needHelp', need: 'somethingElse' } });
  });

  it('without answers the order carries none', () => {
    expect(checkoutBodyNow()).not.toHaveProperty('smartLeadFormAnswers');
  });

  it('a malformed record is discarded with a warning', () => {
    localStorage.setItem(SMART_ANSWERS_STORAGE_KEY, JSON.stringify({ quiz: { budget: 'lots' } }));
    expectConsole('warn', /smart-lead-form-answers/);
    expect(readSmartAnswers()).toBeNull();
    expect(localStorage.getItem(SMART_ANSWERS_STORAGE_KEY)).toBeNull();
  });
});
