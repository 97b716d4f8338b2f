import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, ticketMessages, tickets } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { addUsers, postLead, signIn, STAFF, verifyEmail } from '../../tests/helpers/accounts.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { readPdf } from '../../tests/helpers/pdf-text.ts';
import { billingSettings } from '../invoices/invoice-pdf.ts';

const NOW = new Date('2026-03-10T10:00:00Z');
let t: TestApp;
let staff = '';
let client = '';

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  await addUsers(t.database, STAFF);
  for (const email of ['ann@example.test', 'bob@example.test', 'cor@example.test'])
    expect((await t.call('POST', '/api/checkout', checkoutBody(email))).status).toBe(201);
  await postLead(t, { name: 'Ann', email: 'ann@example.test' });
  await postLead(t, { name: 'Dan', email: 'dan@example.test' });
  staff = await signIn(t, STAFF.email, STAFF.password);
  client = await signIn(t, 'ann@example.test', 'a-good-password');
  // Ann proved her address, so the tickets sent with it are hers (API.md section 13).
  await verifyEmail(t, 'ann@example.test');
});
afterAll(async () => {
  await t.close();
});

const as = (cookie: string) => ({ Cookie: cookie });

describe('staff only', () => {
  it.each([
    ['GET', '/api/admin/invoices'],
    ['GET', '/api/admin/overview'],
    ['GET', '/api/admin/tables/orders'],
    ['POST', '/api/admin/tickets/00000000-0000-4000-8000-000000000000/reply'],
    ['PATCH', '/api/admin/tickets/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/admin/outbox/1/resend'],
    ['GET', '/api/admin/outbox/1/attachments/0'],
  ])('%s %s: 401 without a session, 403 for a client', async (method, path) => {
    const body = method === 'GET' ? undefined : { message: 'x', status: 'open' };
    expect((await t.call(method, path, body)).status).toBe(401);
    expect((await t.call(method, path, body, as(client))).status).toBe(403);
  });
});

describe('GET /api/admin/invoices', () => {
  it('lists every invoice newest first with the client and lines', async () => {
    const res = await t.call('GET', '/api/admin/invoices', undefined, as(staff));
    expect(res.status).toBe(200);
    const { invoices } = await res.json();
    expect(invoices.map((i: { number: string }) => i.number)).toEqual([
      '2026-0003',
      '2026-0002',
      '2026-0001',
    ]);
    expect(invoices[2]).toMatchObject({
      clientEmail: 'ann@example.test',
      issueDate: '2026-03-10',
      status: 'open',
      total: expect.any(Number),
      lines: expect.arrayContaining([expect.objectContaining({ amount: expect.any(Number) })]),
    });
  });
});

describe('GET /api/admin/tables/{table}', () => {
  it('searches, pages and sorts on the server', async () => {
    const search = await (
      await t.call('GET', '/api/admin/tables/orders?q=bob', undefined, as(staff))
    ).json();
    expect(search.total).toBe(1);
    expect(search.rows[0]).toMatchObject({ email: 'bob@example.test', invoiceNumber: '2026-0002' });

    const page2 = await (
      await t.call(
        'GET',
        '/api/admin/tables/invoices?pageSize=2&page=2&sort=number&dir=asc',
        undefined,
        as(staff),
      )
    ).json();
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2, sort: 'number', dir: 'asc' });
    expect(page2.rows.map((r: { number: string }) => r.number)).toEqual(['2026-0003']);
    // What staff may mark paid by hand: the provider of the invoice's latest payment.
    expect(page2.rows[0].paymentProvider).toBe('banktransfer');

    const wildcard = await (
      await t.call('GET', '/api/admin/tables/leads?q=%25', undefined, as(staff))
    ).json();
    expect(wildcard.total).toBe(0);

    expect((await t.call('GET', '/api/admin/tables/users', undefined, as(staff))).status).toBe(404);
    expect(
      (await t.call('GET', '/api/admin/tables/orders?pageSize=1000', undefined, as(staff))).status,
    ).toBe(400);
  });
});

