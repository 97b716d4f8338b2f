import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { addUsers, signIn, STAFF } from '../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import {
  FAKE_MOLLIE_KEY,
  mollieWebhook,
  startFakeMollie,
} from '../../tests/helpers/fake-mollie.ts';
import { createLogger } from '../logger.ts';
import {
  creditNotes,
  domainOperations,
  domains,
  invoices,
  outbox,
  payments,
  refunds,
  subscriptions,
  users,
  withdrawals,
} from '../db/schema.ts';
import { createMollieClient } from '../invoices/mollie.ts';
import { createMollieProvider } from '../invoices/payments.ts';
import type { Registrar } from '../registrar/registrar.ts';
import { createRefunds, type Refunds } from './refunds.ts';

// The withdrawal function and refunds through the API (issue 42, API.md section 10), on PGlite
// and, with DATABASE_URL, on PostgreSQL. A consumer withdraws in Dutch from an order paid through
// (fake) Mollie: acknowledgement, credit note with its PDF, staff notice, subscriptions ended, the
// Mollie refund created once and followed through the webhook. In English from an unpaid order:
// the invoice is credited and no longer due. Wrong email 404, the three 409s in the visitor's
// language, hostile input 400, the flood limit 429. Each refund once: two servers and retries.

const mollie = startFakeMollie();
let clock = new Date('2026-03-02T10:00:00Z');
const now = () => clock;
let t: TestApp;
/** A second app server on the same database (another "server"). */
let t2: TestApp;
/** A server of a shop without Mollie (bank transfer) on the same database. */
let bank: TestApp;
/** A server with a registrar connected (REGISTRAR=openprovider), its domain jobs idle. */
let auto: TestApp;
let refundsService: Refunds;
let staff: string;

const consumer = (email: string, overrides: Record<string, unknown> = {}) =>
  checkoutBody(email, { company: '', kvk: '', paymentMethod: 'ideal', ...overrides });

async function order(body: Record<string, unknown>, lang = 'nl') {
  const res = await t.call('POST', `/api/checkout?lang=${lang}`, body);
  expect(res.status).toBe(201);
  const answer = (await res.json()) as { invoiceNumber: string; orderId: string };
  const [payment] = await t.database.db
    .select({ tr: payments.providerPaymentId })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(eq(invoices.number, answer.invoiceNumber));
  return { ...answer, tr: payment!.tr! };
}

async function paid(body: Record<string, unknown>) {
  const placed = await order(body);
  mollie.setStatus(placed.tr, 'paid');
  expect((await mollieWebhook(t, placed.tr)).status).toBe(200);
  return placed;
}

/** The domain jobs' outcome for an order's domain: registered at the registrar. */
async function registerDomainOf(orderId: string) {
  const [domain] = await t.database.db
    .update(domains)
    .set({ status: 'active', expiresOn: '2027-03-02' })
    .where(eq(domains.orderId, orderId))
    .returning({ id: domains.id });
  await t.database.db
    .update(domainOperations)
    .set({ status: 'done', attempts: 1, finishedAt: clock })
    .where(eq(domainOperations.domainId, domain!.id));
}

const domainOf = async (orderId: string) =>
  (await t.database.db.select().from(domains).where(eq(domains.orderId, orderId)))[0]!;

const withdraw = (body: unknown, lang = 'nl', headers: Record<string, string> = {}) =>
  t.call('POST', `/api/withdrawals?lang=${lang}`, body, headers);

const mails = (to: string, kind: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.kind, kind)))
    .orderBy(asc(outbox.id));

const refundOf = async (invoiceNumber: string) => {
  const [row] = await t.database.db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(invoices, eq(invoices.id, refunds.invoiceId))
    .where(eq(invoices.number, invoiceNumber));
  return row?.refund;
};

