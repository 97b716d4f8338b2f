import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { addUsers, sessionCookie, signIn, STAFF } from '../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { invoices, outbox, subscriptions } from '../db/schema.ts';
import { storedInvoicePdf } from '../services/invoices.ts';

// From an order to the second month's invoice mail, through the API only: checkout, staff
// marking the bank transfer paid, the billing job run by staff (POST /api/admin/billing/run).

let clock = new Date('2026-01-31T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await addUsers(t.database, STAFF);
});
afterAll(async () => {
  await t.close();
});

/** Staff sign in again at the test clock's time (sessions last 30 days). */
async function signInAgain() {
  staff = await signIn(t, STAFF.email, STAFF.password);
}

let staff: string;
describe('recurring billing through the API', () => {
  let client: string;

  it('order on 31 January, paid by bank transfer', async () => {
    const res = await t.call(
      'POST',
      '/api/checkout',
      checkoutBody('renewing@example.test', { lang: 'nl' }),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ invoiceNumber: '2026-0001' });
    client = sessionCookie(res);
    await signInAgain();
    const paid = await t.call('POST', '/api/admin/invoices/2026-0001/mark-paid', undefined, {
      Cookie: staff,
    });
    expect(paid.status).toBe(200);
    const subs = await t.database.db.select().from(subscriptions);
    // hosting, the always-included free concierge (never invoiced: nothing to pay) and the domain
    expect(subs.map((s) => [s.billing, s.price, s.status, s.startDate]).sort()).toEqual([
      ['monthly', 0, 'active', '2026-01-31'],
      ['monthly', 3000, 'active', '2026-01-31'],
      ['yearly', 1500, 'active', '2026-01-31'],
    ]);
  });

  it('POST /api/admin/billing/run is for staff, with a valid day', async () => {
    expect((await t.call('POST', '/api/admin/billing/run', {})).status).toBe(401);
    expect((await t.call('POST', '/api/admin/billing/run', {}, { Cookie: client })).status).toBe(
      403,
    );
    const bad = await t.call(
      'POST',
      '/api/admin/billing/run',
      { asOf: '2026-02-30' },
      { Cookie: staff },
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { asOf: 'form.validation.invalid' } },
    });
    const malformed = await t.call('POST', '/api/admin/billing/run', '{', { Cookie: staff });
    expect(malformed.status).toBe(400);
  });

  it('nothing is due before the first renewal', async () => {
    const res = await t.call(
      'POST',
      '/api/admin/billing/run',
      { asOf: '2026-02-27' },
      { Cookie: staff },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ issued: [], reminded: [] });
  });

  it("the second month's invoice on 28 February is mailed with its PDF and pay link", async () => {
    clock = new Date('2026-02-28T06:00:00Z');
    // No body: as of today (Amsterdam).
    const res = await t.call('POST', '/api/admin/billing/run', undefined, { Cookie: staff });
    expect(await res.json()).toEqual({ issued: ['2026-0002'], reminded: [] });
    const again = await t.call('POST', '/api/admin/billing/run', undefined, { Cookie: staff });
    expect(await again.json()).toEqual({ issued: [], reminded: [] });

    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'renewal-invoice'))
      .orderBy(asc(outbox.id));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe('renewing@example.test');
    expect(mail.lang).toBe('nl');
    expect(mail.subject).toBe('Factuur 2026-0002 voor je abonnementen');
    expect(mail.text).toContain('Hallo Anna,');
    expect(mail.text).toContain('http://localhost:3000/pay/2026-0002?lang=nl');
    expect(mail.text.replace(/\u00a0/g, ' ')).toContain('Totaal: € 30,00');
    // The PDF was rendered once and stored; the mail refers to it (attached at delivery).
    expect(mail.attachments).toEqual([
      expect.objectContaining({
        filename: 'invoice-2026-0002.pdf',
        contentType: 'application/pdf',
        invoiceId: expect.any(String),
      }),
    ]);
    const [invoiceRow] = await t.database.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.number, '2026-0002'));
    const stored = await storedInvoicePdf(t.database.db, invoiceRow!.id);
    expect(Buffer.from(stored!, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    // The invoice carries its period; the customer can read it, and pay it on /pay.
    const invoice = await t.call('GET', '/api/invoices/2026-0002', undefined, { Cookie: client });
    expect(invoice.status).toBe(200);
    expect(await invoice.json()).toMatchObject({
      number: '2026-0002',
      issueDate: '2026-02-28',
      dueDate: '2026-03-14',
      status: 'open',
      total: 3000,
      lines: [
        {
          description: 'Compleet Websitepakket, 28 februari 2026 t/m 30 maart 2026',
          billing: 'monthly',
          amount: 3000,
          periodStart: '2026-02-28',
          periodEnd: '2026-03-30',
        },
      ],
      payment: { provider: 'banktransfer', status: 'open' },
    });
  });

  it('staff see the overdue money, and the customer gets one overdue reminder', async () => {
    clock = new Date('2026-03-20T09:00:00Z');
    const summary = await t.call('GET', '/api/admin/billing', undefined, { Cookie: staff });
    expect(await summary.json()).toEqual({
      overdue: { count: 1, total: 3000 },
      open: { count: 1, total: 3000 },
    });
    expect((await t.call('GET', '/api/admin/billing', undefined, { Cookie: client })).status).toBe(
      403,
    );
    await t.call('POST', '/api/admin/billing/run', { asOf: '2026-03-27' }, { Cookie: staff });
    await t.call('POST', '/api/admin/billing/run', { asOf: '2026-03-28' }, { Cookie: staff });
    await t.call('POST', '/api/admin/billing/run', { asOf: '2026-03-29' }, { Cookie: staff });
    const reminders = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'overdue-reminder'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe('Herinnering: factuur 2026-0002 staat nog open');
    expect(reminders[0]!.text).toContain('http://localhost:3000/pay/2026-0002?lang=nl');
  });

  it('paying the renewal by bank transfer sends one "payment received" mail', async () => {
    const before = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'payment-received'));
    await signInAgain();
    for (let i = 0; i < 2; i++)
      expect(
        (
          await t.call('POST', '/api/admin/invoices/2026-0002/mark-paid', undefined, {
            Cookie: staff,
          })
        ).status,
      ).toBe(200);
    const after = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'payment-received'));
    expect(after.length - before.length).toBe(1);
    expect(after.at(-1)!.to).toBe('renewing@example.test');
    expect(after.at(-1)!.subject).toContain('2026-0002');
  });

  it('the third month follows on 31 March; the domain renews a year on, reminded first', async () => {
    await signInAgain();
    const march = await t.call(
      'POST',
      '/api/admin/billing/run',
      { asOf: '2026-03-31' },
      { Cookie: staff },
    );
    expect(await march.json()).toEqual({ issued: ['2026-0003'], reminded: [] });
    const [domain] = await t.database.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.billing, 'yearly'));
    const reminder = await t.call(
      'POST',
      '/api/admin/billing/run',
      { asOf: '2027-01-17' },
      { Cookie: staff },
    );
    // The monthly periods of April to January come due on that run as well (one invoice).
    expect(await reminder.json()).toEqual({ issued: ['2027-0001'], reminded: [domain!.id] });
  });
});
