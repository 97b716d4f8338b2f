// The domain list: every transition of its chart (model-based). The model is
// tests/paths/models/domain-list.ts, the one `npm run paths -- domainList` prints.

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import { domains, model, type ModelEvent, type Result } from '#tests/paths/models/domain-list.ts';
import type { LoadedListInput, LoadedListResult } from '../shared/loaded-list.machine.ts';
import { domainListMachine } from './domain-list.machine.ts';

function start() {
  let pending: { resolve: (r: Result) => void; reject: (e: unknown) => void } | null = null;
  let loads = 0;
  const actor = createActor(
    domainListMachine.provide({
      actors: {
        load: fromPromise<LoadedListResult, LoadedListInput>(({ input }) => {
          loads++;
          expect(input.scope).toBe('account');
          return new Promise((resolve, reject) => (pending = { resolve, reject }));
        }),
      },
    }),
    { input: { lang: 'en', scope: 'account' } },
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
    'xstate.done.actor.load': (e) => settle('resolve', e.output),
    'xstate.done.actor.refresh': (e) => settle('resolve', e.output),
    'xstate.error.actor.load': () => settle('reject'),
    'xstate.error.actor.refresh': () => settle('reject'),
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    loads: () => loads,
    getSnapshot: () => actor.getSnapshot(),
    stop: () => void actor.stop(),
  };
}

describe('domain list (model-based)', () => {
  it('reaches every leaf state', () => expect(model.unreachableLeafStates()).toEqual([]));
  walkEveryTransition(model, start, () => (snapshot, session) => {
    if (snapshot.matches('ready')) expect(snapshot.context.items).toEqual(domains);
    // Something is loading exactly in the states that load.
    if (snapshot.matches('loading') || snapshot.matches({ ready: 'refreshing' }))
      expect(session.loads()).toBeGreaterThan(0);
  });
});
