// The staff tables' chart: every transition (model-based), with the page load answered by a
// controlled fake and the search pause run on fake timers. What each event must ask of the server
// is written out by hand.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { controlledPromise } from '#tests/helpers/controlled-promise.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import { createModel, type Driver, type EventSamples } from '#tests/helpers/model-testing.ts';
import type { ApiResult } from '../shared/api-client.ts';
import {
  adminTableMachine,
  type AdminTableEvent,
  type AdminTableName,
  type TablePage,
  type TableQuery,
} from './admin-table.machine.ts';

type LoadInput = { table: AdminTableName; query: TableQuery; lang: 'nl' | 'en' };
type ModelEvent =
  | AdminTableEvent
  | { type: 'xstate.done.actor.load'; output: ApiResult<TablePage> }
  | { type: 'xstate.error.actor.load'; error: string }
  | { type: 'xstate.after.searchPause.adminTable.typing' };

const PAGE: TablePage = {
  rows: [{ id: 'o1', email: 'bob@example.nl' }],
  total: 41,
  page: 1,
  pageSize: 20,
  sort: 'createdAt',
  dir: 'desc',
};
const PAGE_SORTED: TablePage = { ...PAGE, sort: 'email', dir: 'asc' };

const samples = {
  'user.search': [{ q: 'bob' }],
  'user.page': [{ page: 2 }],
  'user.sort': [{ column: 'email' }],
  'user.retry': [{}],
  'flow.changed': [{}],
  'xstate.done.actor.load': [
    { output: { ok: true, status: 200, data: PAGE, headers: new Headers() } },
    { output: { ok: true, status: 200, data: PAGE_SORTED, headers: new Headers() } },
    { output: { ok: false, status: 500, code: 'INTERNAL' } },
  ],
  'xstate.error.actor.load': [{ error: 'offline' }],
  'xstate.after.searchPause.adminTable.typing': [{}],
} satisfies EventSamples<ModelEvent>;

const model = createModel<typeof adminTableMachine, ModelEvent>({
  machine: adminTableMachine.provide({
    actors: { load: controlledPromise<ApiResult<TablePage>, LoadInput>().logic },
  }),
  input: { table: 'orders', lang: 'nl' },
  events: samples,
  serializeState: (s) =>
    JSON.stringify({ value: s.value, query: s.context.query, data: s.context.data }),
  limit: 5000,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function start() {
  const load = controlledPromise<ApiResult<TablePage>, LoadInput>();
  const actor = createActor(adminTableMachine.provide({ actors: { load: load.logic } }), {
    input: { table: 'orders', lang: 'nl' },
  }).start();
  const driver = {
    'user.search': (e) => void actor.send(e),
    'user.page': (e) => void actor.send(e),
    'user.sort': (e) => void actor.send(e),
    'user.retry': (e) => void actor.send(e),
    'flow.changed': (e) => void actor.send(e),
    'xstate.done.actor.load': async (e) => {
      load.resolve(e.output);
      await vi.advanceTimersByTimeAsync(0);
    },
    'xstate.error.actor.load': async (e) => {
      load.reject(new Error(e.error));
      await vi.advanceTimersByTimeAsync(0);
    },
    // The pause is 300 ms: nothing is asked before it ends.
    'xstate.after.searchPause.adminTable.typing': async () => {
      await vi.advanceTimersByTimeAsync(299);
      expect(actor.getSnapshot().value).toBe('typing');
      await vi.advanceTimersByTimeAsync(1);
    },
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    loads: load.inputs,
    getSnapshot: () => actor.getSnapshot(),
    stop: () => void actor.stop(),
  };
}

const FIRST: TableQuery = { q: '', page: 1, sort: null, dir: null };

describe('admin table chart (model-based)', () => {
  it('reaches every state', () => {
    expect(model.unreachableLeafStates()).toEqual([]);
  });
  walkEveryTransition(
    model,
    start,
    (path) => {
      let asked = 0;
      let lastQuery = FIRST;
      return (snapshot, session, step) => {
        const event = step.event;
        const previous = path.steps[step.index - 1]?.state.context;
        // Which events ask the server for a page, and with which query.
        let expected: TableQuery | null = null;
        if (event.type === 'xstate.init') expected = FIRST;
        else if (event.type === 'user.page') expected = { ...lastQuery, page: 2 };
        else if (event.type === 'user.sort') {
          // Sorting by the column already sorted ascending flips it; a new sort starts at page 1.
          const current = previous?.data?.sort ?? lastQuery.sort;
          const currentDir = previous?.data?.dir ?? lastQuery.dir;
          expected = {
            ...lastQuery,
            sort: 'email',
            dir: current === 'email' && currentDir === 'asc' ? 'desc' : 'asc',
            page: 1,
          };
        } else if (
          event.type === 'flow.changed' ||
          event.type === 'user.retry' ||
          event.type === 'xstate.after.searchPause.adminTable.typing'
        )
          expected = lastQuery;
        if (event.type === 'user.search') {
          // Typing waits; the search starts again at page 1.
          lastQuery = { ...lastQuery, q: 'bob', page: 1 };
          expect(snapshot.value).toBe('typing');
        }
        if (expected) {
          asked += 1;
          expect(session.loads).toHaveLength(asked);
          expect(session.loads.at(-1)).toEqual({ table: 'orders', lang: 'nl', query: expected });
          lastQuery = expected;
        } else expect(session.loads).toHaveLength(asked);
        // A failure keeps the last page; before any page it is the failed screen.
        if (event.type === 'xstate.done.actor.load' && event.output.ok)
          expect(snapshot.context.data).toBe(event.output.data);
        if (
          event.type === 'xstate.error.actor.load' ||
          (event.type === 'xstate.done.actor.load' && !event.output.ok)
        ) {
          expect(snapshot.context.data).toEqual(previous?.data ?? null);
          expect(snapshot.value).toEqual(previous?.data ? { ready: 'failed' } : 'failed');
        }
      };
    },
    { maxSteps: 30 },
  );
});
