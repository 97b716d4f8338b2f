import { assign, fromPromise, setup } from 'xstate';
import type { Lang } from '#domain/language.ts';
import type { ApiResult } from './api-client.ts';

export type LoadedListEvent = { type: 'user.retry' } | { type: 'flow.changed' };

/** What a list is asked with: the page's language, and whatever else names the list. */
export type LoadedListInput = Readonly<{ lang: Lang } & Record<string, string>>;

export interface LoadedListContext {
  input: LoadedListInput;
  /** The items as the loader gave them; each list's selector names their type. */
  items: readonly unknown[] | null;
}

/** What a loader answers (each list's items; a refusal with its status). */
export type LoadedListResult = ApiResult<readonly unknown[]>;
type Loaded = LoadedListResult;

/**
 * A list a page loads from the API and keeps current (the client's and staff's domains, staff's
 * coupons): `loading` fetches it; a refusal because the session ended or is not staff's (401,
 * 403) is `denied`; anything else unexpected is `failed` with a retry. In `ready`, a flow that
 * changed an item (name servers, a retry, a coupon made or disabled) fetches again in
 * `refreshing` while the old list stays on screen; a failed refresh keeps it. One chart, each
 * list its own machine (id) and loader.
 */
export function loadedListMachine(
  id: string,
  load: (input: LoadedListInput, signal: AbortSignal) => Promise<Loaded>,
) {
  return setup({
    types: {
      input: {} as LoadedListInput,
      context: {} as LoadedListContext,
      events: {} as LoadedListEvent,
    },
    actors: {
      load: fromPromise<Loaded, LoadedListInput>(({ input, signal }) => load(input, signal)),
    },
    guards: {
      isLoaded: (_, params: { result: Loaded }) => params.result.ok,
      isDenied: (_, params: { result: Loaded }) =>
        !params.result.ok && (params.result.status === 401 || params.result.status === 403),
    },
    actions: {
      store: assign((_, params: { result: Loaded }) =>
        params.result.ok ? { items: params.result.data } : {},
      ),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ input, items: null }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => context.input,
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
              input: ({ context }) => context.input,
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
}
