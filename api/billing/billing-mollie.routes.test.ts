import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq } from 'drizzle-orm';
import { addUsers, signIn, STAFF } from '../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import {
  FAKE_MOLLIE_KEY,
  mollieWebhook,
  startFakeMollie,
} from '../../tests/helpers/fake-mollie.ts';
import {
  invoices,
  mollieCustomers,
  orders,
  outbox,
  payments,
  renewalInvoices,
  users,
} from '../db/schema.ts';
import { createMollieClient } from '../invoices/mollie.ts';
import { createMollieCustomers } from '../invoices/mollie-customers.ts';
import { createMollieProvider } from '../invoices/payments.ts';

// Renewals with Mollie against the fake Mollie: the order's first payment makes a customer and a
// mandate (`first`), renewals are charged against it (`recurring`) and confirmed by the webhook
// after fetching the payment; a missing, revoked or failing mandate falls back to a mailed invoice
// with a payment link.

const mollie = startFakeMollie();
let clock = new Date('2026-01-31T10:00:00Z');
let t: TestApp;
let staff: string;

beforeAll(async () => {
  const baseUrl = await mollie.listen();
  const database = await createTestDatabase();
  const client = createMollieClient({ apiKey: FAKE_MOLLIE_KEY, baseUrl });
  t = await createTestApp({
    database,
    now: () => clock,
    payments: createMollieProvider({
      client,
      publicUrl: 'https://shop.example.test',
      customers: createMollieCustomers({ database, client }),
    }),
  });
  await addUsers(database, STAFF);
  await signInStaff();
});

/** Signs staff in at the test clock's time (sessions last 30 days; the clock moves months). */
async function signInStaff() {
  staff = await signIn(t, STAFF.email, STAFF.password);
}
afterAll(async () => {
  await t.close();
  await mollie.close();
});

const webhook = (id: string) => mollieWebhook(t, id);

const runBilling = async (asOf: string) => {
  await signInStaff();
  const res = await t.call('POST', '/api/admin/billing/run', { asOf }, { Cookie: staff });
  expect(res.status).toBe(200);
  return (await res.json()) as { issued: string[]; reminded: string[] };
};

