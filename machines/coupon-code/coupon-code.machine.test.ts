// The discount code field: every transition of its chart (model-based), and what it keeps. The
// model is tests/paths/models/coupon-code.ts, the one `npm run paths -- couponCode` prints.

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import {
  applied,
  model,
  order,
  otherOrder,
  terms,
  type ModelEvent,
} from '#tests/paths/models/coupon-code.ts';
import type { CouponCheck, CouponOrder } from './coupon-code.actors.ts';
import { couponCodeMachine } from './coupon-code.machine.ts';

type Asked = { code: string; order: CouponOrder; lang: 'en' | 'nl' };

function start(code: string | undefined = 'spring10') {
  let pending: { resolve: (r: CouponCheck) => void; reject: (e: unknown) => void } | null = null;
  const asked: Asked[] = [];
  const actor = createActor(
    couponCodeMachine.provide({
      actors: {
        check: fromPromise<CouponCheck, Asked>(({ input }) => {
          asked.push(input);
          return new Promise((resolve, reject) => (pending = { resolve, reject }));
        }),
      },
    }),
    { input: { lang: 'en', order, code } },
  ).start();
  const settle = async (how: 'resolve' | 'reject', value?: CouponCheck) => {
    const p = pending as { resolve: (r: CouponCheck) => void; reject: (e: unknown) => void } | null;
    if (!p) throw new Error('nothing is being checked');
    pending = null;
    if (how === 'resolve') p.resolve(value!);
    else p.reject(new Error('boom'));
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  const driver = {
    'user.typeCode': (e) => void actor.send(e),
    'user.apply': (e) => void actor.send(e),
    'user.remove': (e) => void actor.send(e),
    'flow.orderChanged': (e) => void actor.send(e),
    'xstate.done.actor.check': (e) => settle('resolve', e.output),
    'xstate.error.actor.check': () => settle('reject'),
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    asked,
    actor,
    settle,
    getSnapshot: () => actor.getSnapshot(),
    stop: () => void actor.stop(),
  };
}

describe('discount code field (model-based)', () => {
  it('reaches every leaf state', () => expect(model.unreachableLeafStates()).toEqual([]));
  walkEveryTransition(model, start, () => (snapshot) => {
    if (snapshot.matches('applied')) expect(snapshot.context.applied).toEqual(terms);
    else if (!snapshot.matches('checking')) expect(snapshot.context.applied).toBeNull();
    if (snapshot.matches('refused'))
      expect(snapshot.context.refusalKey).toMatch(/^coupon\.refused\./);
  });
});

describe('discount code field', () => {
  it('checks a code from the link at once, then again with the order when it changes', async () => {
    const s = start(' spring10 ');
    expect(s.getSnapshot().value).toBe('checking');
    expect(s.asked).toEqual([{ code: 'spring10', order, lang: 'en' }]);
    await s.settle('resolve', applied);
    expect(s.getSnapshot().value).toBe('applied');
    s.actor.send({ type: 'flow.orderChanged', order: otherOrder });
    expect(s.asked[1]).toEqual({ code: 'spring10', order: otherOrder, lang: 'en' });
    await s.settle('resolve', { kind: 'refused', reasonKey: 'coupon.refused.notForPlans' });
    expect(s.getSnapshot().context).toMatchObject({
      applied: null,
      refusalKey: 'coupon.refused.notForPlans',
    });
    s.actor.send({ type: 'user.remove' });
    expect(s.getSnapshot().context).toMatchObject({ draft: '', applied: null, refusalKey: null });
    s.stop();
  });

  it('never sends an empty code', () => {
    const s = start('');
    s.actor.send({ type: 'user.typeCode', code: '   ' });
    s.actor.send({ type: 'user.apply' });
    expect(s.getSnapshot().value).toBe('empty');
    expect(s.asked).toEqual([]);
    s.stop();
  });
});
