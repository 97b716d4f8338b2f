import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { createModel, type Driver, type EventSamples } from './model-testing.ts';

// A tiny flow with what `createTestModel` refuses: an invoked actor and an `after` delay.
type LookupResult = { ok: boolean };
type UserEvent = { type: 'user.check'; query: string } | { type: 'user.reset' };

const lookupMachine = setup({
  types: { context: {} as { query: string; checks: number }, events: {} as UserEvent },
  actors: {
    lookup: fromPromise<LookupResult, { query: string }>(async () => ({ ok: true })),
  },
  guards: {
    isFound: (_, params: { output: LookupResult }) => params.output.ok,
  },
  actions: {
    storeQuery: assign((_, params: { query: string }) => ({ query: params.query })),
    countCheck: assign(({ context }) => ({ checks: Math.min(context.checks + 1, 2) })),
  },
  delays: { checkTimeout: 50 },
}).createMachine({
  id: 'lookup',
  context: { query: '', checks: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.check': {
          target: 'checking',
          actions: { type: 'storeQuery', params: ({ event }) => ({ query: event.query }) },
        },
      },
    },
    checking: {
      entry: 'countCheck',
      invoke: {
        id: 'lookup',
        src: 'lookup',
        input: ({ context }) => ({ query: context.query }),
        onDone: [
          {
            guard: { type: 'isFound', params: ({ event }) => ({ output: event.output }) },
            target: 'found',
          },
          { target: 'notFound' },
        ],
        onError: 'checkFailed',
      },
      after: { checkTimeout: 'timedOut' },
    },
    found: { on: { 'user.reset': 'idle' } },
    notFound: { on: { 'user.reset': 'idle' } },
    checkFailed: { on: { 'user.reset': 'idle' } },
    timedOut: { on: { 'user.reset': 'idle' } },
  },
});

type ModelEvent =
  | UserEvent
  | { type: 'xstate.done.actor.lookup'; output: LookupResult }
  | { type: 'xstate.error.actor.lookup'; error: string }
  | { type: 'xstate.after.checkTimeout.lookup.checking' };

const samples = {
  'user.check': [{ query: 'a' }],
  'user.reset': [{}],
  'xstate.done.actor.lookup': [{ output: { ok: true } }, { output: { ok: false } }],
  'xstate.error.actor.lookup': [{ error: 'boom' }],
  'xstate.after.checkTimeout.lookup.checking': [{}],
} satisfies EventSamples<ModelEvent>;

const model = createModel<typeof lookupMachine, ModelEvent>({
  machine: lookupMachine,
  events: samples,
});

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

/** A fresh actor whose lookup is answered by the driver, with fake timers for the time-out. */
function start() {
  vi.useFakeTimers();
  let settle: { resolve: (r: LookupResult) => void; reject: (e: unknown) => void } | null = null;
  const actor = createActor(
    lookupMachine.provide({
      actors: {
        lookup: fromPromise<LookupResult, { query: string }>(
          () => new Promise((resolve, reject) => (settle = { resolve, reject })),
        ),
      },
    }),
  ).start();
  const driver = {
    'user.check': (e) => void actor.send(e),
    'user.reset': (e) => void actor.send(e),
    'xstate.done.actor.lookup': async (e) => {
      settle?.resolve(e.output);
      await flush();
    },
    'xstate.error.actor.lookup': async (e) => {
      settle?.reject(new Error(e.error));
      await flush();
    },
    'xstate.after.checkTimeout.lookup.checking': () => void vi.advanceTimersByTime(50),
  } satisfies Driver<ModelEvent>;
  return { driver, getSnapshot: () => actor.getSnapshot(), stop: () => void actor.stop() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createModel on a machine with an invoked actor and a delay', () => {
  it('explores every state and lists the state-changing edges', () => {
    expect(model.unreachableLeafStates()).toEqual([]);
    // idle(0) → checking(1) → 4 outcomes(1) → idle(1) → checking(2) → 4 outcomes(2) → idle(2)
    expect(model.states).toHaveLength(13);
    expect(model.edges.length).toBeGreaterThan(0);
    expect(model.edges.every((e) => e.from !== e.to)).toBe(true);
  });

  describe('covering paths', () => {
    const coverage = model.createCoverage();
    const paths = model.coveringPaths({ maxSteps: 8 });
    for (const path of paths) {
      it(path.description, async () => {
        await model.walk(path, {
          start,
          coverage,
          assertState: (snapshot, _session, step) => {
            expect(snapshot.value).toEqual(step.state.value);
            expect(snapshot.context.checks).toBeLessThanOrEqual(2);
          },
        });
      });
    }
    it('take every edge of the adjacency map', () => {
      expect(coverage.missing()).toEqual([]);
      expect(coverage.taken()).toBe(model.edges.length);
      coverage.assertComplete();
    });
  });

  describe('shortest paths', () => {
    for (const path of model.shortestPaths()) {
      it(path.description, () => model.walk(path, { start }));
    }
  });

  it('reports the edges a partial walk left out', async () => {
    const coverage = model.createCoverage();
    const [first] = model.shortestPaths().filter((p) => p.steps.length === 2);
    if (!first) throw new Error('no one-event path');
    await model.walk(first, { start, coverage });
    expect(coverage.taken()).toBe(1);
    expect(() => coverage.assertComplete()).toThrow(/edges never walked/);
  });

  it('fails when the implementation does not follow the model', async () => {
    const [path] = model.shortestPaths().filter((p) => p.state.value === 'found');
    if (!path) throw new Error('no path to found');
    const broken = () => {
      const session = start();
      // The gesture answers "not found" whatever the model asked for.
      const driver = {
        ...session.driver,
        'xstate.done.actor.lookup': () =>
          session.driver['xstate.done.actor.lookup']({
            type: 'xstate.done.actor.lookup',
            output: { ok: false },
          }),
      } satisfies Driver<ModelEvent>;
      return { ...session, driver };
    };
    await expect(model.walk(path, { start: broken })).rejects.toThrow(/diverge/);
  });

  it('names leaf states no event reaches', () => {
    const partial = createModel<typeof lookupMachine, UserEvent>({
      machine: lookupMachine,
      events: { 'user.check': [{ query: 'a' }], 'user.reset': [{}] },
    });
    expect(partial.unreachableLeafStates().sort()).toEqual([
      'lookup.checkFailed',
      'lookup.found',
      'lookup.notFound',
      'lookup.timedOut',
    ]);
  });

  it('types the driver by event type', () => {
    // @ts-expect-error a driver without a gesture for user.reset does not compile
    const incomplete = { 'user.check': () => {} } satisfies Driver<UserEvent>;
    expect(incomplete).toBeDefined();
  });
});
