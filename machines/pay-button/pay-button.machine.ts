import { assign, fromPromise, setup } from 'xstate';
import type { CheckoutRequestInput } from '#domain/checkout.schema.ts';
import {
  goToPaymentLink,
  postCheckout,
  type StartCheckoutResult,
} from '../checkout/checkout.actors.ts';
import { newIdempotencyKey } from '../shared/api-client.ts';

/** Seconds shown by the countdown while the payment starts (SPEC section 9). */
export const PAY_COUNTDOWN_SECONDS = 10;

export interface PayButtonContext {
  secondsLeft: number;
  /** The body and key of the last attempt: a retry of the same body reuses its key. */
  attempt: { body: CheckoutRequestInput; json: string; idempotencyKey: string } | null;
  /** The API's refusal code of the last failed attempt. */
  failure: string | null;
  /** Why, where the API said (a discount code refused when the order was placed). */
  failureReason: string | null;
  /** Where the customer pays, once the server answered. */
  paymentLink: string | null;
}

export type PayButtonEvent = {
  type: 'user.pay';
  body: CheckoutRequestInput;
  /** checkoutBlockers(...) of the form now: the click is taken only when it is empty. */
  blockers: readonly string[];
};

/** Accepted in `idle`, `failed` and `timedOut` only, and only with nothing blocking. */
const PAY = {
  guard: {
    type: 'hasNoBlockers',
    params: ({ event }: { event: PayButtonEvent }) => ({ blockers: event.blockers }),
  },
  target: 'submitting',
  actions: {
    type: 'storeAttempt',
    params: ({ event }: { event: PayButtonEvent }) => ({ body: event.body }),
  },
} as const;

/**
 * The Pay Now button (SPEC 4 "Checkout", SPEC 8). `idle` until a click with nothing blocking;
 * `submitting` shows a countdown from 10 (child `counting`, one tick per `countdownTick`) and gives
 * up after `paymentTimeout` (20 s) in `timedOut`; a refusal or a network failure is `failed`. From
 * `failed` and `timedOut` the button is enabled again. A click is accepted only outside
 * `submitting`, so a double click cannot start two payments; a retry of the same body sends the
 * same Idempotency-Key, so a payment that did start on the server is not made twice. Success is
 * final: `redirecting` leaves for the payment link.
 */
export const payButtonMachine = setup({
  types: {
    context: {} as PayButtonContext,
    events: {} as PayButtonEvent,
  },
  actors: {
    startCheckout: fromPromise<
      StartCheckoutResult,
      { body: CheckoutRequestInput; idempotencyKey: string }
    >(({ input, signal }) => postCheckout(input, signal)),
  },
  guards: {
    hasNoBlockers: (_, params: { blockers: readonly string[] }) => params.blockers.length === 0,
    isStarted: (_, params: { result: StartCheckoutResult }) => params.result.ok,
  },
  actions: {
    storeAttempt: assign(({ context }, params: { body: CheckoutRequestInput }) => {
      const json = JSON.stringify(params.body);
      const idempotencyKey =
        context.attempt?.json === json ? context.attempt.idempotencyKey : newIdempotencyKey();
      return {
        attempt: { body: params.body, json, idempotencyKey },
        failure: null,
        failureReason: null,
      };
    }),
    startCountdown: assign({ secondsLeft: PAY_COUNTDOWN_SECONDS }),
    tick: assign(({ context }) => ({ secondsLeft: Math.max(0, context.secondsLeft - 1) })),
    storeFailure: assign((_, params: { result: StartCheckoutResult | null }) => ({
      failure: params.result && !params.result.ok ? params.result.code : 'NETWORK',
      failureReason: (params.result && !params.result.ok && params.result.reason) || null,
    })),
    storePaymentLink: assign((_, params: { result: StartCheckoutResult }) => ({
      paymentLink: params.result.ok ? params.result.response.paymentLink : null,
    })),
    navigate: (_, params: { url: string }) => goToPaymentLink(params.url),
  },
  delays: {
    countdownTick: 1000,
    paymentTimeout: 20_000,
  },
}).createMachine({
  id: 'payButton',
  context: {
    secondsLeft: PAY_COUNTDOWN_SECONDS,
    attempt: null,
    failure: null,
    failureReason: null,
    paymentLink: null,
  },
  initial: 'idle',
  states: {
    idle: { on: { 'user.pay': PAY } },
    submitting: {
      tags: ['busy'],
      entry: 'startCountdown',
      // No 'user.pay' here: a click while submitting is ignored, one payment at a time.
      invoke: {
        id: 'startCheckout',
        src: 'startCheckout',
        input: ({ context }) => ({
          body: context.attempt!.body,
          idempotencyKey: context.attempt!.idempotencyKey,
        }),
        onDone: [
          {
            guard: { type: 'isStarted', params: ({ event }) => ({ result: event.output }) },
            target: 'redirecting',
            actions: {
              type: 'storePaymentLink',
              params: ({ event }) => ({ result: event.output }),
            },
          },
          {
            target: 'failed',
            actions: { type: 'storeFailure', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: { target: 'failed', actions: { type: 'storeFailure', params: { result: null } } },
      },
      after: { paymentTimeout: 'timedOut' },
      initial: 'counting',
      states: {
        counting: {
          after: {
            countdownTick: { target: 'counting', reenter: true, actions: 'tick' },
          },
        },
      },
    },
    failed: { on: { 'user.pay': PAY } },
    timedOut: { on: { 'user.pay': PAY } },
    redirecting: {
      type: 'final',
      entry: {
        type: 'navigate',
        params: ({ context }) => ({ url: context.paymentLink ?? '/' }),
      },
    },
  },
});
