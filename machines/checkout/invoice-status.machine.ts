import { assign, fromPromise, setup } from 'xstate';
import { fetchInvoice, type InvoiceLookup, type InvoiceView } from './invoice.actors.ts';
import { isPaymentEndedUnpaid } from '#domain/payment-status.ts';

/** How often an open provider payment is asked after again, and how many times at most. */
export const RECHECK_MS = 4000;
export const MAX_RECHECKS = 30;

/**
 * The invoice behind the pay page and the thank-you page: `loading`, then `loaded` (the owner or
 * staff sees it), `signedOut` (a sign-in would show it) or `unavailable` (not theirs, or the call
 * failed; the page still shows what it knows from the link). While a provider's payment (Mollie)
 * is open, `loaded` asks again every `RECHECK_MS` (the server checks with Mollie on each read), up
 * to `MAX_RECHECKS` times, so a customer back before Mollie's webhook sees "paid" come in without
 * reloading; a failed re-check keeps what is shown. A bank transfer is not asked after: only
 * staff confirm it.
 */
export const invoiceStatusMachine = setup({
  types: {
    input: {} as { number: string; maxRechecks?: number },
    context: {} as { number: string; invoice: InvoiceView | null; rechecksLeft: number },
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
    awaitsProvider: ({ context }) =>
      context.invoice?.status === 'open' &&
      context.invoice.payment?.provider === 'mollie' &&
      !isPaymentEndedUnpaid(context.invoice.payment.status) &&
      context.rechecksLeft > 0,
  },
  actions: {
    storeInvoice: assign((_, params: { result: InvoiceLookup }) => ({
      invoice: params.result.ok ? params.result.invoice : null,
    })),
    countRecheck: assign(({ context }) => ({ rechecksLeft: context.rechecksLeft - 1 })),
    keepInvoice: assign(({ context }, params: { result: InvoiceLookup }) => ({
      invoice: params.result.ok ? params.result.invoice : context.invoice,
    })),
  },
  delays: { recheck: RECHECK_MS },
}).createMachine({
  id: 'invoiceStatus',
  context: ({ input }) => ({
    number: input.number,
    invoice: null,
    rechecksLeft: input.maxRechecks ?? MAX_RECHECKS,
  }),
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
    loaded: {
      initial: 'shown',
      states: {
        shown: { after: { recheck: { guard: 'awaitsProvider', target: 'rechecking' } } },
        rechecking: {
          entry: 'countRecheck',
          invoke: {
            id: 'recheckInvoice',
            src: 'fetchInvoice',
            input: ({ context }) => ({ number: context.number }),
            onDone: {
              target: 'shown',
              actions: { type: 'keepInvoice', params: ({ event }) => ({ result: event.output }) },
            },
            onError: 'shown',
          },
        },
      },
    },
    signedOut: {},
    unavailable: {},
  },
});
