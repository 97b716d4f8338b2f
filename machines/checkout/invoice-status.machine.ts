import { assign, fromPromise, setup } from 'xstate';
import { fetchInvoice, type InvoiceLookup, type InvoiceView } from './invoice.actors.ts';

/**
 * The invoice behind the pay page and the thank-you page: `loading`, then `loaded` (the owner or
 * staff sees it), `signedOut` (a sign-in would show it) or `unavailable` (not theirs, or the call
 * failed; the page still shows what it knows from the link).
 */
export const invoiceStatusMachine = setup({
  types: {
    input: {} as { number: string },
    context: {} as { number: string; invoice: InvoiceView | null },
  },
  actors: {
    fetchInvoice: fromPromise<InvoiceLookup, { number: string }>(({ input, signal }) =>
      fetchInvoice(input.number, signal),
    ),
  },
  guards: {
    isLoaded: (_, params: { result: InvoiceLookup }) => params.result.ok,
    isSignedOut: (_, params: { result: InvoiceLookup }) =>
      !params.result.ok && params.result.signedOut,
  },
  actions: {
    storeInvoice: assign((_, params: { result: InvoiceLookup }) => ({
      invoice: params.result.ok ? params.result.invoice : null,
    })),
  },
}).createMachine({
  id: 'invoiceStatus',
  context: ({ input }) => ({ number: input.number, invoice: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchInvoice',
        src: 'fetchInvoice',
        input: ({ context }) => ({ number: context.number }),
        onDone: [
          {
            guard: { type: 'isLoaded', params: ({ event }) => ({ result: event.output }) },
            target: 'loaded',
            actions: { type: 'storeInvoice', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'isSignedOut', params: ({ event }) => ({ result: event.output }) },
            target: 'signedOut',
          },
          { target: 'unavailable' },
        ],
        onError: 'unavailable',
      },
    },
    loaded: {},
    signedOut: {},
    unavailable: {},
  },
});