beforeAll(async () => {
  const baseUrl = await mollie.listen();
  const database = await createTestDatabase();
  const client = createMollieClient({ apiKey: FAKE_MOLLIE_KEY, baseUrl });
  const provider = createMollieProvider({ client, publicUrl: 'https://shop.example.test' });
  refundsService = createRefunds({
    database,
    payments: provider,
    now,
    logger: createLogger({ level: 'silent', write: () => {} }),
  });
  t = await createTestApp({ database, now, payments: provider, refunds: refundsService });
  t2 = await createTestApp({ database, now, payments: provider });
  bank = await createTestApp({ database, now });
  const idle = { runDue: async () => 0, kick: () => {}, start: () => ({ stop: () => {} }) };
  auto = await createTestApp({
    database,
    now,
    payments: provider,
    registrar: {} as Registrar,
    domainJobs: idle,
  });
  await addUsers(database, STAFF);
  staff = await signIn(t, STAFF.email, STAFF.password);
});
afterAll(async () => {
  await t2.close().catch(() => {});
  await bank.close().catch(() => {});
  await auto.close().catch(() => {});
  await t.close();
  await mollie.close();
});

describe('POST /api/withdrawals: a consumer withdraws', () => {
  it('in Dutch from a paid order: credit note, acknowledgement, refund at Mollie, subscriptions ended', async () => {
    const placed = await paid(consumer('anna@example.test', { startNow: true }));
    // The registrar registered her domain (what the domain jobs record).
    await registerDomainOf(placed.orderId);
    clock = new Date('2026-03-05T09:15:00Z');
    const request = {
      invoiceNumber: placed.invoiceNumber,
      email: 'Anna@Example.test',
      name: 'Anna de Vries',
      statement: 'Ik herroep hierbij de overeenkomst.',
    };
    const preview = await t.call('POST', '/api/withdrawals/preview?lang=nl', request);
    expect(preview.status).toBe(200);
    const shown = await preview.json();
    expect(shown).toMatchObject({
      orderId: placed.orderId,
      invoiceNumber: placed.invoiceNumber,
      orderedOn: '2026-03-02',
      lastDay: '2026-03-16',
      refund: { paid: true },
    });
    // Nothing changed by the preview.
    expect(await t.database.db.select().from(withdrawals)).toHaveLength(0);

    const res = await withdraw(request, 'nl', { 'Idempotency-Key': 'withdraw-anna-1' });
    expect(res.status).toBe(201);
    const { withdrawal } = await res.json();
    expect(withdrawal).toEqual({
      id: expect.any(String),
      orderId: placed.orderId,
      receivedAt: '2026-03-05T09:15:00.000Z',
      refund: shown.refund.amount,
      creditNoteNumber: 'CN-2026-0001',
    });
    // The registered domain stays; the hosting comes back minus 3 of its 31 days (startNow).
    const [note] = await t.database.db.select().from(creditNotes);
    expect(note!.total).toBe(-withdrawal.refund);
    expect(
      shown.refund.lines.find((l: { reason: string }) => l.reason === 'domainRegistered'),
    ).toBeTruthy();
    expect(
      shown.refund.lines.find((l: { reason: string }) => l.reason === 'daysUsed'),
    ).toBeTruthy();

    const [saved] = await t.database.db.select().from(withdrawals);
    expect(saved).toMatchObject({
      statement: 'Ik herroep hierbij de overeenkomst.',
      receivedAt: clock,
      email: 'anna@example.test',
    });
    const subs = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, placed.orderId));
    expect(subs.length).toBeGreaterThan(0);
    expect(subs.every((s) => s.status === 'cancelled' && s.endsOn === '2026-03-05')).toBe(true);

    const [ack] = await mails('anna@example.test', 'withdrawal-acknowledgement');
    expect(ack!.subject).toContain(placed.invoiceNumber);
    expect(ack!.text).toContain('Ik herroep hierbij de overeenkomst.');
    expect(ack!.text).toContain('5 maart 2026');
    expect(ack!.text).toContain('10:15');
    expect(ack!.text).toContain(placed.orderId);
    const [creditMail] = await mails('anna@example.test', 'credit-note');
    expect(creditMail!.subject).toBe('Creditnota CN-2026-0001');
    expect(creditMail!.attachments![0]!.filename).toBe('credit-note-CN-2026-0001.pdf');
    expect(creditMail!.attachments![0]!.content.length).toBeGreaterThan(100);
    expect(await mails('staff@example.test', 'withdrawal-notification')).toHaveLength(1);

    // The Mollie refund: the credit note's amount, the refund's id as Idempotency-Key.
    const refund = (await refundOf(placed.invoiceNumber))!;
    expect(refund).toMatchObject({
      method: 'mollie',
      status: 'pending',
      amount: withdrawal.refund,
    });
    expect(mollie.refundsCreated).toHaveLength(1);
    expect(mollie.refundsCreated[0]).toMatchObject({
      paymentId: placed.tr,
      key: refund.id,
      body: { amount: { currency: 'EUR', value: (withdrawal.refund / 100).toFixed(2) } },
    });

    // A retry with the same key answers the same and changes nothing.
    const again = await withdraw(request, 'nl', { 'Idempotency-Key': 'withdraw-anna-1' });
    expect(again.status).toBe(201);
    expect((await again.json()).withdrawal.id).toBe(withdrawal.id);
    expect(mollie.refundsCreated).toHaveLength(1);

    // Twice (without the key): 409 in Dutch.
    const twice = await withdraw(request, 'nl');
    expect(twice.status).toBe(409);
    expect((await twice.json()).error).toMatchObject({
      code: 'ALREADY_WITHDRAWN',
      message: 'Je hebt deze bestelling al herroepen.',
    });

    // Mollie calls the payment's webhook when the refund is done.
    mollie.setRefundStatus(refund.providerRefundId!, 'refunded');
    expect((await mollieWebhook(t, placed.tr)).status).toBe(200);
    expect((await refundOf(placed.invoiceNumber))!.status).toBe('refunded');
  });

  it('in English from an unpaid order: credited in full, no longer due, nothing to pay back', async () => {
    clock = new Date('2026-03-06T10:00:00Z');
    const placed = await order(consumer('bob@example.test'), 'en');
    const res = await withdraw(
      { orderId: placed.orderId, email: 'bob@example.test', name: 'Bob' },
      'en',
    );
    expect(res.status).toBe(201);
    const { withdrawal } = await res.json();
    const [invoice] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.number, placed.invoiceNumber));
    expect(withdrawal.refund).toBe(invoice!.total);
    expect(invoice!.status).toBe('credited');
    expect(await refundOf(placed.invoiceNumber)).toBeUndefined();
    const [ack] = await mails('bob@example.test', 'withdrawal-acknowledgement');
    expect(ack!.text).toContain('We received your withdrawal from the contract on 6 March 2026');
    expect(ack!.text).toContain('(no statement given)');
    const [creditMail] = await mails('bob@example.test', 'credit-note');
    expect(creditMail!.text).toContain('nothing needs to be paid back');
  });
});

