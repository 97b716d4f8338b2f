// The checkout page's models (SPEC 2 screen 11): what
// src/views/checkout/checkout-view.model.test.tsx walks through the real page and what
// `npm run paths -- checkout` prints; one definition for both. The first walks the tabs, the
// email check and its outcomes and the terms box; the second the details tab's own fields (the
// city standing for them) and the start-now box. One model of both would hold every city and
// start-now value in every state of the first (some 200 paths instead of 25).

import { fromPromise } from 'xstate';
import { EMPTY_CHECKOUT_FORM } from '#domain/checkout.schema.ts';
import type { AccountCheck } from '#machines/checkout/checkout.actors.ts';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import type { CheckoutEvent } from '#machines/checkout/checkout.types.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type ModelEvent =
  | Extract<
      CheckoutEvent,
      {
        type:
          | 'user.checkEmail'
          | 'user.selectTab'
          | 'user.toggleTerms'
          | 'user.toggleStartNow'
          | 'user.toggleBusiness';
      }
    >
  | { type: 'user.changeField'; field: 'email' | 'city'; value: string }
  | { type: 'user.blurField'; field: 'email' | 'city' }
  | { type: 'xstate.done.actor.lookupAccount'; output: AccountCheck }
  | { type: 'xstate.error.actor.lookupAccount'; error: string };

export const samples = {
  'user.changeField': [
    { field: 'email', value: '' },
    { field: 'email', value: 'new@example.test' },
  ],
  'user.blurField': [{ field: 'email' }],
  'user.checkEmail': [{}],
  'user.selectTab': [{ tab: 'account' }, { tab: 'details' }],
  'user.toggleTerms': [{ checked: true }, { checked: false }],
  'user.toggleStartNow': [{ checked: true }, { checked: false }],
  // "Ordering as a business?" (issue 43): shows the business fields; the quote follows.
  'user.toggleBusiness': [{ checked: true }, { checked: false }],
  'xstate.done.actor.lookupAccount': [
    { output: { result: 'exists' } },
    // The signed-in account's own address: it orders as itself, without a password.
    { output: { result: 'own', profile: null } },
    { output: { result: 'new' } },
    { output: { result: 'failed' } },
  ],
  'xstate.error.actor.lookupAccount': [{ error: 'network' }],
} satisfies EventSamples<ModelEvent>;

export const modelMachine = checkoutMachine.provide({
  actors: {
    lookupAccount: fromPromise<AccountCheck, { email: string }>(() => new Promise(() => {})),
  },
  actions: { persistForm: () => {} },
});
export const model = createModel<typeof modelMachine, ModelEvent>({
  // The paths its test walks.
  maxSteps: 30,
  machine: modelMachine,
  input: { savedForm: EMPTY_CHECKOUT_FORM },
  events: samples,
  // Two addresses keep the model small: '' (required; the tab-1 badge) and a valid one (the
  // look-up and its sampled answers). An invalid address is pinned in a journey of the test.
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      email: s.context.form.email,
      tos: s.context.form.tos,
      errors: s.context.errors,
      step2: s.context.step2Visited,
      signedIn: s.context.signedInEmail,
      business: s.context.business,
    }),
  limit: 5000,
  // Leaving the address field that "already registered" has just emptied shows no error (the
  // message above says what to do): nothing changes, and that is the transition.
  countSelfLoops: (s, e) =>
    s.matches({ account: 'alreadyRegistered' }) &&
    e.type === 'user.blurField' &&
    s.context.form.email === '',
});

/** The details tab's fields: one (the city) changed and left, and the start-now box. */
export const detailsModel = createModel<typeof modelMachine, ModelEvent>({
  maxSteps: 30,
  machine: modelMachine,
  input: { savedForm: EMPTY_CHECKOUT_FORM },
  events: {
    'user.changeField': [{ field: 'city', value: 'Utrecht' }],
    'user.blurField': [{ field: 'city' }],
    'user.checkEmail': [],
    'user.selectTab': [{ tab: 'details' }, { tab: 'account' }],
    'user.toggleTerms': [],
    'user.toggleStartNow': [{ checked: true }, { checked: false }],
    'user.toggleBusiness': [],
    'xstate.done.actor.lookupAccount': [],
    'xstate.error.actor.lookupAccount': [],
  },
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      city: s.context.form.city,
      startNow: s.context.startNow,
      errors: s.context.errors,
      step2: s.context.step2Visited,
    }),
  // The city field is on the details tab only.
  offers: (s, e) =>
    (e.type !== 'user.changeField' && e.type !== 'user.blurField') || s.matches('details'),
});

export const spec = {
  machine: checkoutMachine,
  models: [
    { title: 'checkout page (model-based, through the real components)', model },
    { title: "checkout page, the details tab's fields (model-based)", model: detailsModel },
  ],
  test: 'src/views/checkout/checkout-view.model.test.tsx',
} as unknown as ModelSpec;
