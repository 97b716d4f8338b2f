// The staff refunds list: every transition of its chart (model-based). The model is
// tests/paths/models/refunds.ts, the one `npm run paths -- refunds` prints.

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Lang } from '#domain/language.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import {
  loaded,
  marked,
  model,
  refunds,
  type Loaded,
  type Marked,
  type ModelEvent,
} from '#tests/paths/models/refunds.ts';
import { refundsMachine } from './refunds.machine.ts';

type Pending = { resolve: (r: unknown) => void; reject: (e: unknown) => void };

function start() {
  let pending: Pending | null = null;
  const calls: string[] = [];
  const wait = () =>
    new Promise<never>((resolve, reject) => (pending = { resolve, reject } as Pending));
  const actor = createActor(
    refundsMachine.provide({
      actors: {
        load: fromPromise<Loaded, { lang: Lang }>(() => {
          calls.push('load');
          return wait();
        }),
        mark: fromPromise<Marked, { id: string; lang: Lang }>(({ input }) => {
          calls.push(`mark ${input.id}`);
          return wait();
        }),
      },
    }),
    { input: { lang: 'en' } },
  ).start();
  const settle = async (how: 'resolve' | 'reject', value?: unknown) => {
    const p = pending as Pending | null;
    if (!p) throw new Error('nothing is running');
    pending = null;
    if (how === 'resolve') p.resolve(value);
    else p.reject(new Error('boom'));
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  const driver = {
    'user.retry': (e) => void actor.send(e),
    'user.mark': (e) => void actor.send(e),
    'user.cancel': (e) => void actor.send(e),
    'user.confirm': (e) => void actor.send(e),
    'xstate.done.actor.load': (e) => settle('resolve', e.output),
    'xstate.done.actor.refresh': (e) => settle('resolve', e.output),
    'xstate.done.actor.mark': (e) => settle('resolve', e.output),
    'xstate.error.actor.load': () => settle('reject'),
    'xstate.error.actor.refresh': () => settle('reject'),
    'xstate.error.actor.mark': () => settle('reject'),
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    calls,
    getSnapshot: () => actor.getSnapshot(),
    stop: () => void actor.stop(),
  };
}

describe('staff refunds (model-based)', () => {
  it('reaches every leaf state', () => expect(model.unreachableLeafStates()).toEqual([]));
  walkEveryTransition(model, start, () => (snapshot, session) => {
    const { context } = snapshot;
    if (snapshot.matches('ready')) expect(context.refunds).toHaveLength(refunds.length);
    // Only a pending bank transfer is ever asked about or sent; the Mollie refund never.
    if (context.selected) {
      const row = context.refunds?.find((r) => r.id === context.selected);
      expect(row).toMatchObject({ method: 'banktransfer', status: 'pending' });
    }
    expect(session.calls.some((c) => c === 'mark mollie-1')).toBe(false);
    // What is sent is the refund that was confirmed.
    if (snapshot.matches({ ready: 'marking' }))
      expect(session.calls.at(-1)).toBe(`mark ${context.selected}`);
    // A mark that went through shows its row refunded at once (until the list comes again).
    if (context.marked && snapshot.matches({ ready: 'refreshing' }))
      expect(context.refunds?.find((r) => r.id === context.marked)?.status).toBe('refunded');
    if (context.problem) expect(context.selected).toBeNull();
  });
});

describe('staff refunds (journeys)', () => {
  it('mark, confirm: one call for that refund, the row refunded, the list fetched again', async () => {
    const session = start();
    await session.driver['xstate.done.actor.load']({
      type: 'xstate.done.actor.load',
      output: loaded,
    });
    await session.driver['user.mark']({ type: 'user.mark', id: 'transfer-1' });
    expect(session.calls).toEqual(['load']);
    await session.driver['user.confirm']({ type: 'user.confirm' });
    await session.driver['xstate.done.actor.mark']({
      type: 'xstate.done.actor.mark',
      output: marked,
    });
    expect(session.calls).toEqual(['load', 'mark transfer-1', 'load']);
    expect(session.getSnapshot().matches({ ready: 'refreshing' })).toBe(true);
    expect(session.getSnapshot().context.refunds?.[0]?.status).toBe('refunded');
    session.stop();
  });
});
