// A staff table's model (machines/staff/admin-table.machine.ts, here the invoices table): what
// src/views/dashboard/admin-table.model.test.tsx walks through the real view and what
// `npm run paths -- adminTable` prints; one definition for both.

import { fromPromise } from 'xstate';
import type { ApiResult } from '#machines/shared/api-client.ts';
import {
  adminTableMachine,
  type AdminTableEvent,
  type AdminTableName,
  type TablePage,
  type TableQuery,
} from '#machines/staff/admin-table.machine.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type Result = ApiResult<TablePage>;
export type LoadInput = { table: AdminTableName; query: TableQuery; lang: 'en' | 'nl' };
export type ModelEvent =
  | AdminTableEvent
  | { type: 'xstate.done.actor.load'; output: Result }
  | { type: 'xstate.error.actor.load'; error: string }
  | { type: 'xstate.after.searchPause.adminTable.typing' };

const invoiceRow = (
  number: string,
  email: string,
  total: number,
  status: 'open' | 'paid',
  period: [string, string] | null = null,
) => ({
  number,
  clientEmail: email,
  clientName: email.split('@')[0],
  issueDate: '2026-05-01',
  dueDate: '2026-05-15',
  total,
  status,
  lines: [],
  orderId: `order-${number}`,
  kind: period ? 'renewal' : 'order',
  periodStart: period?.[0] ?? null,
  periodEnd: period?.[1] ?? null,
});
const page = (data: TablePage): Result => ({ ok: true, status: 200, data, headers: new Headers() });
/** The server's default: newest first, page 1 of 3. */
export const firstPage = page({
  rows: [
    invoiceRow('2026-0045', 'anna@example.test', 3000, 'open', ['2026-04-30', '2026-05-29']),
    invoiceRow('2026-0044', 'bram@example.test', 4500, 'paid'),
  ],
  total: 45,
  page: 1,
  pageSize: 20,
  sort: 'issueDate',
  dir: 'desc',
});
/** Sorted by total, smallest first: the last page (3 of 3). */
export const lastPage = page({
  rows: [invoiceRow('2026-0007', 'anna@example.test', 1500, 'paid')],
  total: 45,
  page: 3,
  pageSize: 20,
  sort: 'total',
  dir: 'asc',
});
export const refused: Result = { ok: false, status: 500, code: 'INTERNAL' };

export const samples = {
  'user.search': [{ q: 'anna' }, { q: '' }],
  'user.page': [{ page: 2 }],
  'user.sort': [{ column: 'total' }],
  'user.retry': [{}],
  'flow.changed': [{}],
  'xstate.done.actor.load': [{ output: firstPage }, { output: lastPage }, { output: refused }],
  'xstate.error.actor.load': [{ error: 'network' }],
  'xstate.after.searchPause.adminTable.typing': [{}],
} satisfies EventSamples<ModelEvent>;

const never = fromPromise<Result, LoadInput>(() => new Promise(() => {}));
const modelMachine = adminTableMachine.provide({ actors: { load: never } });
export const model = createModel<typeof modelMachine, ModelEvent>({
  machine: modelMachine,
  input: { table: 'invoices', lang: 'en' },
  events: samples,
  // What the chart's transitions depend on: the state, which page (and sorting) the server last
  // answered, and the query the chart holds (a new search while typing, another page or sorting
  // while loading ask for something else). Every request is checked against the query.
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      data: s.context.data && {
        page: s.context.data.page,
        sort: s.context.data.sort,
        dir: s.context.data.dir,
      },
      query: s.context.query,
    }),
  // A row action that changed something while a page loads asks for the same page again.
  countSelfLoops: (snapshot, event) => event.type === 'flow.changed' && snapshot.matches('loading'),
});

export const spec = {
  machine: adminTableMachine,
  model,
  test: 'src/views/dashboard/admin-table.model.test.tsx',
} as unknown as ModelSpec;
