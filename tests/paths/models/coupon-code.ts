// The discount code field's model (issue 46): what machines/coupon-code/coupon-code.machine.test.ts
// walks and what `npm run paths -- couponCode` prints; one definition for both.

import { fromPromise } from 'xstate';
import type { CouponTerms } from '#domain/coupons.ts';
import type { CouponCheck, CouponOrder } from '#machines/coupon-code/coupon-code.actors.ts';
import {
  couponCodeMachine,
  type CouponCodeEvent,
} from '#machines/coupon-code/coupon-code.machine.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type ModelEvent =
  | CouponCodeEvent
  | { type: 'xstate.done.actor.check'; output: CouponCheck }
  | { type: 'xstate.error.actor.check'; error: string };

export const order: CouponOrder = { plans: ['webHosting_total'], interval: 'monthly' };
export const otherOrder: CouponOrder = { plans: ['webHosting_pro'], interval: 'yearly' };
export const terms: CouponTerms = {
  code: 'SPRING10',
  kind: 'percent',
  value: 10,
  appliesTo: 'firstPayment',
  planIds: null,
};
export const applied: CouponCheck = { kind: 'applied', terms };
export const refused: CouponCheck = { kind: 'refused', reasonKey: 'coupon.refused.expired' };
export const failed: CouponCheck = { kind: 'failed' };

export const samples = {
  'user.typeCode': [{ code: 'spring10' }, { code: '' }],
  'user.apply': [{}],
  'user.remove': [{}],
  'flow.orderChanged': [{ order: otherOrder }, { order }],
  'xstate.done.actor.check': [{ output: applied }, { output: refused }, { output: failed }],
  'xstate.error.actor.check': [{ error: 'boom' }],
} satisfies EventSamples<ModelEvent>;

export const never = fromPromise<
  CouponCheck,
  { code: string; order: CouponOrder; lang: 'en' | 'nl' }
>(() => new Promise(() => {}));
export const fake = couponCodeMachine.provide({ actors: { check: never } });
export const model = createModel<typeof fake, ModelEvent>({
  machine: fake,
  input: { lang: 'en', order, code: 'spring10' },
  events: samples,
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      draft: s.context.draft !== '',
      order: s.context.order.plans.join(),
      applied: s.context.applied !== null,
      refused: s.context.refusalKey !== null,
    }),
});

export const spec = {
  machine: couponCodeMachine,
  model,
  test: 'machines/coupon-code/coupon-code.machine.test.ts',
} as unknown as ModelSpec;
