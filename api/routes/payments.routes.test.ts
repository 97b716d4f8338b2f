import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { formatMoney } from '#domain/format.ts';
import { invoiceMails, invoices, orders, outbox, payments, subscriptions } from '../db/schema.ts';
import { sessionCookie } from '../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { createMollieClient, mollieAmount, type MollieStatus } from '../services/mollie.ts';
import { createMollieProvider } from '../services/payments.ts';

/** A fake Mollie API v2 (INTEGRATIONS.md section 3): create and get payments, with idempotency. */
function startFakeMollie() {
  const created: Array<{ body: Record<string, unknown>; headers: IncomingMessage['headers'] }> = [];
  const store = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, string>();
  let failNext = false;
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
    if (req.headers.authorization !== 'Bearer test_fakefakefakefake')
      return send(401, { status: 401, title: 'Unauthorized Request', detail: 'Missing auth' });
    const url = new URL(req.url!, 'http://x');
    if (req.method === 'POST' && url.pathname === '/v2/payments') {
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      created.push({ body, headers: req.headers });
      if (failNext) {
        failNext = false;
        return send(503, { status: 503, title: 'Service Unavailable', detail: 'down' });
      }
      const key = String(req.headers['idempotency-key']);
      const existing = byKey.get(key);
      if (existing) return send(201, store.get(existing));
      const id = `tr_fake${store.size + 1}`;
      const payment = {
        resource: 'payment',
        id,
        status: 'open',
        amount: body.amount,
        description: body.description,
        metadata: body.metadata,
        _links: { checkout: { href: `https://mollie.example/checkout/${id}` } },
      };
      store.set(id, payment);
      byKey.set(key, id);
      return send(201, payment);
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
    setStatus: (id: string, status: MollieStatus) => {
      store.get(id)!.status = status;
    },
    failNextCreate: () => {
      failNext = true;
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

const mollie = startFakeMollie();
let t: TestApp;
beforeAll(async () => {
  const baseUrl = await mollie.listen();
  t = await createTestApp({
    now: () => new Date('2026-05-01T09:00:00Z'),
    payments: createMollieProvider({
      client: createMollieClient({ apiKey: 'test_fakefakefakefake', baseUrl }),
      publicUrl: 'https://shop.example.test',
    }),
  });
});
afterAll(async () => {
  await t.close();
  await mollie.close();
});

let n = 0;
const order = (extra: Record<string, unknown> = {}) => ({
  email: `mollie${++n}@example.test`,
  password: 'a-good-password',
  firstname: 'Jan',
  lastname: 'Peeters',
  address1: 'Meir 1',
  postalcode: '2000',
  city: 'Antwerpen',
  country: 'BE',
  tos: true,
  planData: { products: [16, 36], billingCycle: 'monthly' },
  paymentMethod: 'bancontact',
  lang: 'en',
  ...extra,
});

const webhook = (id: string) =>
  t.app.request('/api/payments/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ id }).toString(),
  });

describe('Mollie payments', () => {
  it('formats amounts as two-decimal strings', () => {
    expect(mollieAmount(3000)).toBe('30.00');
    expect(mollieAmount(52005)).toBe('520.05');
    expect(mollieAmount(7)).toBe('0.07');
    expect(() => mollieAmount(1.5)).toThrow();
  });

  it('starts a payment at Mollie and answers its checkout link', async () => {
    const res = await t.call('POST', '/api/checkout', order());
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer.paymentLink).toMatch(/^https:\/\/mollie\.example\/checkout\/tr_fake\d+$/);
    const call = mollie.created.at(-1)!;
    expect(call.body).toEqual({
      amount: { currency: 'EUR', value: '520.00' },
      description: `Invoice ${answer.invoiceNumber}`,
      redirectUrl: `https://shop.example.test/thank-you?invoice=${answer.invoiceNumber}&lang=en`,
      webhookUrl: 'https://shop.example.test/api/payments/webhook',
      method: 'bancontact',
      locale: 'en_GB',
      metadata: { invoiceNumber: answer.invoiceNumber, orderId: answer.orderId },
    });
    expect(call.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the webhook fetches the payment: paid marks the invoice paid; failed, canceled and expired leave it open', async () => {
    for (const status of ['canceled', 'expired', 'failed', 'paid'] as const) {
      const res = await t.call('POST', '/api/checkout', order());
      const { invoiceNumber, orderId } = await res.json();
      const [invoice] = await t.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.number, invoiceNumber));
      const [payment] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.invoiceId, invoice!.id));
      const id = payment!.providerPaymentId!;

      // A webhook before anything changed at Mollie changes nothing here either.
      expect((await webhook(id)).status).toBe(200);
      expect(
        (await t.database.db.select().from(invoices).where(eq(invoices.id, invoice!.id)))[0]!
          .status,
      ).toBe('open');

      mollie.setStatus(id, status);
      expect((await webhook(id)).status).toBe(200);
      const [after] = await t.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, invoice!.id));
      const [paymentAfter] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.id, payment!.id));
      const [orderAfter] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
      const subs = await t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.orderId, orderId));
      expect(paymentAfter!.status).toBe(status);
      if (status === 'paid') {
        expect(after!.status).toBe('paid');
        expect(after!.paidAt).toBeInstanceOf(Date);
        expect(orderAfter!.status).toBe('paid');
        expect(subs.every((s) => s.status === 'active')).toBe(true);
      } else {
        expect(after!.status).toBe('open');
        expect(orderAfter!.status).toBe('open');
      }
    }
  });

  it('"payment received" is mailed once per invoice, in the customer\'s language, however often the webhook comes', async () => {
    const res = await t.call('POST', '/api/checkout', order({ lang: 'nl' }));
    const { invoiceNumber } = await res.json();
    const [invoice] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.number, invoiceNumber));
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.invoiceId, invoice!.id));
    const id = payment!.providerPaymentId!;
    const received = () =>
      t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.kind, 'payment-received'))
        .then((rows) => rows.filter((r) => r.subject.includes(invoiceNumber)));

    // Fetch-before-trust: a webhook while Mollie still says open sends nothing.
    expect((await webhook(id)).status).toBe(200);
    expect(await received()).toHaveLength(0);

    mollie.setStatus(id, 'paid');
    // Repeated (and concurrent) webhooks: one mail.
    const answers = await Promise.all([webhook(id), webhook(id), webhook(id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await webhook(id)).status).toBe(200);
    // The owner's return to the thank-you page checks Mollie too: still one mail.
    const mails = await received();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.lang).toBe('nl');
    expect(mail!.to).toBe(invoice!.buyer.email);
    expect(mail!.subject).toBe(`Betaling ontvangen – factuur ${invoiceNumber}`);
    expect(mail!.text).toContain(formatMoney(invoice!.total, 'nl'));
    expect(mail!.attachments).toEqual([
      {
        filename: `invoice-${invoiceNumber}.pdf`,
        contentType: 'application/pdf',
        content: '',
        invoiceId: invoice!.id,
      },
    ]);
    // The database holds the once-per-invoice key.
    const keys = await t.database.db
      .select()
      .from(invoiceMails)
      .where(eq(invoiceMails.invoiceId, invoice!.id));
    expect(keys.map((k) => k.kind)).toEqual(['payment-received']);
  });

  it('a forged or unknown webhook id changes nothing; a malformed one is 400', async () => {
    expect((await webhook('tr_doesnotexist')).status).toBe(200);
    expect((await webhook('not-an-id')).status).toBe(400);
    const empty = await t.app.request('/api/payments/webhook', { method: 'POST' });
    expect(empty.status).toBe(400);
  });

  it('when Mollie is down: 503, and a retry with the Idempotency-Key finishes the same order', async () => {
    const body = order();
    const headers = { 'Idempotency-Key': 'mollie-retry-0001' };
    mollie.failNextCreate();
    const first = await t.call('POST', '/api/checkout', body, headers);
    expect(first.status).toBe(503);
    expect((await first.json()).error.code).toBe('SERVICE_UNAVAILABLE');
    const ordersBefore = (await t.database.db.select().from(orders)).length;
    const second = await t.call('POST', '/api/checkout', body, headers);
    expect(second.status).toBe(201);
    const answer = await second.json();
    expect(answer.paymentLink).toMatch(/mollie\.example\/checkout/);
    expect((await t.database.db.select().from(orders)).length).toBe(ordersBefore);
    const third = await t.call('POST', '/api/checkout', body, headers);
    expect(await third.json()).toEqual(answer);
  });

  it('the owner reading an open invoice gets the status Mollie has now (no webhook needed)', async () => {
    const res = await t.call('POST', '/api/checkout', order());
    const { invoiceNumber, paymentLink } = await res.json();
    const cookie = sessionCookie(res);
    mollie.setStatus(paymentLink.split('/').at(-1), 'paid');
    const invoice = await (
      await t.call('GET', `/api/invoices/${invoiceNumber}`, undefined, { Cookie: cookie })
    ).json();
    expect(invoice).toMatchObject({
      status: 'paid',
      payment: { provider: 'mollie', status: 'paid' },
    });
  });
});
