import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { addUsers, sessionCookie, signIn, STAFF } from '../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { invoices, outbox, subscriptions } from '../db/schema.ts';
import { DEFAULT_BILLING } from '../invoices/invoice-pdf.ts';
import { invoicePdfResolver, storedInvoicePdf } from '../invoices/invoices.ts';

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

  it('the customer moves: the billing details change in the client area', async () => {
    const moved = await t.call(
      'PUT',
      '/api/account/billing',
      {
        firstname: 'Anna',
        lastname: 'de Vries',
        company: 'Anna BV',
        address1: 'Keizersgracht 100',
        postalcode: '1015 CV',
        city: 'Amsterdam',
        country: 'NL',
        kvk: '87654321',
      },
      { Cookie: client },
    );
    expect(moved.status).toBe(200);
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
    // The mail refers to the invoice's PDF, attached at delivery; the job draws no PDF (P12):
    // the mailer's resolver, or the first download, renders it once and stores it.
    expect(mail.attachments).toEqual([
      expect.objectContaining({
        filename: 'invoice-2026-0002.pdf',
        contentType: 'application/pdf',
        invoiceId: expect.any(String),
      }),
      // The UBL e-invoice next to the PDF (issue 43).
      expect.objectContaining({
        filename: 'invoice-2026-0002.xml',
        contentType: 'application/xml',
        invoiceId: expect.any(String),
      }),
    ]);
    const [invoiceRow] = await t.database.db
      .select({ id: invoices.id, buyer: invoices.buyer })
      .from(invoices)
      .where(eq(invoices.number, '2026-0002'));
    // Addressed with the details on file on the day of issue; the order's invoice keeps its own.
    expect(invoiceRow!.buyer.lines).toEqual([
      'Keizersgracht 100',
      '1015 CV Amsterdam',
      'Nederland',
    ]);
    const [first] = await t.database.db
      .select({ buyer: invoices.buyer })
      .from(invoices)
      .where(eq(invoices.number, '2026-0001'));
    expect(first!.buyer.lines[0]).toBe('Damrak 1');
    expect(await storedInvoicePdf(t.database.db, invoiceRow!.id)).toBeNull();
    const attached = await invoicePdfResolver(
      t.database,
      DEFAULT_BILLING.bank,
    )(mail.attachments[0]!);
    expect(Buffer.from(attached.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const stored = await storedInvoicePdf(t.database.db, invoiceRow!.id);
    expect(stored).toBe(attached.content);
    const download = await t.call('GET', '/api/invoices/2026-0002?format=pdf', undefined, {
      Cookie: client,
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).toString('base64')).toBe(stored);

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
    // The overview shows the same money (one count behind both).
    const overview = await (
      await t.call('GET', '/api/admin/overview', undefined, { Cookie: staff })
    ).json();
    expect(overview).toMatchObject({
      openInvoices: { count: 1, total: 3000 },
      overdueInvoices: { count: 1, total: 3000 },
    });
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

  it('staff see renewal invoices with their period; search, paging and sorting stay on the server', async () => {
    await signInAgain();
    const table = async (query: string) => {
      const res = await t.call('GET', `/api/admin/tables/invoices?${query}`, undefined, {
        Cookie: staff,
      });
      expect(res.status).toBe(200);
      return res.json() as Promise<{
        rows: Array<{
          number: string;
          kind: string;
          periodStart: string | null;
          periodEnd: string | null;
        }>;
        total: number;
        sort: string;
        dir: string;
      }>;
    };
    const rows = (page: Awaited<ReturnType<typeof table>>) =>
      page.rows.map((r) => [r.number, r.kind, r.periodStart, r.periodEnd]);
    const byPeriod = await table('sort=period&dir=asc');
    expect(byPeriod).toMatchObject({ total: 4, sort: 'period', dir: 'asc' });
    expect(rows(byPeriod)).toEqual([
      ['2026-0001', 'order', null, null],
      ['2026-0002', 'renewal', '2026-02-28', '2026-03-30'],
      ['2026-0003', 'renewal', '2026-03-31', '2026-04-29'],
      // April to January on one invoice: from the first period's start to the last one's end.
      ['2027-0001', 'renewal', '2026-04-30', '2027-01-30'],
    ]);
    expect(rows(await table('sort=period&dir=desc')).map((r) => r[0])).toEqual([
      '2027-0001',
      '2026-0003',
      '2026-0002',
      '2026-0001',
    ]);
    expect(rows(await table('sort=period&dir=asc&pageSize=1&page=2'))).toEqual([
      ['2026-0002', 'renewal', '2026-02-28', '2026-03-30'],
    ]);
    const found = await table('q=2027-');
    expect(found.total).toBe(1);
    expect(rows(found)).toEqual([['2027-0001', 'renewal', '2026-04-30', '2027-01-30']]);
  });

  it('the customer and staff see the next invoice day the job then uses', async () => {
    clock = new Date('2027-01-20T09:00:00Z');
    await signInAgain();
    const client = await signIn(t, 'renewing@example.test', 'a-good-password');
    type Sub = { id: string; billing: string; price: number; nextInvoiceOn: string | null };
    const own = (await (
      await t.call('GET', '/api/account/subscriptions', undefined, { Cookie: client })
    ).json()) as { subscriptions: Sub[] };
    const table = (await (
      await t.call(
        'GET',
        '/api/admin/tables/subscriptions?q=renewing%40example.test&sort=price&dir=desc',
        undefined,
        { Cookie: staff },
      )
    ).json()) as { rows: Array<Sub & { clientEmail: string }>; total: number };
    expect(table.total).toBe(3);
    expect(table.rows.map((r) => [r.billing, r.price, r.nextInvoiceOn])).toEqual([
      // billed through the period of 31 December: next is 31 January
      ['monthly', 3000, '2027-01-31'],
      // the domain's first renewal, a year after the order
      ['yearly', 1500, '2027-01-31'],
      // the free concierge is never invoiced
      ['monthly', 0, null],
    ]);
    for (const row of table.rows)
      expect(own.subscriptions.find((s) => s.id === row.id)!.nextInvoiceOn).toBe(row.nextInvoiceOn);
    // Not a day before: nothing; on the day: exactly those periods.
    const before = await t.call(
      'POST',
      '/api/admin/billing/run',
      { asOf: '2027-01-30' },
      {
        Cookie: staff,
      },
    );
    expect((await before.json()).issued).toEqual([]);
    const onTheDay = await t.call(
      'POST',
      '/api/admin/billing/run',
      { asOf: '2027-01-31' },
      {
        Cookie: staff,
      },
    );
    const [number] = (await onTheDay.json()).issued;
    const invoice = await (
      await t.call('GET', `/api/invoices/${number}`, undefined, { Cookie: client })
    ).json();
    expect(invoice.lines.map((l: { periodStart: string }) => l.periodStart)).toEqual([
      '2027-01-31',
      '2027-01-31',
    ]);
  });
});