describe('tickets: reply and status', () => {
  it('mails the reply in the customer’s language, keeps it on the ticket and marks it answered', async () => {
    const created = await t.call('POST', '/api/contact?lang=nl', {
      name: 'Ann',
      email: 'ann@example.test',
      message: 'Mijn mail werkt niet',
    });
    const { ticketId } = await created.json();
    const res = await t.call(
      'POST',
      `/api/admin/tickets/${ticketId}/reply?lang=en`,
      { message: 'We hebben het opgelost.' },
      as(staff),
    );
    expect(res.status).toBe(201);
    expect((await res.json()).status).toBe('answered');
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'ticket-reply'))
      .orderBy(desc(outbox.id));
    expect(mail).toMatchObject({ to: 'ann@example.test', lang: 'nl' });
    expect(mail!.subject).toMatch(/^Re: je bericht \(ticket [0-9A-F]{8}\)$/);
    expect(mail!.text).toContain('We hebben het opgelost.');
    expect(mail!.text).toContain('> Mijn mail werkt niet');
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket!.status).toBe('answered');
    const kept = await t.database.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticketId));
    expect(kept).toMatchObject([
      { author: 'staff', body: 'We hebben het opgelost.', outboxId: mail!.id },
    ]);

    // The customer sees the reply in their client area.
    const mine = await (await t.call('GET', '/api/account/tickets', undefined, as(client))).json();
    expect(mine.tickets[0].messages).toEqual([
      expect.objectContaining({ author: 'staff', body: 'We hebben het opgelost.' }),
    ]);
    // Staff see it too, in the tickets table with the ticket's thread.
    const table = await (
      await t.call('GET', '/api/admin/tables/tickets?q=ann%40example.test', undefined, as(staff))
    ).json();
    const row = table.rows.find((r: { id: string }) => r.id === ticketId);
    expect(row.messages).toEqual([
      { author: 'staff', body: 'We hebben het opgelost.', createdAt: expect.any(String) },
    ]);

    const patch = await t.call(
      'PATCH',
      `/api/admin/tickets/${ticketId}`,
      { status: 'closed' },
      as(staff),
    );
    expect(patch.status).toBe(200);
    expect((await patch.json()).ticket.status).toBe('closed');
    const bad = await t.call(
      'PATCH',
      `/api/admin/tickets/${ticketId}`,
      { status: 'gone' },
      as(staff),
    );
    expect(bad.status).toBe(400);
    const empty = await t.call(
      'POST',
      `/api/admin/tickets/${ticketId}/reply`,
      { message: ' ' },
      as(staff),
    );
    expect(empty.status).toBe(400);
    const missing = await t.call(
      'POST',
      '/api/admin/tickets/00000000-0000-4000-8000-000000000000/reply',
      { message: 'hi' },
      as(staff),
    );
    expect(missing.status).toBe(404);
  });
});

describe('POST /api/admin/outbox/{id}/resend', () => {
  it('queues a failed mail again', async () => {
    const [mail] = await t.database.db.select().from(outbox).limit(1);
    await t.database.write((tx) =>
      tx
        .update(outbox)
        .set({
          status: 'failed',
          attempts: 8,
          lastError: 'refused',
          failure: 'rejected',
          failingSince: new Date('2026-01-01T00:00:00Z'),
        })
        .where(eq(outbox.id, mail!.id)),
    );
    const res = await t.call('POST', `/api/admin/outbox/${mail!.id}/resend`, undefined, as(staff));
    expect(res.status).toBe(202);
    const [after] = await t.database.db.select().from(outbox).where(eq(outbox.id, mail!.id));
    // A fresh start: due now, and the 5 days of retries count from its next failure.
    expect(after).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastError: null,
      failure: null,
      failingSince: null,
      nextAttemptAt: null,
    });
    expect(
      (await t.call('POST', '/api/admin/outbox/999999/resend', undefined, as(staff))).status,
    ).toBe(404);
  });
});

describe('GET /api/admin/tables/outbox (issue 38 item 4)', () => {
  it('tells staff why a mail waits: its tries, the next one and the reason', async () => {
    const [mail] = await t.database.db.select().from(outbox).limit(1);
    const next = new Date('2030-01-02T03:04:05Z');
    await t.database.write((tx) =>
      tx
        .update(outbox)
        .set({
          status: 'pending',
          attempts: 9,
          lastError: 'connect ECONNREFUSED 127.0.0.1:587',
          failure: 'unreachable',
          failingSince: new Date('2030-01-01T00:00:00Z'),
          nextAttemptAt: next,
        })
        .where(eq(outbox.id, mail!.id)),
    );
    const table = await t.call(
      'GET',
      '/api/admin/tables/outbox?pageSize=100',
      undefined,
      as(staff),
    );
    const rows = (await table.json()).rows as Array<Record<string, unknown>>;
    expect(rows.find((r) => r.id === mail!.id)).toMatchObject({
      status: 'pending',
      attempts: 9,
      failure: 'unreachable',
      lastError: 'connect ECONNREFUSED 127.0.0.1:587',
      nextAttemptAt: next.toISOString(),
      failingSince: '2030-01-01T00:00:00.000Z',
    });
  });
});

