import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { ANSWER, model, PREVIEW, type ModelEvent } from '#tests/paths/models/withdrawal.ts';
import { withdrawalMachine } from './withdrawal.machine.ts';

// The withdrawal function's chart walked as a model (issue 42): every transition taken, and after
// each step what the page shows holds: the refund exactly while confirming, the answer exactly
// when done, a refusal's message only in `form.refused`, one Idempotency-Key from the preview to
// the end (a retried confirm never withdraws twice). Its model is tests/paths/models/withdrawal.ts,
// the one `npm run paths -- withdrawal` prints.

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

function start(input: { lang: 'en' | 'nl'; order?: string } = { lang: 'en' }) {
  type Pending = { resolve: (r: unknown) => void; reject: (e: unknown) => void };
  const pending: Record<string, Pending | null> = { signedIn: null, preview: null, withdraw: null };
  const sent: Array<{ kind: string; input: unknown }> = [];
  const actor = createActor(
    withdrawalMachine.provide({
      actors: {
        signedIn: fromPromise(
          () => new Promise((resolve, reject) => (pending.signedIn = { resolve, reject })),
        ) as never,
        preview: fromPromise(({ input: body }) => {
          sent.push({ kind: 'preview', input: body });
          return new Promise((resolve, reject) => (pending.preview = { resolve, reject }));
        }) as never,
        withdraw: fromPromise(({ input: body }) => {
          sent.push({ kind: 'withdraw', input: body });
          return new Promise((resolve, reject) => (pending.withdraw = { resolve, reject }));
        }) as never,
      },
    }),
    { input },
  ).start();
  const settle = async (which: string, how: 'resolve' | 'reject', value: unknown) => {
    const p = pending[which];
    if (!p) throw new Error(`${which} is not running`);
    pending[which] = null;
    if (how === 'resolve') p.resolve(value);
    else p.reject(value);
    await flush();
  };
  const driver = {
    'user.start': (e) => void actor.send(e),
    'user.change': (e) => void actor.send(e),
    'user.continue': (e) => void actor.send(e),
    'user.back': (e) => void actor.send(e),
    'user.confirm': (e) => void actor.send(e),
    'xstate.done.actor.signedIn': (e) => settle('signedIn', 'resolve', e.output),
    'xstate.done.actor.preview': (e) => settle('preview', 'resolve', e.output),
    'xstate.error.actor.preview': (e) => settle('preview', 'reject', e.error),
    'xstate.done.actor.withdraw': (e) => settle('withdraw', 'resolve', e.output),
    'xstate.error.actor.withdraw': (e) => settle('withdraw', 'reject', e.error),
  } satisfies Driver<ModelEvent>;
  return { driver, sent, getSnapshot: () => actor.getSnapshot(), stop: () => void actor.stop() };
}

describe('withdrawal function (model-based)', () => {
  it('reaches every leaf state', () => expect(model.unreachableLeafStates()).toEqual([]));
  walkEveryTransition(model, start, () => (snapshot) => {
    const confirming = snapshot.matches('confirm') || snapshot.matches('sending');
    expect(snapshot.context.preview !== null).toBe(confirming || snapshot.matches('done'));
    expect(snapshot.context.idempotencyKey !== null).toBe(confirming || snapshot.matches('done'));
    expect(snapshot.context.answer !== null).toBe(snapshot.matches('done'));
    if (snapshot.context.refusal !== null) expect(snapshot.matches({ form: 'refused' })).toBe(true);
    if (snapshot.matches({ form: 'invalid' }))
      expect(Object.keys(snapshot.context.fieldErrors).length).toBeGreaterThan(0);
  });
});

describe('withdrawal function', () => {
  it('fills the order from the link and the person from the session, and asks before it acts', async () => {
    const session = start({ lang: 'nl', order: '2026-0001' });
    const { driver } = session;
    await driver['xstate.done.actor.signedIn']({
      type: 'xstate.done.actor.signedIn',
      output: { name: 'Anna', email: 'anna@example.nl' },
    });
    driver['user.start']({ type: 'user.start' });
    driver['user.continue']({ type: 'user.continue' });
    expect(session.sent).toEqual([
      {
        kind: 'preview',
        input: {
          lang: 'nl',
          body: {
            invoiceNumber: '2026-0001',
            name: 'Anna',
            email: 'anna@example.nl',
            statement: '',
          },
        },
      },
    ]);
    await driver['xstate.done.actor.preview']({
      type: 'xstate.done.actor.preview',
      output: { ok: true, preview: PREVIEW },
    });
    expect(session.getSnapshot().value).toEqual({ confirm: 'ready' });
    driver['user.confirm']({ type: 'user.confirm' });
    driver['user.confirm']({ type: 'user.confirm' });
    await driver['xstate.error.actor.withdraw']({
      type: 'xstate.error.actor.withdraw',
      error: 'x',
    });
    driver['user.confirm']({ type: 'user.confirm' });
    const withdraws = session.sent.filter((s) => s.kind === 'withdraw') as Array<{
      input: { idempotencyKey: string };
    }>;
    // A double click sends once; the retry after no answer carries the same key.
    expect(withdraws).toHaveLength(2);
    expect(withdraws[0]!.input.idempotencyKey).toBe(withdraws[1]!.input.idempotencyKey);
    await driver['xstate.done.actor.withdraw']({
      type: 'xstate.done.actor.withdraw',
      output: { ok: true, answer: ANSWER },
    });
    expect(session.getSnapshot().context.answer).toEqual(ANSWER);
    session.stop();
  });

  it('names a field that is wrong before asking the server', () => {
    const session = start();
    session.driver['user.start']({ type: 'user.start' });
    session.driver['user.change']({ type: 'user.change', field: 'order', value: 'order 12' });
    session.driver['user.continue']({ type: 'user.continue' });
    expect(session.getSnapshot().context.fieldErrors).toEqual({
      name: 'form.validation.required',
      email: 'form.validation.required',
      order: 'withdraw.validation.orderInvalid',
    });
    expect(session.sent).toEqual([]);
    session.stop();
  });
});
