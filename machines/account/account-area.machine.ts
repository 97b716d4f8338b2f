import { assign, fromPromise, setup } from 'xstate';
import type { Lang } from '#domain/language.ts';
import type { ApiResult } from '../shared/api-client.ts';
import { loadAccount, type AccountData } from './account.actors.ts';

export interface AccountAreaContext {
  lang: Lang;
  data: AccountData | null;
}

export type AccountAreaEvent =
  { type: 'user.retry' } | { type: 'flow.changed' } | { type: 'flow.deleted' };

/**
 * The client area's lists (orders, invoices, subscriptions, tickets, bookings, profile).
 * `loading` fetches them; a 401 (the session ended) leads to `signedOut`, where the view sends the
 * visitor to the sign-in page; anything else unexpected to `failed` with a retry. In `ready`, a
 * flow that changed something (`flow.changed`) fetches again in `refreshing` while the old lists
 * stay on screen. Once the account is deleted (`flow.deleted`) the lists go and `deleted` says so
 * (the session has ended with it; the visitor leaves by the page's own links).
 */
export const accountAreaMachine = setup({
  types: {
    input: {} as { lang: Lang },
    context: {} as AccountAreaContext,
    events: {} as AccountAreaEvent,
  },
  actors: {
    load: fromPromise<ApiResult<AccountData>, { lang: Lang }>(({ input, signal }) =>
      loadAccount(input.lang, signal),
    ),
  },
  guards: {
    isLoaded: (_, params: { result: ApiResult<AccountData> }) => params.result.ok,
    isSignedOut: (_, params: { result: ApiResult<AccountData> }) =>
      !params.result.ok && params.result.status === 401,
  },
  actions: {
    storeData: assign((_, params: { result: ApiResult<AccountData> }) =>
      params.result.ok ? { data: params.result.data } : {},
    ),
    /** Replaced by the view: a full page load to /login?redirect=/account. */
    goToLogin: () => {},
  },
}).createMachine({
  id: 'accountArea',
  context: ({ input }) => ({ lang: input.lang, data: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ lang: context.lang }),
        onDone: [
          {
            guard: { type: 'isLoaded', params: ({ event }) => ({ result: event.output }) },
            target: 'ready',
            actions: { type: 'storeData', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'isSignedOut', params: ({ event }) => ({ result: event.output }) },
            target: 'signedOut',
          },
          { target: 'failed' },
        ],
        onError: 'failed',
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    ready: {
      initial: 'idle',
      on: { 'flow.deleted': { target: 'deleted', actions: assign({ data: null }) } },
      states: {
        idle: { on: { 'flow.changed': 'refreshing' } },
        refreshing: {
          invoke: {
            id: 'refresh',
            src: 'load',
            input: ({ context }) => ({ lang: context.lang }),
            onDone: [
              {
                guard: { type: 'isLoaded', params: ({ event }) => ({ result: event.output }) },
                target: 'idle',
                actions: { type: 'storeData', params: ({ event }) => ({ result: event.output }) },
              },
              // A failed refresh keeps the lists that are on screen.
              { target: 'idle' },
            ],
            onError: 'idle',
          },
        },
      },
    },
    signedOut: { type: 'final', entry: 'goToLogin' },
    deleted: { type: 'final' },
  },
});