async function order(email: string, paymentMethod: string | undefined) {
  const res = await t.call('POST', '/api/checkout', checkoutBody(email, { paymentMethod }));
  expect(res.status).toBe(201);
  const answer = (await res.json()) as { invoiceNumber: string };
  const [payment] = await t.database.db
    .select({ providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(eq(invoices.number, answer.invoiceNumber));
  return { invoiceNumber: answer.invoiceNumber, molliePaymentId: payment!.providerPaymentId! };
}

async function renewalOf(email: string, issueDate: string) {
  const [row] = await t.database.db
    .select({ invoice: invoices, delivery: renewalInvoices.delivery })
    .from(renewalInvoices)
    .innerJoin(invoices, eq(invoices.id, renewalInvoices.invoiceId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(and(eq(users.email, email), eq(renewalInvoices.issueDate, issueDate)));
  return row!;
}

const paymentsOf = (invoiceId: string) =>
  t.database.db
    .select()
    .from(payments)
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(asc(payments.createdAt));

const mailsTo = (email: string, kind: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.kind, kind)))
    .orderBy(desc(outbox.id));

describe('Mollie: first payment, then recurring renewals', () => {
  it("an order with subscriptions pays with sequenceType 'first' for a new Mollie customer", async () => {
    const a = await order('ideal@example.test', 'ideal');
    const first = mollie.created.at(-1)!.body;
    expect(first).toMatchObject({
      sequenceType: 'first',
      customerId: 'cst_fake1',
      method: 'ideal',
      redirectUrl: `https://shop.example.test/thank-you?invoice=${a.invoiceNumber}&lang=en`,
    });
    expect(mollie.customersCreated).toEqual([
      expect.objectContaining({ email: 'ideal@example.test', name: 'Anna de Vries' }),
    ]);
    const [stored] = await t.database.db.select().from(mollieCustomers);
    expect(stored!.customerId).toBe('cst_fake1');

    // A forged webhook changes nothing; Mollie's own word does.
    expect((await webhook(a.molliePaymentId)).status).toBe(200);
    const [open] = await t.database.db
      .select({ status: invoices.status })
      .from(invoices)
      .where(eq(invoices.number, a.invoiceNumber));
    expect(open!.status).toBe('open');
    mollie.setStatus(a.molliePaymentId, 'paid');
    expect((await webhook(a.molliePaymentId)).status).toBe(200);
    const [paid] = await t.database.db
      .select({ status: invoices.status })
      .from(invoices)
      .where(eq(invoices.number, a.invoiceNumber));
    expect(paid!.status).toBe('paid');
  });

  it('bank transfer through Mollie cannot make a mandate: a one-off payment', async () => {
    const b = await order('transfer@example.test', 'banktransfer');
    const body = mollie.created.at(-1)!.body;
    expect(body.sequenceType).toBeUndefined();
    expect(body.customerId).toBeUndefined();
    mollie.setStatus(b.molliePaymentId, 'paid');
    await webhook(b.molliePaymentId);
  });

  it('a customer whose mandate was revoked', async () => {
    const c = await order('revoked@example.test', 'creditcard');
    mollie.setStatus(c.molliePaymentId, 'paid');
    await webhook(c.molliePaymentId);
    const [row] = await t.database.db
      .select({ customerId: mollieCustomers.customerId })
      .from(mollieCustomers)
      .innerJoin(users, eq(users.id, mollieCustomers.userId))
      .where(eq(users.email, 'revoked@example.test'));
    mollie.revokeMandates(row!.customerId);
  });

  it('renewals: charged against a valid mandate, else mailed with a payment link', async () => {
    clock = new Date('2026-02-28T08:00:00Z');
    const before = mollie.created.length;
    const result = await runBilling('2026-02-28');
    expect(result.issued).toHaveLength(3);

    // ideal: a recurring payment, no checkout; the invoice is mailed saying it is collected.
    const a = await renewalOf('ideal@example.test', '2026-02-28');
    expect(a.delivery).toBe('collecting');
    const charges = mollie.created.slice(before).map((c) => c.body);
    const recurring = charges.filter((c) => c.sequenceType === 'recurring');
    expect(recurring).toEqual([
      expect.objectContaining({
        customerId: 'cst_fake1',
        mandateId: 'mdt_fake1_1',
        amount: { currency: 'EUR', value: '30.00' },
        webhookUrl: 'https://shop.example.test/api/payments/webhook',
      }),
    ]);
    expect(recurring[0]!.redirectUrl).toBeUndefined();
    const [aMail] = await mailsTo('ideal@example.test', 'renewal-invoice');
    expect(aMail!.text).toContain('We collect this amount automatically');
    expect(aMail!.text).not.toContain('/pay/');
    expect(aMail!.attachments[0]!.filename).toBe(`invoice-${a.invoice.number}.pdf`);

    // bank transfer customer and revoked mandate: mailed with the /pay link, and a one-off
    // Mollie checkout for the pay page.
    for (const email of ['transfer@example.test', 'revoked@example.test']) {
      const renewal = await renewalOf(email, '2026-02-28');
      expect(renewal.delivery).toBe('mailed');
      const [mail] = await mailsTo(email, 'renewal-invoice');
      expect(mail!.text).toContain(`http://localhost:3000/pay/${renewal.invoice.number}?lang=en`);
      const rows = await paymentsOf(renewal.invoice.id);
      expect(rows.at(-1)).toMatchObject({
        provider: 'mollie',
        status: 'open',
        checkoutUrl: expect.stringMatching(/^https:\/\/mollie\.example\/checkout\/tr_/),
      });
    }
    expect(charges.filter((c) => c.sequenceType === undefined)).toHaveLength(2);

    // The recurring payment is paid: the webhook fetches it and marks the invoice paid.
    const [charge] = await paymentsOf(a.invoice.id);
    mollie.setStatus(charge!.providerPaymentId!, 'paid');
    expect((await webhook(charge!.providerPaymentId!)).status).toBe(200);
    const paid = await renewalOf('ideal@example.test', '2026-02-28');
    expect(paid.invoice.status).toBe('paid');
    // Confirmed by mail, once, whatever Mollie repeats.
    await webhook(charge!.providerPaymentId!);
    const received = (await mailsTo('ideal@example.test', 'payment-received')).filter((m) =>
      m.subject.includes(paid.invoice.number),
    );
    expect(received).toHaveLength(1);
  });

  it('a failing recurring payment mails the invoice with its link, once', async () => {
    clock = new Date('2026-03-31T08:00:00Z');
    await runBilling('2026-03-31');
    const a = await renewalOf('ideal@example.test', '2026-03-31');
    expect(a.delivery).toBe('collecting');
    const [charge] = await paymentsOf(a.invoice.id);
    mollie.setStatus(charge!.providerPaymentId!, 'failed');
    expect((await webhook(charge!.providerPaymentId!)).status).toBe(200);
    expect((await webhook(charge!.providerPaymentId!)).status).toBe(200);

    const failed = await mailsTo('ideal@example.test', 'renewal-payment-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.subject).toBe(
      `Invoice ${a.invoice.number}: the automatic payment did not go through`,
    );
    expect(failed[0]!.text).toContain(`http://localhost:3000/pay/${a.invoice.number}?lang=en`);
    expect((await renewalOf('ideal@example.test', '2026-03-31')).delivery).toBe('mailed');
    // The pay page offers a fresh Mollie checkout for the open invoice.
    const invoice = await t.call('GET', `/api/invoices/${a.invoice.number}`, undefined, {
      Cookie: staff,
    });
    expect(await invoice.json()).toMatchObject({
      status: 'open',
      payment: {
        provider: 'mollie',
        checkoutUrl: expect.stringMatching(/^https:\/\/mollie\.example\/checkout\//),
      },
    });
  });

  it('Mollie down while charging: the invoice waits and is charged once on the next run', async () => {
    clock = new Date('2026-04-30T08:00:00Z');
    mollie.failNextCreate('recurring');
    await runBilling('2026-04-30');
    const waiting = await renewalOf('ideal@example.test', '2026-04-30');
    expect(waiting.delivery).toBe('pending');
    expect(await mailsTo('ideal@example.test', 'renewal-invoice')).toHaveLength(2);
    const again = await runBilling('2026-04-30');
    expect(again.issued).toEqual([]);
    const charged = await renewalOf('ideal@example.test', '2026-04-30');
    expect(charged.delivery).toBe('collecting');
    const [payment] = await paymentsOf(charged.invoice.id);
    // The retry used the same Idempotency-Key (our payment id) as the failed attempt.
    const attempts = mollie.created.filter((c) => c.headers['idempotency-key'] === payment!.id);
    expect(attempts).toHaveLength(2);
    expect(await mailsTo('ideal@example.test', 'renewal-invoice')).toHaveLength(3);
  });
});

describe('Mollie: the checkout page asks for no method', () => {
  it('no method asked for (the checkout page): the customer picks at Mollie, and a mandate follows (M26)', async () => {
    const before = mollie.created.length;
    const { invoiceNumber } = await order('picks@example.test', undefined);
    const [create] = mollie.created.slice(before);
    expect(create!.body).not.toHaveProperty('method');
    expect(create!.body).toMatchObject({ sequenceType: 'first', customerId: expect.any(String) });
    const [row] = await t.database.db
      .select({ method: orders.paymentMethod })
      .from(orders)
      .innerJoin(invoices, eq(invoices.orderId, orders.id))
      .where(eq(invoices.number, invoiceNumber));
    expect(row!.method).toBe('');
  });
});