describe('POST /api/withdrawals: the domain (D42C-1)', () => {
  const domainLine = (refund: { lines: Array<{ reason: string | null; amount: number }> }) =>
    refund.lines.filter((l) => l.reason === 'domainRegistered');
  const totalOf = async (invoiceNumber: string) =>
    (await t.database.db.select().from(invoices).where(eq(invoices.number, invoiceNumber)))[0]!
      .total;

  it('a paid order whose domain the registrar has not been asked for: refunded, and cancelled', async () => {
    clock = new Date('2026-03-06T11:00:00Z');
    const placed = await paid(consumer('domain-queued@example.test'));
    // Paid: queued for the registrar, not tried yet.
    expect(await domainOf(placed.orderId)).toMatchObject({ status: 'registering' });
    const request = {
      invoiceNumber: placed.invoiceNumber,
      email: 'domain-queued@example.test',
      name: 'D',
    };
    const shown = await (await auto.call('POST', '/api/withdrawals/preview', request)).json();
    expect(domainLine(shown.refund)).toEqual([]);
    expect(shown.refund.amount).toBe(shown.refund.invoiceTotal);
    const res = await auto.call('POST', '/api/withdrawals', request);
    expect(res.status).toBe(201);
    const { withdrawal } = await res.json();
    // Everything comes back, the domain too; its registration is cancelled, never sent.
    expect(withdrawal.refund).toBe(await totalOf(placed.invoiceNumber));
    const domain = await domainOf(placed.orderId);
    expect(domain.status).toBe('cancelled');
    const operations = await t.database.db
      .select()
      .from(domainOperations)
      .where(eq(domainOperations.domainId, domain.id));
    expect(operations.map((o) => o.status)).toEqual(['cancelled']);
    expect((await refundOf(placed.invoiceNumber))!.amount).toBe(withdrawal.refund);
  });

  it('a paid order whose registration failed: the domain is refunded too', async () => {
    clock = new Date('2026-03-06T12:00:00Z');
    const placed = await paid(consumer('domain-failed@example.test'));
    const { id } = await domainOf(placed.orderId);
    await t.database.db.update(domains).set({ status: 'failed' }).where(eq(domains.id, id));
    await t.database.db
      .update(domainOperations)
      .set({ status: 'failed', attempts: 3 })
      .where(eq(domainOperations.domainId, id));
    const res = await withdraw({
      orderId: placed.orderId,
      email: 'domain-failed@example.test',
      name: 'Els',
    });
    const { withdrawal } = await res.json();
    expect(withdrawal.refund).toBe(await totalOf(placed.invoiceNumber));
    expect(await domainOf(placed.orderId)).toMatchObject({ status: 'cancelled' });
  });

  it('kept: registered; sent to the registrar; without a registrar, paid (staff register by hand)', async () => {
    clock = new Date('2026-03-06T13:00:00Z');
    const registered = await paid(consumer('domain-active@example.test'));
    await registerDomainOf(registered.orderId);
    const underWay = await paid(consumer('domain-tried@example.test'));
    // A server tried once (the registrar may have it): it cannot be cancelled any more.
    await t.database.db
      .update(domainOperations)
      .set({ attempts: 1 })
      .where(eq(domainOperations.domainId, (await domainOf(underWay.orderId)).id));
    const byHand = await paid(consumer('domain-by-hand@example.test'));
    for (const [server, placed, email, status] of [
      [auto, registered, 'domain-active@example.test', 'active'],
      [auto, underWay, 'domain-tried@example.test', 'registering'],
      [t, byHand, 'domain-by-hand@example.test', 'registering'],
    ] as const) {
      const request = { orderId: placed.orderId, email, name: 'N' };
      const shown = await (await server.call('POST', '/api/withdrawals/preview', request)).json();
      expect(domainLine(shown.refund), email).toHaveLength(1);
      expect(domainLine(shown.refund)[0]!.amount).toBe(0);
      const res = await server.call('POST', '/api/withdrawals', request);
      expect(res.status).toBe(201);
      const { withdrawal } = await res.json();
      expect(withdrawal.refund).toBe(shown.refund.amount);
      expect(withdrawal.refund).toBeLessThan(shown.refund.invoiceTotal);
      expect(await domainOf(placed.orderId)).toMatchObject({ status });
    }
  });
});

