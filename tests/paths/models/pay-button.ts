// The Pay Now button's model (SPEC 4 "Checkout", SPEC 8): what
// machines/pay-button/pay-button.machine.test.ts walks and what `npm run paths -- payButton`
// prints; one definition for both. The countdown's tick is a step of its own: the state knows
// whether the countdown has started counting down while the payment starts.

import { fromPromise } from 'xstate';
import type { CheckoutRequestInput } from '#domain/checkout.schema.ts';
import type { StartCheckoutResult } from '#machines/checkout/checkout.actors.ts';
import {
  PAY_COUNTDOWN_SECONDS,
  payButtonMachine,
  type PayButtonEvent,
} from '#machines/pay-button/pay-button.machine.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

/** Named delays, shortened for the tests. */
export const DELAYS = { countdownTick: 10, paymentTimeout: 200 };
export type StartInput = { body: CheckoutRequestInput; idempotencyKey: string };

export const BODY = { email: 'a@b.nl', planData: { products: [16] } } as CheckoutRequestInput;

export type ModelEvent =
  | PayButtonEvent
  | { type: 'xstate.done.actor.startCheckout'; output: StartCheckoutResult }
  | { type: 'xstate.error.actor.startCheckout'; error: string }
  | { type: 'xstate.after.paymentTimeout.payButton.submitting' }
  | { type: 'xstate.after.countdownTick.payButton.submitting.counting' };

export const samples = {
  'user.pay': [
    { body: BODY, blockers: [] },
    { body: BODY, blockers: ['checkout.validation.firstnameRequired'] },
  ],
  'xstate.done.actor.startCheckout': [
    {
      output: {
        ok: true,
        response: { paymentLink: '/pay/2026-0001', invoiceNumber: '2026-0001', orderId: 'o' },
      },
    },
    { output: { ok: false, code: 'VALIDATION_FAILED' } },
    { output: { ok: false, code: 'ALREADY_REGISTERED' } },
    { output: { ok: false, code: 'COUPON_INVALID', reason: 'coupon.refused.usedUp' } },
  ],
  'xstate.error.actor.startCheckout': [{ error: 'boom' }],
  'xstate.after.paymentTimeout.payButton.submitting': [{}],
  'xstate.after.countdownTick.payButton.submitting.counting': [{}],
} satisfies EventSamples<ModelEvent>;

const fake = payButtonMachine.provide({
  actors: {
    startCheckout: fromPromise<StartCheckoutResult, StartInput>(() => new Promise(() => {})),
  },
  actions: { navigate: () => {} },
  delays: DELAYS,
});
export const model = createModel<typeof fake, ModelEvent>({
  machine: fake,
  events: samples,
  // While the payment starts: whether the countdown has ticked (each further tick is the same
  // screen, one second less; the test checks the seconds shown step by step).
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      failure: s.context.failure,
      counting: s.matches('submitting') ? s.context.secondsLeft < PAY_COUNTDOWN_SECONDS : null,
    }),
  // The paths its test walks.
  maxSteps: 10,
});

export const spec = {
  machine: payButtonMachine,
  model,
  test: 'machines/pay-button/pay-button.machine.test.ts',
} as unknown as ModelSpec;
