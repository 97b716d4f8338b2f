// The invoice status's model (the pay and thank-you pages): what
// machines/checkout/invoice-status.machine.test.ts walks and what
// `npm run paths -- invoiceStatus` prints; one definition for both.

import type { InvoiceLookup, InvoiceView } from '#machines/checkout/invoice.actors.ts';
import { invoiceStatusMachine } from '#machines/checkout/invoice-status.machine.ts';
import { controlledPromise } from '../../helpers/controlled-promise.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export const INVOICE: InvoiceView = {
  number: '2026-0007',
  issueDate: '2026-03-10',
  dueDate: '2026-03-24',
  status: 'open',
  total: 3630,
  lines: [],
  seller: { name: 'Webstudio', lines: ['Keizersgracht 1'] },
  payment: { provider: 'banktransfer', status: 'open', checkoutUrl: null },
  bank: { iban: 'NL91ABNA0417164300', bic: null, accountName: 'Webstudio' },
};

/** Paid through Mollie, still open (the customer is back before the webhook), then paid. */
export const MOLLIE_OPEN: InvoiceView = {
  ...INVOICE,
  payment: { provider: 'mollie', status: 'open', checkoutUrl: 'https://mollie.test/c/1' },
};
export const MOLLIE_PAID: InvoiceView = {
  ...MOLLIE_OPEN,
  status: 'paid',
  payment: { ...MOLLIE_OPEN.payment!, status: 'paid' },
};

export type ModelEvent =
  | { type: 'xstate.done.actor.fetchInvoice'; output: InvoiceLookup }
  | { type: 'xstate.error.actor.fetchInvoice'; error: string }
  | { type: 'xstate.done.actor.recheckInvoice'; output: InvoiceLookup }
  | { type: 'xstate.error.actor.recheckInvoice'; error: string }
  | { type: 'xstate.after.recheck.invoiceStatus.loaded.shown' };

export const DONE = 'xstate.done.actor.fetchInvoice';
export const ERROR = 'xstate.error.actor.fetchInvoice';
export const RECHECKED = 'xstate.done.actor.recheckInvoice';
export const RECHECK_FAILED = 'xstate.error.actor.recheckInvoice';
export const WAITED = 'xstate.after.recheck.invoiceStatus.loaded.shown';

export const samples = {
  [DONE]: [
    { output: { ok: true, invoice: INVOICE } },
    { output: { ok: true, invoice: MOLLIE_OPEN } },
    { output: { ok: false, signedOut: true } },
    { output: { ok: false, signedOut: false } },
  ],
  [ERROR]: [{ error: 'offline' }],
  [RECHECKED]: [
    { output: { ok: true, invoice: MOLLIE_PAID } },
    { output: { ok: true, invoice: MOLLIE_OPEN } },
    { output: { ok: false, signedOut: true } },
  ],
  [RECHECK_FAILED]: [{ error: 'offline' }],
  [WAITED]: [{}],
} satisfies EventSamples<ModelEvent>;

/** Two re-checks at most here (the page's own limit is larger), so the chart's walk stays small. */
export const INPUT = { number: '2026-0007', maxRechecks: 2 };

export const model = createModel<typeof invoiceStatusMachine, ModelEvent>({
  machine: invoiceStatusMachine.provide({
    actors: {
      fetchInvoice: controlledPromise<InvoiceLookup, { number: string }>().logic,
    },
  }),
  input: INPUT,
  events: samples,
});

export const spec = {
  machine: invoiceStatusMachine,
  model,
  test: 'machines/checkout/invoice-status.machine.test.ts',
} as unknown as ModelSpec;
