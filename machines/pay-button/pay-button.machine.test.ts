// The Pay Now button, model-based: its model is tests/paths/models/pay-button.ts (the one
// `npm run paths -- payButton` prints), every transition walked with fake timers and a checkout
// call the test answers; each state's error, busy flag, countdown and navigation checked.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CheckoutRequestInput } from '#domain/checkout.schema.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import {
  BODY,
  DELAYS,
  model,
  type ModelEvent,
  type StartInput,
} from '#tests/paths/models/pay-button.ts';
import type { StartCheckoutResult } from '../checkout/checkout.actors.ts';
import { PAY_COUNTDOWN_SECONDS, payButtonMachine } from './pay-button.machine.ts';
import { selectIsPaying, selectPayError, selectSecondsLeft } from './pay-button.selectors.ts';

const OTHER_BODY = { ...BODY, city: 'Utrecht' } as CheckoutRequestInput;

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

const navigations: string[] = [];
const calls: StartInput[] = [];

function start() {
  vi.useFakeTimers();
  let settle: { resolve: (r: StartCheckoutResult) => void; reject: (e: unknown) => void } | null =
    null;
  const actor = createActor(
    payButtonMachine.provide({
      actors: {
        startCheckout: fromPromise<StartCheckoutResult, StartInput>(({ input }) => {
          calls.push(input);
          return new Promise((resolve, reject) => (settle = { resolve, reject }));
        }),
      },
      actions: { navigate: (_, params) => void navigations.push(params.url) },
      delays: DELAYS,
    }),
  ).start();
  const driver = {
    'user.pay': (e) => void actor.send(e),
    'xstate.done.actor.startCheckout': async (e) => {
      settle?.resolve(e.output);
      await flush();
    },
    'xstate.error.actor.startCheckout': async (e) => {
      settle?.reject(new Error(e.error));
      await flush();
    },
    // The rest of the 20 seconds (the shortened ones): the ticks so far count towards it.
    'xstate.after.paymentTimeout.payButton.submitting': () =>
      void vi.advanceTimersByTime(
        DELAYS.paymentTimeout -
          (PAY_COUNTDOWN_SECONDS - actor.getSnapshot().context.secondsLeft) * DELAYS.countdownTick,
      ),
    'xstate.after.countdownTick.payButton.submitting.counting': () =>
      void vi.advanceTimersByTime(DELAYS.countdownTick),
  } satisfies Driver<ModelEvent>;
  return { driver, getSnapshot: () => actor.getSnapshot(), stop: () => void actor.stop(), actor };
}

afterEach(() => {
  vi.useRealTimers();
  navigations.length = 0;
  calls.length = 0;
});

describe('pay button (model-based)', () => {
  it('reaches every leaf state', () => {
    expect(model.unreachableLeafStates()).toEqual([]);
  });
  const coverage = model.createCoverage();
  for (const path of model.coveringPaths()) {
    it(path.description, async () => {
      await model.walk(path, {
        start,
        coverage,
        assertState: (snapshot, _session, step) => {
          // The countdown: from 10, one less a tick, while the payment starts.
          if (snapshot.matches('submitting'))
            expect(selectSecondsLeft(snapshot)).toBe(
              step.event.type === 'user.pay'
                ? PAY_COUNTDOWN_SECONDS
                : step.event.type === 'xstate.after.countdownTick.payButton.submitting.counting'
                  ? PAY_COUNTDOWN_SECONDS - 1
                  : step.state.context.secondsLeft,
            );
          const error = selectPayError(snapshot);
          if (snapshot.matches('timedOut'))
            expect(error).toBe('checkout.payment.longProcessingError');
          else if (snapshot.matches('failed'))
            expect(error).toBe(
              snapshot.context.failure === 'ALREADY_REGISTERED'
                ? 'accountCreation.alreadyRegistered'
                : snapshot.context.failure === 'COUPON_INVALID'
                  ? 'coupon.refused.usedUp'
                  : 'checkout.payment.startError',
            );
          else expect(error).toBeNull();
          expect(selectIsPaying(snapshot)).toBe(
            snapshot.matches('submitting') || snapshot.matches('redirecting'),
          );
          expect(navigations).toEqual(snapshot.matches('redirecting') ? ['/pay/2026-0001'] : []);
        },
      });
    });
  }
  it('takes every transition', () => {
    coverage.assertComplete();
  });
});

describe('pay button journeys', () => {
  it('counts down from 10 once a second while submitting', () => {
    const { actor, stop } = start();
    actor.send({ type: 'user.pay', body: BODY, blockers: [] });
    expect(selectSecondsLeft(actor.getSnapshot())).toBe(PAY_COUNTDOWN_SECONDS);
    vi.advanceTimersByTime(DELAYS.countdownTick * 3);
    expect(selectSecondsLeft(actor.getSnapshot())).toBe(PAY_COUNTDOWN_SECONDS - 3);
    vi.advanceTimersByTime(DELAYS.countdownTick * 15);
    expect(selectSecondsLeft(actor.getSnapshot())).toBe(0);
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    stop();
  });

  it('ignores a second click while submitting, and retries the same body with the same key', async () => {
    const { actor, driver, stop } = start();
    actor.send({ type: 'user.pay', body: BODY, blockers: [] });
    actor.send({ type: 'user.pay', body: BODY, blockers: [] });
    expect(calls).toHaveLength(1);
    await driver['xstate.done.actor.startCheckout']({
      type: 'xstate.done.actor.startCheckout',
      output: { ok: false, code: 'INTERNAL' },
    });
    actor.send({ type: 'user.pay', body: BODY, blockers: [] });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.idempotencyKey).toBe(calls[0]!.idempotencyKey);
    vi.advanceTimersByTime(DELAYS.paymentTimeout);
    actor.send({ type: 'user.pay', body: OTHER_BODY, blockers: [] });
    expect(calls).toHaveLength(3);
    expect(calls[2]!.idempotencyKey).not.toBe(calls[0]!.idempotencyKey);
    expect(calls[0]!.idempotencyKey).toMatch(/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/);
    stop();
  });
});