describe('POST /api/withdrawals: refusals', () => {
  it('404 for an unknown order or an email that is not the order’s, and nothing changes', async () => {
    clock = new Date('2026-03-10T10:00:00Z');
    const placed = await order(consumer('carla@example.test'));
    const before = (await t.database.db.select().from(withdrawals)).length;
    for (const body of [
      { invoiceNumber: placed.invoiceNumber, email: 'someone@example.test', name: 'X' },
      { invoiceNumber: '2026-9999', email: 'carla@example.test', name: 'Carla' },
      { orderId: '00000000-0000-4000-8000-000000000000', email: 'carla@example.test', name: 'C' },
    ]) {
      const res = await withdraw(body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect((await res.json()).error.code).toBe('NOT_FOUND');
    }
    expect(await t.database.db.select().from(withdrawals)).toHaveLength(before);
  });

  it('409 NOT_A_CONSUMER_ORDER for a business order, in the visitor’s language', async () => {
    const placed = await order(checkoutBody('dirk@example.test', { paymentMethod: 'ideal' }));
    const body = { invoiceNumber: placed.invoiceNumber, email: 'dirk@example.test', name: 'Dirk' };
    const en = await withdraw(body, 'en');
    expect(en.status).toBe(409);
    expect((await en.json()).error).toMatchObject({
      code: 'NOT_A_CONSUMER_ORDER',
      message: expect.stringContaining('business'),
    });
    const nl = await withdraw(body, 'nl');
    expect((await nl.json()).error.message).toContain('zakelijk');
  });

  it('409 WITHDRAWAL_PERIOD_OVER after the 14th day, naming the last day and cancelling', async () => {
    clock = new Date('2026-03-10T10:00:00Z');
    const placed = await order(consumer('eva@example.test'));
    const body = { invoiceNumber: placed.invoiceNumber, email: 'eva@example.test', name: 'Eva' };
    clock = new Date('2026-03-24T22:59:00Z'); // 23:59 on the 24th in Amsterdam: still in time
    expect((await t.call('POST', '/api/withdrawals/preview', body)).status).toBe(200);
    clock = new Date('2026-03-24T23:01:00Z'); // 00:01 on the 25th in Amsterdam
    const nl = await withdraw(body, 'nl');
    expect(nl.status).toBe(409);
    const error = (await nl.json()).error;
    expect(error.code).toBe('WITHDRAWAL_PERIOD_OVER');
    expect(error.message).toContain('24 maart 2026');
    expect(error.message).toContain('opzeggen');
    const en = await (await withdraw(body, 'en')).json();
    expect(en.error.message).toContain('March 24, 2026');
    expect(en.error.message).toContain('cancel');
  });

  it('400 for hostile or malformed input, never a 5xx', async () => {
    const good = { invoiceNumber: '2026-0001', email: 'anna@example.test', name: 'Anna' };
    for (const body of [
      {},
      { ...good, invoiceNumber: undefined },
      { ...good, orderId: 'not-a-uuid', invoiceNumber: undefined },
      { ...good, orderId: '00000000-0000-4000-8000-000000000000' },
      { ...good, invoiceNumber: '../2026-0001' },
      { ...good, invoiceNumber: 2026 },
      { ...good, email: 'not an email' },
      { ...good, email: ['anna@example.test'] },
      { ...good, name: '' },
      { ...good, name: 'Anna\u0000' },
      { ...good, name: 'x'.repeat(201) },
      { ...good, statement: 'x'.repeat(2001) },
      { ...good, statement: 'bad \u0007 bell' },
      { ...good, statement: { text: 'x' } },
      [good],
      'withdraw',
    ]) {
      const res = await withdraw(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(['VALIDATION_FAILED', 'INVALID_JSON']).toContain((await res.json()).error.code);
    }
    const raw = await t.app.request('/api/withdrawals', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":',
    });
    expect(raw.status).toBe(400);
  });

  it('is flood-limited like the contact form', async () => {
    const body = { invoiceNumber: '2026-9998', email: 'flood@example.test', name: 'F' };
    const headers = { 'X-Forwarded-For': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await withdraw(body, 'en', headers)).status);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    const last = await withdraw(body, 'en', headers);
    expect(last.status).toBe(429);
    expect(last.headers.get('Retry-After')).toBeTruthy();
  });
});

