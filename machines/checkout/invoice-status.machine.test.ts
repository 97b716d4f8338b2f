// @vitest-environment jsdom
// The invoice behind the pay and thank-you pages: every transition of its chart (model-based,
// with the look-up answered by a controlled fake), and the look-up itself against a fake server.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { controlledPromise, flushMicrotasks } from '#tests/helpers/controlled-promise.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import { createModel, type Driver, type EventSamples } from '#tests/helpers/model-testing.ts';
import { fetchInvoice, type InvoiceLookup, type InvoiceView } from './invoice.actors.ts';
import { invoiceStatusMachine } from './invoice-status.machine.ts';

const INVOICE: InvoiceView = {
  number: '2026-0007',
  issueDate: '2026-03-10',
  dueDate: '2026-03-24',
  status: 'open',
  total: 3630,
  seller: { name: 'Webstudio', lines: ['Keizersgracht 1'] },
  payment: { provider: 'banktransfer', status: 'open', checkoutUrl: null },
  bank: { iban: 'NL91ABNA0417164300', bic: null, accountName: 'Webstudio' },
};

type ModelEvent =
  | { type: 'xstate.done.actor.fetchInvoice'; output: InvoiceLookup }
  | { type: 'xstate.error.actor.fetchInvoice'; error: string };

const DONE = 'xstate.done.actor.fetchInvoice';
const ERROR = 'xstate.error.actor.fetchInvoice';

const samples = {
  [DONE]: [
    { output: { ok: true, invoice: INVOICE } },
    { output: { ok: false, signedOut: true } },
    { output: { ok: false, signedOut: false } },
  ],
  [ERROR]: [{ error: 'offline' }],
} satisfies EventSamples<ModelEvent>;

const model = createModel<typeof invoiceStatusMachine, ModelEvent>({
  machine: invoiceStatusMachine.provide({
    actors: {
      fetchInvoice: controlledPromise<InvoiceLookup, { number: string }>().logic,
    },
  }),
  input: { number: '2026-0007' },
  events: samples,
});

function start() {
  const lookup = controlledPromise<InvoiceLookup, { number: string }>();
  const actor = createActor(
    invoiceStatusMachine.provide({ actors: { fetchInvoice: lookup.logic } }),
    {
      input: { number: '2026-0007' },
    },
  ).start();
  const driver = {
    [DONE]: async (e) => {
      lookup.resolve(e.output);
      await flushMicrotasks();
    },
    [ERROR]: async (e) => {
      lookup.reject(new Error(e.error));
      await flushMicrotasks();
    },
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    lookup,
    getSnapshot: () => actor.getSnapshot(),
    stop: () => void actor.stop(),
  };
}

describe('invoice status chart (model-based)', () => {
  it('reaches every state', () => {
    expect(model.unreachableLeafStates()).toEqual([]);
  });
  walkEveryTransition(model, start, () => (snapshot, session) => {
    // The number of the link is asked for, once.
    expect(session.lookup.inputs).toEqual([{ number: '2026-0007' }]);
    // Only a loaded invoice is kept; signed out and unavailable show what the link says.
    expect(snapshot.context.invoice).toEqual(snapshot.value === 'loaded' ? INVOICE : null);
    expect(snapshot.context.number).toBe('2026-0007');
  });
});

describe('fetchInvoice', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function answer(invoiceStatus: number, meStatus: number) {
    const paths: string[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      const path = new URL(request.url).pathname;
      paths.push(path);
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
      if (path === '/api/auth/me')
        return meStatus === 200
          ? json(200, { user: { email: 'a@b.nl', name: '', role: 'client' } })
          : json(meStatus, { error: { code: 'UNAUTHORIZED', message: 'x' } });
      return invoiceStatus === 200
        ? json(200, INVOICE)
        : json(invoiceStatus, { error: { code: 'NOT_FOUND', message: 'x' } });
    });
    return paths;
  }

  it('reads the owner’s invoice', async () => {
    const paths = answer(200, 200);
    expect(await fetchInvoice('2026-0007')).toEqual({ ok: true, invoice: INVOICE });
    expect(paths).toContain('/api/invoices/2026-0007');
  });

  it('says signed out when the invoice is hidden and nobody is signed in', async () => {
    answer(404, 401);
    expect(await fetchInvoice('2026-0007')).toEqual({ ok: false, signedOut: true });
  });

  it('says unavailable (not signed out) when someone else is signed in', async () => {
    answer(404, 200);
    expect(await fetchInvoice('2026-0007')).toEqual({ ok: false, signedOut: false });
  });
});
