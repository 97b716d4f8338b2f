// @vitest-environment jsdom
// The invoice behind the pay and thank-you pages: every transition of its chart (model-based,
// with the look-up answered by a controlled fake), and the look-up itself against a fake server.
// The model is tests/paths/models/invoice-status.ts, the one `npm run paths -- invoiceStatus`
// prints.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { controlledPromise, flushMicrotasks } from '#tests/helpers/controlled-promise.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { fetchInvoice, type InvoiceLookup, type InvoiceView } from './invoice.actors.ts';
import { invoiceStatusMachine, RECHECK_MS } from './invoice-status.machine.ts';
import {
  DONE,
  ERROR,
  INPUT,
  INVOICE,
  model,
  type ModelEvent,
  RECHECK_FAILED,
  RECHECKED,
  WAITED,
} from '#tests/paths/models/invoice-status.ts';

function start() {
  vi.useFakeTimers();
  const lookup = controlledPromise<InvoiceLookup, { number: string }>();
  const actor = createActor(
    invoiceStatusMachine.provide({ actors: { fetchInvoice: lookup.logic } }),
    { input: INPUT },
  ).start();
  const settle = async (how: () => void) => {
    how();
    await flushMicrotasks();
  };
  const driver = {
    [DONE]: (e) => settle(() => lookup.resolve(e.output)),
    [ERROR]: (e) => settle(() => lookup.reject(new Error(e.error))),
    [RECHECKED]: (e) => settle(() => lookup.resolve(e.output)),
    [RECHECK_FAILED]: (e) => settle(() => lookup.reject(new Error(e.error))),
    [WAITED]: () => void vi.advanceTimersByTime(RECHECK_MS),
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
  walkEveryTransition(model, start, (path) => {
    let shown: InvoiceView | null = null;
    return (snapshot, session, step) => {
      const event = step.event;
      if (event.type === DONE && event.output.ok) shown = event.output.invoice;
      // A re-check that answers an invoice shows it; any other answer keeps what was shown.
      if (event.type === RECHECKED && event.output.ok) shown = event.output.invoice;
      // The number of the link is asked for: once, then once per re-check.
      const rechecks = path.steps
        .slice(0, step.index + 1)
        .filter((s) => s.event.type === WAITED && s.state.matches({ loaded: 'rechecking' })).length;
      expect(session.lookup.inputs).toEqual(Array(1 + rechecks).fill({ number: '2026-0007' }));
      // Only a loaded invoice is kept; signed out and unavailable show what the link says.
      expect(snapshot.context.invoice).toEqual(snapshot.matches('loaded') ? shown : null);
      // Asked again only while a Mollie payment is open, and at most twice here.
      if (snapshot.matches({ loaded: 'rechecking' })) {
        expect(shown).toMatchObject({ status: 'open', payment: { provider: 'mollie' } });
        expect(rechecks).toBeLessThanOrEqual(2);
      }
      expect(snapshot.context.number).toBe('2026-0007');
    };
  });
});

afterEach(() => {
  vi.useRealTimers();
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