describe('each refund once', () => {
  it('Mollie failing: the credit note stands, staff see the refund pending, a retry creates it once', async () => {
    clock = new Date('2026-04-01T10:00:00Z');
    staff = await signIn(t, STAFF.email, STAFF.password);
    const placed = await paid(consumer('fenna@example.test'));
    mollie.failNextRefund(1);
    const created = mollie.refundsCreated.length;
    const res = await withdraw({
      invoiceNumber: placed.invoiceNumber,
      email: 'fenna@example.test',
      name: 'Fenna',
    });
    expect(res.status).toBe(201);
    const { withdrawal } = await res.json();
    expect(withdrawal.creditNoteNumber).toMatch(/^CN-2026-\d{4}$/);
    let refund = (await refundOf(placed.invoiceNumber))!;
    expect(refund).toMatchObject({ status: 'pending', providerRefundId: null, attempts: 1 });
    expect(refund.lastError).toContain('503');
    const list = await (
      await t.call('GET', '/api/admin/refunds', undefined, { Cookie: staff })
    ).json();
    expect(list.refunds.find((r: { id: string }) => r.id === refund.id)).toMatchObject({
      creditNoteNumber: withdrawal.creditNoteNumber,
      invoiceNumber: placed.invoiceNumber,
      amount: withdrawal.refund,
      method: 'mollie',
      status: 'pending',
      lastError: expect.stringContaining('503'),
      // Staff see when the server tries again: one minute after the first failure.
      nextAttemptAt: '2026-04-01T10:01:00.000Z',
    });
    // Not due yet: nothing happens.
    expect(await refundsService.retryDue()).toBe(0);
    clock = new Date('2026-04-01T10:02:00Z');
    // Two servers retry at the same moment: one claims it, Mollie is asked once.
    await Promise.all([refundsService.process(refund.id), refundsService.process(refund.id)]);
    await refundsService.retryDue();
    refund = (await refundOf(placed.invoiceNumber))!;
    expect(refund.providerRefundId).toMatch(/^re_/);
    expect(mollie.refundsCreated.length - created).toBe(2); // the failed try and the one retry
    expect(mollie.refunds().filter((r) => r.paymentId === placed.tr)).toHaveLength(1);
  });

  it('two withdrawals of one order at once on two servers: one 201, one 409, one credit note', async () => {
    clock = new Date('2026-04-02T10:00:00Z');
    const placed = await paid(consumer('gijs@example.test'));
    const body = { invoiceNumber: placed.invoiceNumber, email: 'gijs@example.test', name: 'Gijs' };
    const [a, b] = await Promise.all([
      t.call('POST', '/api/withdrawals', body),
      t2.call('POST', '/api/withdrawals', body),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const [invoice] = await t.database.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.number, placed.invoiceNumber));
    expect(
      await t.database.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoice!.id)),
    ).toHaveLength(1);
    expect(
      mollie.refunds().filter((r) => r.paymentId === placed.tr),
      'one Mollie refund',
    ).toHaveLength(1);
  });

  it('a staff credit on a paid invoice is refunded too, and a bank transfer waits for staff', async () => {
    clock = new Date('2026-04-03T10:00:00Z');
    staff = await signIn(t, STAFF.email, STAFF.password);
    // Paid by bank transfer: staff mark it paid.
    const placed = (await (
      await bank.call(
        'POST',
        '/api/checkout',
        consumer('hanna@example.test', { paymentMethod: 'banktransfer' }),
      )
    ).json()) as { invoiceNumber: string };
    expect(
      (
        await bank.call(
          'POST',
          `/api/admin/invoices/${placed.invoiceNumber}/mark-paid`,
          undefined,
          {
            Cookie: staff,
          },
        )
      ).status,
    ).toBe(200);
    const credit = await bank.call(
      'POST',
      `/api/admin/invoices/${placed.invoiceNumber}/credit`,
      { reason: 'Goodwill', lines: [{ index: 1, amount: 1000 }] },
      { Cookie: staff },
    );
    expect(credit.status).toBe(201);
    const refund = (await refundOf(placed.invoiceNumber))!;
    expect(refund).toMatchObject({ method: 'banktransfer', status: 'pending' });
    const [creditMail] = await mails('hanna@example.test', 'credit-note');
    expect(creditMail!.attachments![0]!.filename).toMatch(/^credit-note-CN-2026-\d{4}\.pdf$/);
    const list = await (
      await t.call('GET', '/api/admin/refunds', undefined, { Cookie: staff })
    ).json();
    expect(list.refunds.find((r: { id: string }) => r.id === refund.id).customer).toMatchObject({
      name: 'Anna de Vries',
      email: 'hanna@example.test',
    });
    // Marked refunded once; a second click (or server) changes nothing.
    const mark = () =>
      t.call('POST', `/api/admin/refunds/${refund.id}/mark-refunded`, undefined, { Cookie: staff });
    const [m1, m2] = await Promise.all([mark(), mark()]);
    expect([m1.status, m2.status]).toEqual([200, 200]);
    const done = (await refundOf(placed.invoiceNumber))!;
    expect(done.status).toBe('refunded');
    const [staffUser] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, STAFF.email));
    expect(done.markedBy).toBe(staffUser!.id);
    expect(
      (await t.call('POST', '/api/admin/refunds/nope/mark-refunded', undefined, { Cookie: staff }))
        .status,
    ).toBe(404);
    expect((await t.call('GET', '/api/admin/refunds')).status).toBe(401);
  });
});
