import { assign, fromPromise, setup } from 'xstate';
import * as v from 'valibot';
import type { AdminTable } from '#domain/admin.schema.ts';
import type { Lang } from '#domain/language.ts';
import { api, type ApiResult } from '../shared/api-client.ts';

/** A staff table's name (one list, `ADMIN_TABLES`, shared with the API). */
export type AdminTableName = AdminTable;

export const tablePageSchema = v.object({
  rows: v.array(v.record(v.string(), v.unknown())),
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
  sort: v.string(),
  dir: v.picklist(['asc', 'desc']),
});
export type TablePage = v.InferOutput<typeof tablePageSchema>;

export interface TableQuery {
  q: string;
  page: number;
  sort: string | null;
  dir: 'asc' | 'desc' | null;
}

export interface AdminTableContext {
  table: AdminTableName;
  lang: Lang;
  query: TableQuery;
  data: TablePage | null;
}

export type AdminTableEvent =
  | { type: 'user.search'; q: string }
  | { type: 'user.page'; page: number }
  | { type: 'user.sort'; column: string }
  | { type: 'user.retry' }
  | { type: 'flow.changed' };

/** GET /api/admin/tables/{table}: search, paging and sorting are the server's. */
export function fetchTable(
  table: AdminTableName,
  query: TableQuery,
  lang: Lang,
  signal?: AbortSignal,
): Promise<ApiResult<TablePage>> {
  return api.get(`/admin/tables/${table}`, tablePageSchema, {
    lang,
    searchParams: {
      q: query.q || undefined,
      page: query.page,
      sort: query.sort ?? undefined,
      dir: query.dir ?? undefined,
    },
    ...(signal ? { signal } : {}),
  });
}

/**
 * One staff table (orders, invoices, leads, tickets, bookings, outbox, subscriptions). `loading` asks the server
 * for the page the query describes; `ready` shows it. Typing in the search waits `searchPause`
 * (in `typing`) so one request goes out per pause, not per key; a new search starts at page 1.
 * Sorting by the column already sorted flips the direction. A row action that changed something
 * (`flow.changed`) reloads the same page. A failure keeps the last page visible (`ready.failed`)
 * or, before any page, shows `failed` with a retry.
 */
export const adminTableMachine = setup({
  types: {
    /** `q`: a search to start with (e.g. a customer's address from a link). */
    input: {} as { table: AdminTableName; lang: Lang; q?: string },
    context: {} as AdminTableContext,
    events: {} as AdminTableEvent,
  },
  actors: {
    load: fromPromise<
      ApiResult<TablePage>,
      { table: AdminTableName; query: TableQuery; lang: Lang }
    >(({ input, signal }) => fetchTable(input.table, input.query, input.lang, signal)),
  },
  delays: { searchPause: 300 },
  guards: {
    isLoaded: (_, params: { result: ApiResult<TablePage> }) => params.result.ok,
    hasData: ({ context }) => context.data !== null,
  },
  actions: {
    storeSearch: assign(({ context }, params: { q: string }) => ({
      query: { ...context.query, q: params.q, page: 1 },
    })),
    storePage: assign(({ context }, params: { page: number }) => ({
      query: { ...context.query, page: Math.max(1, params.page) },
    })),
    storeSort: assign(({ context }, params: { column: string }) => {
      const current = context.data?.sort ?? context.query.sort;
      const currentDir = context.data?.dir ?? context.query.dir;
      const dir = current === params.column && currentDir === 'asc' ? 'desc' : 'asc';
      return { query: { ...context.query, sort: params.column, dir, page: 1 } };
    }),
    storeData: assign((_, params: { result: ApiResult<TablePage> }) =>
      params.result.ok ? { data: params.result.data } : {},
    ),
  },
}).createMachine({
  id: 'adminTable',
  context: ({ input }) => ({
    table: input.table,
    lang: input.lang,
    query: { q: input.q ?? '', page: 1, sort: null, dir: null },
    data: null,
  }),
  initial: 'loading',
  on: {
    'user.search': {
      target: '.typing',
      actions: { type: 'storeSearch', params: ({ event }) => ({ q: event.q }) },
    },
    'user.page': {
      target: '.loading',
      actions: { type: 'storePage', params: ({ event }) => ({ page: event.page }) },
    },
    'user.sort': {
      target: '.loading',
      actions: { type: 'storeSort', params: ({ event }) => ({ column: event.column }) },
    },
    'flow.changed': '.loading',
  },
  states: {
    typing: { after: { searchPause: 'loading' } },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({
          table: context.table,
          query: context.query,
          lang: context.lang,
        }),
        onDone: [
          {
            guard: { type: 'isLoaded', params: ({ event }) => ({ result: event.output }) },
            target: 'ready',
            actions: { type: 'storeData', params: ({ event }) => ({ result: event.output }) },
          },
          { guard: 'hasData', target: 'ready.failed' },
          { target: 'failed' },
        ],
        onError: [{ guard: 'hasData', target: 'ready.failed' }, { target: 'failed' }],
      },
    },
    ready: {
      initial: 'shown',
      states: { shown: {}, failed: { on: { 'user.retry': '#adminTable.loading' } } },
    },
    failed: { on: { 'user.retry': 'loading' } },
  },
});
