// The form-action chart, model-based: its model is tests/paths/models/form-action.ts (the one
// `npm run paths -- formAction` prints), walked for a form that starts closed and one that starts
// open.

import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Driver } from '#tests/helpers/model-testing.ts';
import {
  formAction,
  formActionModel,
  model as registered,
  type ModelEvent,
  ok,
  type Result,
} from '#tests/paths/models/form-action.ts';
import * as accountFlows from '../account/account-flows.ts';
import * as staffFlows from '../staff/staff-flows.ts';
import type { createFormActionMachine } from './form-action.machine.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

function start(startsOpen: boolean) {
  let pending: { resolve: (r: Result) => void; reject: (e: unknown) => void } | null = null;
  const sent: Record<string, string>[] = [];
  const done: unknown[] = [];
  const machine = formAction(startsOpen, (values) => {
    sent.push(values);
    return new Promise((resolve, reject) => (pending = { resolve, reject }));
  }).provide({ actions: { notifyDone: (_, params) => void done.push(params.result) } });
  const actor = createActor(machine, { input: { values: { password: '' } } }).start();
  const settle = async (how: 'resolve' | 'reject', value: unknown) => {
    const p = pending as { resolve: (r: Result) => void; reject: (e: unknown) => void } | null;
    if (!p) throw new Error('nothing is being sent');
    pending = null;
    if (how === 'resolve') p.resolve(value as Result);
    else p.reject(value);
    await flush();
  };
  const driver = {
    'user.open': (e) => void actor.send(e),
    'user.change': (e) => void actor.send(e),
    'user.submit': (e) => void actor.send(e),
    'user.close': (e) => void actor.send(e),
    'xstate.done.actor.0.formAction.sending': (e) => settle('resolve', e.output),
    'xstate.error.actor.0.formAction.sending': (e) => settle('reject', e.error),
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    sent,
    done,
    getSnapshot: () => actor.getSnapshot(),
    stop: () => void actor.stop(),
  };
}

describe.each([false, true])('form-action chart (model-based), startsOpen %s', (startsOpen) => {
  const model = startsOpen ? formActionModel(true) : registered;
  it('reaches every leaf state', () =>
    expect(model.unreachableLeafStates()).toEqual(startsOpen ? ['formAction.idle'] : []));
  walkEveryTransition(
    model,
    () => start(startsOpen),
    () => (snapshot, session) => {
      if (snapshot.matches('sending')) expect(snapshot.context.fieldErrors).toEqual({});
      if (snapshot.matches({ editing: 'invalid' }))
        expect(Object.keys(snapshot.context.fieldErrors)).toEqual(['password']);
      if (snapshot.matches({ editing: 'refused' }))
        expect(snapshot.context.refusal?.code).toBe('ALREADY_CANCELLED');
      // Each success is told once (a form edited again after one can succeed again).
      if (snapshot.matches('done')) {
        expect(session.done.length).toBeGreaterThan(0);
        expect(session.done.every((d) => (d as { fine?: boolean }).fine === true)).toBe(true);
      }
      // Closing clears what was typed (a password never stays in memory).
      if (snapshot.matches('idle')) expect(snapshot.context.values).toEqual({ password: '' });
    },
  );
});

describe('form-action journeys', () => {
  it('a form still shown after success sends a second edit (the profile saved twice)', async () => {
    const session = start(false);
    session.driver['user.open']({ type: 'user.open' });
    session.driver['user.change']({ type: 'user.change', field: 'password', value: 'first' });
    session.driver['user.submit']({ type: 'user.submit' });
    await session.driver['xstate.done.actor.0.formAction.sending']({
      type: 'xstate.done.actor.0.formAction.sending',
      output: ok,
    });
    expect(session.getSnapshot().matches('done')).toBe(true);
    session.driver['user.change']({ type: 'user.change', field: 'password', value: 'second' });
    expect(session.getSnapshot().matches({ editing: 'clean' })).toBe(true);
    session.driver['user.submit']({ type: 'user.submit' });
    expect(session.sent).toEqual([{ password: 'first' }, { password: 'second' }]);
  });

  it('sends once however often submit is pressed', async () => {
    const session = start(false);
    session.driver['user.open']({ type: 'user.open' });
    session.driver['user.change']({ type: 'user.change', field: 'password', value: 'secret-1' });
    session.driver['user.submit']({ type: 'user.submit' });
    session.driver['user.submit']({ type: 'user.submit' });
    expect(session.sent).toEqual([{ password: 'secret-1' }]);
    await session.driver['xstate.done.actor.0.formAction.sending']({
      type: 'xstate.done.actor.0.formAction.sending',
      output: ok,
    });
    expect(session.getSnapshot().matches('done')).toBe(true);
    session.stop();
  });

  it('is the chart of every client-area and staff flow', () => {
    const machines = [...Object.values(accountFlows), ...Object.values(staffFlows)].filter(
      (m): m is ReturnType<typeof createFormActionMachine> =>
        typeof m === 'object' && m !== null && 'config' in m,
    );
    // 14 client-area forms (issue 45 added ending a session and turning two-step sign-in off) and
    // 6 staff forms (issue 42 added the credit note)
    expect(machines.length).toBe(20);
    for (const machine of machines)
      expect(Object.keys(machine.config.states ?? {}).sort()).toEqual([
        'done',
        'editing',
        'idle',
        'sending',
      ]);
  });
});
