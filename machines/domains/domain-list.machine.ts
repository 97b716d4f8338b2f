import { assign, fromPromise, setup } from 'xstate';
import type { Lang } from '#domain/language.ts';
import type { ApiResult } from '../shared/api-client.ts';
import { loadDomains, type DomainListItem, type DomainScope } from './domains.actors.ts';

export interface DomainListContext {
  lang: Lang;
  scope: DomainScope;
  domains: DomainListItem[] | null;
}

export type DomainListEvent = { type: 'user.retry' } | { type: 'flow.changed' };

type Loaded = ApiResult<DomainListItem[]>;

/**
 * The domains of the client area (`scope: 'account'`) or of the staff area (`'admin'`), API.md
 * section 12. `loading` fetches them; a refusal because the session ended or is not staff's (401,
 * 403) is `denied`; anything else unexpected is `failed` with a retry. In `ready`, a flow that
 * changed a domain (name servers, auth code, a retry) fetches again in `refreshing` while the old
 * list stays on screen; a failed refresh keeps it.
 */
export const domainListMachine = setup({
  types: {
    input: {} as { lang: Lang; scope: DomainScope },
    context: {} as DomainListContext,
    events: {} as DomainListEvent,
  },
  actors: {
    load: fromPromise<Loaded, { lang: Lang; scope: DomainScope }>(({ input, signal }) =>
      loadDomains(input.scope, input.lang, signal),
    ),
  },
  guards: {
    isLoaded: (_, params: { result: Loaded }) => params.result.ok,
    isDenied: (_, params: { result: Loaded }) =>
      !params.result.ok && (params.result.status === 401 || params.result.status === 403),
  },
  actions: {
    store: assign((_, params: { result: Loaded }) =>
      params.result.ok ? { domains: params.result.data } : {},
    ),
  },
}).createMachine({
  id: 'domainList',
  context: ({ input }) => ({ lang: input.lang, scope: input.scope, domains: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ lang: context.lang, scope: context.scope }),
        onDone: [
          {
            guard: { type: 'isLoaded', params: ({ event }) => ({ result: event.output }) },
            target: 'ready',
            actions: { type: 'store', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'isDenied', params: ({ event }) => ({ result: event.output }) },
            target: 'denied',
          },
          { target: 'failed' },
        ],
        onError: 'failed',
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    denied: { type: 'final' },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { 'flow.changed': 'refreshing' } },
        refreshing: {
          invoke: {
            id: 'refresh',
            src: 'load',
            input: ({ context }) => ({ lang: context.lang, scope: context.scope }),
            onDone: [
              {
                guard: { type: 'isLoaded', params: ({ event }) => ({ result: event.output }) },
                target: 'idle',
                actions: { type: 'store', params: ({ event }) => ({ result: event.output }) },
              },
              { target: 'idle' },
            ],
            onError: 'idle',
          },
        },
      },
    },
  },
});
