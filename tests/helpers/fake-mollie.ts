/**
 * A fake Mollie API v2 on 127.0.0.1 (INTEGRATIONS.md section 3), for tests: payments (create with
 * Idempotency-Key, get), customers, mandates. A `first` payment that becomes `paid` gives its
 * customer a valid mandate (as Mollie does); a `recurring` payment needs one (else 422, as Mollie
 * answers) and needs no checkout. Tests move payments on with `setStatus`.
 *
 * Refunds (INTEGRATIONS.md section 8, issue 42): `POST /v2/payments/{id}/refunds` with an
 * Idempotency-Key (a repeat answers the first refund), only for a `paid` payment and at most its
 * amount in all (else 422, as Mollie answers); a new refund is `pending`; `GET` lists them. Tests
 * move refunds on with `setRefundStatus` and make the next create fail with `failNextRefund`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MollieStatus } from '../../api/invoices/mollie.ts';
import type { TestApp } from './app.ts';

export const FAKE_MOLLIE_KEY = 'test_fakefakefakefake';

type Json = Record<string, unknown>;

export function startFakeMollie() {
  const created: Array<{ body: Json; headers: IncomingMessage['headers'] }> = [];
  const customersCreated: Json[] = [];
  const store = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const mandates = new Map<string, Json[]>();
  const byKey = new Map<string, string>();
  /** Fails the next create (of this sequence type, when given) with a 503. */
  let failNext: { sequenceType?: string | undefined } | null = null;
  const refunds = new Map<string, Json>();
  const refundsCreated: Array<{ paymentId: string; body: Json; key: string }> = [];
  let failNextRefund = 0;
  const cents = (value: unknown) => Math.round(Number((value as { value: string }).value) * 100);
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk) => (data += chunk));
      req.on('end', () => resolve(data));
    });
  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/hal+json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${FAKE_MOLLIE_KEY}`)
      return send(401, { status: 401, title: 'Unauthorized Request', detail: 'Missing auth' });
    const url = new URL(req.url!, 'http://x');
    const key = String(req.headers['idempotency-key'] ?? '');
    if (req.method === 'POST' && url.pathname === '/v2/customers') {
      const body = JSON.parse(await readBody(req)) as Json;
      const existing = key ? byKey.get(`customer:${key}`) : undefined;
      if (existing) return send(201, customers.get(existing));
      customersCreated.push(body);
      const id = `cst_fake${customers.size + 1}`;
      const customer = { resource: 'customer', id, name: body.name, email: body.email };
      customers.set(id, customer);
      if (key) byKey.set(`customer:${key}`, id);
      return send(201, customer);
    }
    const mandateMatch = /^\/v2\/customers\/(cst_\w+)\/mandates$/.exec(url.pathname);
    if (req.method === 'GET' && mandateMatch) {
      if (!customers.has(mandateMatch[1]!))
        return send(404, { status: 404, title: 'Not Found', detail: 'No customer exists' });
      const list = mandates.get(mandateMatch[1]!) ?? [];
      return send(200, { count: list.length, _embedded: { mandates: list } });
    }
    if (req.method === 'POST' && url.pathname === '/v2/payments') {
      const body = JSON.parse(await readBody(req)) as Json;
      created.push({ body, headers: req.headers });
      if (
        failNext &&
        (!failNext.sequenceType || failNext.sequenceType === (body.sequenceType ?? 'oneoff'))
      ) {
        failNext = null;
        return send(503, { status: 503, title: 'Service Unavailable', detail: 'down' });
      }
      const existing = byKey.get(key);
      if (existing) return send(201, store.get(existing));
      const sequenceType = (body.sequenceType as string | undefined) ?? 'oneoff';
      const customerId = body.customerId as string | undefined;
      if (sequenceType !== 'oneoff' && (!customerId || !customers.has(customerId)))
        return send(422, {
          status: 422,
          title: 'Unprocessable Entity',
          detail: 'The customer id is invalid',
          field: 'customerId',
        });
      if (sequenceType === 'recurring') {
        const valid = (mandates.get(customerId!) ?? []).find(
          (m) => m.status === 'valid' && (!body.mandateId || m.id === body.mandateId),
        );
        if (!valid)
          return send(422, {
            status: 422,
            title: 'Unprocessable Entity',
            detail: 'The customer has no valid mandate',
            field: 'customerId',
          });
      }
      const id = `tr_fake${store.size + 1}`;
      const payment: Json = {
        resource: 'payment',
        id,
        status: sequenceType === 'recurring' ? 'pending' : 'open',
        amount: body.amount,
        description: body.description,
        metadata: body.metadata,
        sequenceType,
        ...(customerId ? { customerId } : {}),
        ...(body.mandateId ? { mandateId: body.mandateId } : {}),
        _links:
          sequenceType === 'recurring'
            ? {}
            : { checkout: { href: `https://mollie.example/checkout/${id}` } },
      };
      store.set(id, payment);
      byKey.set(key, id);
      return send(201, payment);
    }
    const refundsMatch = /^\/v2\/payments\/(tr_\w+)\/refunds$/.exec(url.pathname);
    if (refundsMatch) {
      const paymentId = refundsMatch[1]!;
      const payment = store.get(paymentId);
      if (!payment)
        return send(404, { status: 404, title: 'Not Found', detail: 'No payment exists' });
      const ofPayment = [...refunds.values()].filter((r) => r.paymentId === paymentId);
      if (req.method === 'GET')
        return send(200, { count: ofPayment.length, _embedded: { refunds: ofPayment } });
      if (req.method !== 'POST') return send(405, { status: 405, title: 'Method Not Allowed' });
      const body = JSON.parse(await readBody(req)) as Json;
      refundsCreated.push({ paymentId, body, key });
      if (failNextRefund > 0) {
        failNextRefund -= 1;
        return send(503, { status: 503, title: 'Service Unavailable', detail: 'down' });
      }
      const existing = key ? byKey.get(`refund:${key}`) : undefined;
      if (existing) return send(201, refunds.get(existing));
      if (payment.status !== 'paid')
        return send(422, {
          status: 422,
          title: 'Unprocessable Entity',
          detail: 'The payment cannot be refunded',
        });
      const taken = ofPayment
        .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
        .reduce((sum, r) => sum + cents(r.amount), 0);
      if (taken + cents(body.amount) > cents(payment.amount))
        return send(422, {
          status: 422,
          title: 'Unprocessable Entity',
          detail: 'The amount is higher than the amount that remains refundable',
          field: 'amount',
        });
      const id = `re_fake${refunds.size + 1}`;
      const refund: Json = {
        resource: 'refund',
        id,
        amount: body.amount,
        description: body.description,
        metadata: body.metadata,
        status: 'pending',
        paymentId,
        createdAt: new Date().toISOString(),
      };
      refunds.set(id, refund);
      if (key) byKey.set(`refund:${key}`, id);
      return send(201, refund);
    }
    const match = /^\/v2\/payments\/(tr_\w+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const payment = store.get(match[1]!);
      return payment
        ? send(200, payment)
        : send(404, { status: 404, title: 'Not Found', detail: 'No payment exists' });
    }
    send(404, { status: 404, title: 'Not Found' });
  });
  return {
    created,
    customersCreated,
    payment: (id: string) => store.get(id),
    /** Moves a payment on; a paid `first` payment gives its customer a valid mandate. */
    setStatus: (id: string, status: MollieStatus) => {
      const payment = store.get(id)!;
      payment.status = status;
      if (status === 'paid' && payment.sequenceType === 'first') {
        const customerId = payment.customerId as string;
        const list = mandates.get(customerId) ?? [];
        const mandateId = `mdt_fake${customerId.slice(8)}_${list.length + 1}`;
        list.push({ resource: 'mandate', id: mandateId, status: 'valid', method: 'directdebit' });
        mandates.set(customerId, list);
        payment.mandateId = mandateId;
      }
    },
    /** The customer withdrew the mandate (or the bank refused it). */
    revokeMandates: (customerId: string) => {
      for (const m of mandates.get(customerId) ?? []) m.status = 'invalid';
    },
    refundsCreated,
    refunds: () => [...refunds.values()],
    /** Moves a refund on (Mollie then calls the payment's webhook). */
    setRefundStatus: (id: string, status: string) => {
      refunds.get(id)!.status = status;
    },
    /** The next `count` refund creates answer 503. */
    failNextRefund: (count = 1) => {
      failNextRefund = count;
    },
    failNextCreate: (sequenceType?: 'oneoff' | 'first' | 'recurring') => {
      failNext = { sequenceType };
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Mollie's webhook call for a payment (a form post naming only its id) to the app under test. */
export function mollieWebhook(t: TestApp, id: string): Promise<Response> {
  return Promise.resolve(
    t.app.request('/api/payments/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id }).toString(),
    }),
  );
}