describe('GET /api/admin/outbox/{id}/attachments/{index}', () => {
  it("opens a mail's attachment as the customer gets it: the order confirmation's invoice PDF", async () => {
    // The outbox table names each mail's attachments (not their bytes)...
    const table = await t.call(
      'GET',
      '/api/admin/tables/outbox?q=ann%40example.test',
      undefined,
      as(staff),
    );
    const rows = (await table.json()).rows as Array<{
      id: number;
      kind: string;
      attachments: Array<{ filename: string; contentType: string }>;
    }>;
    const confirmation = rows.find((r) => r.kind === 'order-confirmation')!;
    expect(confirmation.attachments).toEqual([
      { filename: expect.stringMatching(/\.pdf$/), contentType: 'application/pdf' },
      // The UBL e-invoice next to it (issue 43), also made at delivery.
      { filename: expect.stringMatching(/\.xml$/), contentType: 'application/xml' },
    ]);
    // ...and each opens: the invoice's PDF is read at delivery, so it is drawn from the invoice.
    await t.invoicePdfs.settled();
    const res = await t.call(
      'GET',
      `/api/admin/outbox/${confirmation.id}/attachments/0`,
      undefined,
      as(staff),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="${confirmation.attachments[0]!.filename}"`,
    );
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(readPdf(pdf).text).toContain('ann@example.test');
    const ubl = await t.call(
      'GET',
      `/api/admin/outbox/${confirmation.id}/attachments/1`,
      undefined,
      as(staff),
    );
    expect(ubl.status).toBe(200);
    expect(await ubl.text()).toContain('<cbc:CustomizationID>');
    for (const path of [
      `/api/admin/outbox/${confirmation.id}/attachments/2`,
      `/api/admin/outbox/${confirmation.id}/attachments/-1`,
      '/api/admin/outbox/999999/attachments/0',
      '/api/admin/outbox/x/attachments/0',
    ])
      expect((await t.call('GET', path, undefined, as(staff))).status, path).toBe(404);
  });
});

describe('GET /api/admin/overview', () => {
  it('counts orders per month, open invoices, leads, tickets and the conversion', async () => {
    const res = await t.call('GET', '/api/admin/overview', undefined, as(staff));
    const figures = await res.json();
    expect(figures.months).toHaveLength(12);
    expect(figures.months.at(-1)).toEqual({ month: '2026-03', orders: 3, revenue: 0 });
    expect(figures.openInvoices.count).toBe(3);
    // Issued today, due in 14 days: open, nothing overdue yet.
    expect(figures.overdueInvoices).toEqual({ count: 0, total: 0 });
    expect(figures.newLeads).toBe(2);
    // Ann ordered (at the same moment as her lead, in this test's clock); Dan did not.
    expect(figures.conversion).toEqual({ leads: 2, converted: 1, rate: 50 });
    // This app has neither BANK_IBAN (nor Mollie) nor SMTP_URL, nor the seller's address and KvK
    // number: the overview says so.
    expect(figures.setup).toEqual(['bankDetails', 'smtp', 'sellerDetails']);
  });

  it("names no setup gap once bank details, SMTP and the seller's details are configured", async () => {
    const config = { BANK_IBAN: 'NL91ABNA0417164300', SMTP_URL: 'smtp://127.0.0.1:2525' };
    const billing = billingSettings({
      ...config,
      COMPANY_ADDRESS: 'Damrak 1, 1012 LG Amsterdam',
      COMPANY_KVK: '12345678',
    });
    const configured = await createTestApp({ now: () => NOW, billing }, config);
    try {
      await addUsers(configured.database, STAFF);
      const cookie = await signIn(configured, STAFF.email, STAFF.password);
      const res = await configured.call('GET', '/api/admin/overview', undefined, as(cookie));
      expect((await res.json()).setup).toEqual([]);
    } finally {
      await configured.close();
    }
  });
});
