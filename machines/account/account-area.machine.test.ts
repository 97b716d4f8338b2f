// The account area: every transition of its chart (model-based). The model is
// tests/paths/models/account-area.ts, the one `npm run paths -- accountArea` prints.

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { accountAreaMachine } from './account-area.machine.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import { data, model, type ModelEvent, type Result } from '#tests/paths/models/account-area.ts';

function start() {
  let pending: { resolve: (r: Result) => void; reject: (e: unknown) => void } | null = null;
  let wentToLogin = 0;
  const actor = createActor(
    accountAreaMachine.provide({
      actors: {
        load: fromPromise<Result, { lang: 'en' | 'nl' }>(
          () => new Promise((resolve, reject) => (pending = { resolve, reject })),
        ),
      },
      actions: { goToLogin: () => void wentToLogin++ },
    }),
    { input: { lang: 'en' } },
  ).start();
  const settle = async (how: 'resolve' | 'reject', value?: Result) => {
    const p = pending as { resolve: (r: Result) => void; reject: (e: unknown) => void } | null;
    if (!p) throw new Error('nothing is loading');
    pending = null;
    if (how === 'resolve') p.resolve(value!);
    else p.reject(new Error('boom'));
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  const driver = {
    'user.retry': (e) => void actor.send(e),
    'flow.changed': (e) => void actor.send(e),
    'flow.deleted': (e) => void actor.send(e),
    'xstate.done.actor.load': (e) => settle('resolve', e.output),
    'xstate.done.actor.refresh': (e) => settle('resolve', e.output),
    'xstate.error.actor.load': () => settle('reject'),
    'xstate.error.actor.refresh': () => settle('reject'),
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    wentToLogin: () => wentToLogin,
    getSnapshot: () => actor.getSnapshot(),
    stop: () => void actor.stop(),
  };
}

describe('account area (model-based)', () => {
  it('reaches every leaf state', () => expect(model.unreachableLeafStates()).toEqual([]));
  walkEveryTransition(model, start, () => (snapshot, session) => {
    if (snapshot.matches('ready')) expect(snapshot.context.data).toEqual(data);
    // A deleted account's lists are gone from memory, not only from the screen.
    if (snapshot.matches('deleted')) expect(snapshot.context.data).toBeNull();
    expect(session.wentToLogin()).toBe(snapshot.matches('signedOut') ? 1 : 0);
  });
});
