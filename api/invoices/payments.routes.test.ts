import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatMoney } from '#domain/format.ts';
import {
  invoiceMails,
  invoices,
  orders,
  outbox,
  payments,
  subscriptions,
  users,
} from '../db/schema.ts';
import { addUsers, sessionCookie, signIn, STAFF } from '../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import {
  FAKE_MOLLIE_KEY,
  mollieWebhook,
  startFakeMollie,
} from '../../tests/helpers/fake-mollie.ts';
import { createMollieClient, mollieAmount } from './mollie.ts';
import { createMollieProvider } from './payments.ts';

const mollie = startFakeMollie();
let t: TestApp;
beforeAll(async () => {
  const baseUrl = await mollie.listen();
  t = await createTestApp({
    now: () => new Date('2026-05-01T09:00:00Z'),
    payments: createMollieProvider({
      client: createMollieClient({ apiKey: FAKE_MOLLIE_KEY, baseUrl }),
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

/** An order through checkout: its answer, its invoice and its payment with the Mollie id. */
async function placeOrder(extra: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/checkout', order(extra));
  const { invoiceNumber, orderId } = await res.json();
  const [invoice] = await t.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.number, invoiceNumber));
  const [payment] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.invoiceId, invoice!.id));
  return { invoiceNumber, orderId, invoice, payment, id: payment!.providerPaymentId! };
}

const webhook = (id: string) => mollieWebhook(t, id);

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
      const { orderId, invoice, payment, id } = await placeOrder();

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
    const { invoiceNumber, invoice, id } = await placeOrder({ lang: 'nl' });
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
    // Greeted by first name, as the order confirmation is (not by the invoice's full name).
    expect(mail!.text.split('\n')[0]).toBe('Hallo Jan,');
    expect(mail!.text).toContain(formatMoney(invoice!.total, 'nl'));
    expect(mail!.attachments).toEqual([
      {
        filename: `invoice-${invoiceNumber}.pdf`,
        contentType: 'application/pdf',
        content: '',
        invoiceId: invoice!.id,
      },
      {
        filename: `invoice-${invoiceNumber}.xml`,
        contentType: 'application/xml',
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

  it('when Mollie is down, a retry without an Idempotency-Key finishes the first order: one account, one order, one invoice number (issue 38 item 7a)', async () => {
    const body = order();
    const count = async () => ({
      orders: (await t.database.db.select().from(orders)).length,
      invoices: (await t.database.db.select().from(invoices)).length,
    });
    const before = await count();
    mollie.failNextCreate();
    const first = await t.call('POST', '/api/checkout', body);
    expect(first.status).toBe(503);
    expect((await first.json()).error.code).toBe('SERVICE_UNAVAILABLE');
    // The order stands (its invoice is numbered, and numbers have no gaps), with its confirmation
    // mail and pay link; the new customer is signed in to it.
    const left = await count();
    expect(left).toEqual({ orders: before.orders + 1, invoices: before.invoices + 1 });
    const [firstInvoice] = await t.database.db
      .select({ number: invoices.number })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(eq(users.email, body.email));
    const cookie = sessionCookie(first);

    // The same request again, no key: Mollie answers now, and it is the same order.
    const retry = await t.call('POST', '/api/checkout', body, { Cookie: cookie });
    expect(retry.status).toBe(201);
    const answer = await retry.json();
    expect(answer.invoiceNumber).toBe(firstInvoice!.number);
    expect(answer.paymentLink).toMatch(/mollie\.example\/checkout/);
    expect(await count()).toEqual(left);
    // Mollie was asked for the same payment (its Idempotency-Key) both times.
    const [a, b] = mollie.created.slice(-2);
    expect(b!.headers['idempotency-key']).toBe(a!.headers['idempotency-key']);

    // A different order afterwards is a new order.
    const other = await t.call(
      'POST',
      '/api/checkout',
      { ...body, planData: { products: [16], billingCycle: 'monthly' } },
      { Cookie: cookie },
    );
    expect(other.status).toBe(201);
    expect((await other.json()).invoiceNumber).not.toBe(answer.invoiceNumber);
  });

  it('a retry without a key that fails again still makes no second order', async () => {
    const body = order();
    mollie.failNextCreate();
    const first = await t.call('POST', '/api/checkout', body);
    expect(first.status).toBe(503);
    const cookie = sessionCookie(first);
    const left = (await t.database.db.select().from(orders)).length;
    mollie.failNextCreate();
    expect((await t.call('POST', '/api/checkout', body, { Cookie: cookie })).status).toBe(503);
    const last = await t.call('POST', '/api/checkout', body, { Cookie: cookie });
    expect(last.status).toBe(201);
    expect((await t.database.db.select().from(orders)).length).toBe(left);
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

describe('the payment method with Mollie (M26)', () => {
  let staff = '';
  beforeAll(async () => {
    await addUsers(t.database, STAFF);
    staff = await signIn(t, STAFF.email, STAFF.password);
  });

  it('a Mollie invoice is settled by its webhook: staff see no Mark as paid, and the API says why', async () => {
    // Even when bank transfer was asked for at Mollie: Mollie's account receives it.
    const { invoiceNumber } = await placeOrder({ paymentMethod: 'banktransfer' });
    const list = await (
      await t.call('GET', '/api/admin/orders', undefined, { Cookie: staff })
    ).json();
    expect(
      list.orders.find((o: { invoiceNumber: string }) => o.invoiceNumber === invoiceNumber),
    ).toMatchObject({ invoiceStatus: 'open', paymentProvider: 'mollie' });
    const table = await (
      await t.call('GET', `/api/admin/tables/invoices?q=${invoiceNumber}`, undefined, {
        Cookie: staff,
      })
    ).json();
    expect(table.rows).toEqual([
      expect.objectContaining({ number: invoiceNumber, paymentProvider: 'mollie' }),
    ]);
    const refused = await t.call(
      'POST',
      `/api/admin/invoices/${invoiceNumber}/mark-paid`,
      undefined,
      {
        Cookie: staff,
      },
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: { fields: { number: 'admin.orders.providerPayment' } },
    });
  });

  it('after a Mollie payment ended unpaid, staff may record a direct transfer: a payment of its own, one mail', async () => {
    const { invoiceNumber, invoice, payment, id } = await placeOrder();
    const markPaid = () =>
      t.call('POST', `/api/admin/invoices/${invoiceNumber}/mark-paid`, undefined, {
        Cookie: staff,
      });
    mollie.setStatus(id, 'expired');
    expect((await webhook(id)).status).toBe(200);
    const listed = await (
      await t.call('GET', '/api/admin/orders', undefined, { Cookie: staff })
    ).json();
    expect(
      listed.orders.find((o: { invoiceNumber: string }) => o.invoiceNumber === invoiceNumber),
    ).toMatchObject({ invoiceStatus: 'open', paymentProvider: 'mollie', paymentStatus: 'expired' });
    const table = await (
      await t.call('GET', `/api/admin/tables/invoices?q=${invoiceNumber}`, undefined, {
        Cookie: staff,
      })
    ).json();
    expect(table.rows).toEqual([
      expect.objectContaining({ paymentProvider: 'mollie', paymentStatus: 'expired' }),
    ]);

    const res = await markPaid();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ number: invoiceNumber, status: 'paid', changed: true });
    expect((await markPaid()).status).toBe(200);
    // Mollie's record keeps what Mollie said; the transfer is a payment of its own.
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.invoiceId, invoice!.id));
    expect(rows.find((r) => r.id === payment!.id)).toMatchObject({
      provider: 'mollie',
      status: 'expired',
      markedPaidBy: null,
    });
    expect(rows.filter((r) => r.provider === 'banktransfer')).toEqual([
      expect.objectContaining({ status: 'paid', amount: invoice!.total, providerPaymentId: null }),
    ]);
    // Mollie's webhook for the old payment, repeated, leaves the invoice paid.
    expect((await webhook(id)).status).toBe(200);
    const [after] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(after!.status).toBe('paid');
    const mails = (
      await t.database.db.select().from(outbox).where(eq(outbox.kind, 'payment-received'))
    ).filter((r) => r.subject.includes(invoiceNumber));
    expect(mails).toHaveLength(1);
  });
});
