// Every transition of a loaded list's chart (machines/shared/loaded-list.machine.ts), walked on
// one list: its machine, the input it is asked with, its model (tests/paths/models) and the items
// the model's answers carry. The domain list and the coupon list share the chart, so one walk.
import { expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { ApiResult } from '#machines/shared/api-client.ts';
import type {
  LoadedListEvent,
  LoadedListInput,
  LoadedListResult,
  loadedListMachine,
} from '#machines/shared/loaded-list.machine.ts';
import type { Driver, Model } from './model-testing.ts';
import { walkEveryTransition } from './model-suite.ts';

type Result = ApiResult<readonly unknown[]>;
type ListEvent =
  | LoadedListEvent
  | { type: 'xstate.done.actor.load'; output: Result }
  | { type: 'xstate.done.actor.refresh'; output: Result }
  | { type: 'xstate.error.actor.load'; error: string }
  | { type: 'xstate.error.actor.refresh'; error: string };

type ListMachine = ReturnType<typeof loadedListMachine>;

export function walkLoadedList<TEvent extends ListEvent>(options: {
  machine: ListMachine;
  input: LoadedListInput;
  model: Model<SnapshotFrom<ListMachine>, TEvent>;
  items: readonly unknown[];
}) {
  function start() {
    let pending: { resolve: (r: Result) => void; reject: (e: unknown) => void } | null = null;
    let loads = 0;
    const actor = createActor(
      options.machine.provide({
        actors: {
          load: fromPromise<LoadedListResult, LoadedListInput>(({ input }) => {
            loads++;
            expect(input).toEqual(options.input);
            return new Promise((resolve, reject) => (pending = { resolve, reject }));
          }),
        },
      }),
      { input: options.input },
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
    } satisfies Driver<ListEvent> as unknown as Driver<TEvent>;
    return {
      driver,
      loads: () => loads,
      getSnapshot: () => actor.getSnapshot(),
      stop: () => void actor.stop(),
    };
  }

  it('reaches every leaf state', () => expect(options.model.unreachableLeafStates()).toEqual([]));
  walkEveryTransition(options.model, start, () => (snapshot, session) => {
    if (snapshot.matches('ready')) expect(snapshot.context.items).toEqual(options.items);
    // Something is loading exactly in the states that load.
    if (snapshot.matches('loading') || snapshot.matches({ ready: 'refreshing' }))
      expect(session.loads()).toBeGreaterThan(0);
  });
}
