import { assign, fromPromise, setup } from 'xstate';
import type { StorefrontStatus } from '#domain/payment-methods.ts';
import { fetchStorefrontStatus } from './storefront.actors.ts';

/**
 * What the public pages show that only the server knows now (GET /api/storefront): the spots
 * left this month and the payment methods the checkout offers. The pages are cached, so they ask
 * on every visit: `loading`, then `ready` with the answer, or `unavailable` (the page then shows
 * no figure and no method rather than an invented or an old one; API.md "Honest selling").
 */
export const storefrontMachine = setup({
  types: {
    context: {} as { status: StorefrontStatus | null },
  },
  actors: {
    fetchStatus: fromPromise<StorefrontStatus | null>(() => fetchStorefrontStatus()),
  },
  guards: {
    hasAnswer: (_, params: { status: StorefrontStatus | null }) => params.status !== null,
  },
  actions: {
    storeStatus: assign((_, params: { status: StorefrontStatus | null }) => ({
      status: params.status,
    })),
  },
}).createMachine({
  id: 'storefront',
  context: { status: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchStatus',
        src: 'fetchStatus',
        onDone: [
          {
            guard: { type: 'hasAnswer', params: ({ event }) => ({ status: event.output }) },
            target: 'ready',
            actions: { type: 'storeStatus', params: ({ event }) => ({ status: event.output }) },
          },
          { target: 'unavailable' },
        ],
        onError: 'unavailable',
      },
    },
    ready: { type: 'final' },
    unavailable: { type: 'final' },
  },
});
