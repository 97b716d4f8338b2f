// The staff coupon list's model: what machines/coupons/coupon-list.machine.test.ts walks and what
// `npm run paths -- couponList` prints; one definition for both.

import { fromPromise } from 'xstate';
import type { StaffCoupon } from '#machines/coupons/coupons.actors.ts';
import { couponListMachine, type CouponListEvent } from '#machines/coupons/coupon-list.machine.ts';
import type { ApiResult } from '#machines/shared/api-client.ts';
import type { LoadedListInput, LoadedListResult } from '#machines/shared/loaded-list.machine.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type Result = ApiResult<StaffCoupon[]>;
export type ModelEvent =
  | CouponListEvent
  | { type: 'xstate.done.actor.load'; output: Result }
  | { type: 'xstate.done.actor.refresh'; output: Result }
  | { type: 'xstate.error.actor.load'; error: string }
  | { type: 'xstate.error.actor.refresh'; error: string };

export const coupons: StaffCoupon[] = [
  {
    code: 'SPRING10',
    kind: 'percent',
    value: 10,
    appliesTo: 'firstPayment',
    planIds: null,
    maxUses: 50,
    oncePerCustomer: true,
    validFrom: null,
    validUntil: '2026-06-01T00:00:00.000Z',
    enabled: true,
    uses: 3,
    givenAway: 27600,
    createdAt: '2026-03-01T09:00:00.000Z',
  },
];
export const loaded: Result = { ok: true, status: 200, data: coupons, headers: new Headers() };
export const signedOut: Result = { ok: false, status: 401, code: 'UNAUTHORIZED' };
export const down: Result = { ok: false, status: 0, code: 'NETWORK' };

export const samples = {
  'user.retry': [{}],
  'flow.changed': [{}],
  'xstate.done.actor.load': [{ output: loaded }, { output: signedOut }, { output: down }],
  'xstate.done.actor.refresh': [{ output: loaded }, { output: down }],
  'xstate.error.actor.load': [{ error: 'boom' }],
  'xstate.error.actor.refresh': [{ error: 'boom' }],
} satisfies EventSamples<ModelEvent>;

export const never = fromPromise<LoadedListResult, LoadedListInput>(() => new Promise(() => {}));
export const fake = couponListMachine.provide({ actors: { load: never } });
export const model = createModel<typeof fake, ModelEvent>({
  machine: fake,
  input: { lang: 'en' },
  events: samples,
  serializeState: (s) => JSON.stringify({ value: s.value, loaded: s.context.items !== null }),
});

export const spec = {
  machine: couponListMachine,
  model,
  test: 'machines/coupons/coupon-list.machine.test.ts',
} as unknown as ModelSpec;
