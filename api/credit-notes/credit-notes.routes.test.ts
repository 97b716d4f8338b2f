import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { addUsers, sessionCookie, signIn, STAFF } from '../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { readPdf } from '../../tests/helpers/pdf-text.ts';
import { creditNotes, invoices, outbox } from '../db/schema.ts';

// Credit notes through the API (issue 42, API.md section 10), on PGlite and, with DATABASE_URL,
// on PostgreSQL: staff credit an invoice per line and in full, never more than is left; the
// customer sees the credit note (JSON, PDF, the invoice list), nobody else does; the series is
// gap-free under concurrent issuing; the database refuses to change or delete a credit note; an
// open invoice credited in full is no longer due (no reminders, no pay link).

let clock = new Date('2026-03-02T10:00:00Z');
let t: TestApp;
let staff: string;
/** Anna (Dutch), invoice 2026-0001; Bob (English), invoice 2026-0002. */
let anna: string;
let bob: string;
type Invoice = { number: string; lines: Array<{ amount: number }>; total: number; vat: number };
let annaInvoice: Invoice;
let bobInvoice: Invoice;

const credit = (number: string, body: unknown, headers: Record<string, string> = {}) =>
  t.call('POST', `/api/admin/invoices/${number}/credit`, body, { Cookie: staff, ...headers });
const get = (path: string, cookie?: string) =>
  t.call('GET', path, undefined, cookie ? { Cookie: cookie } : {});

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await addUsers(t.database, STAFF);
  const a = await t.call(
    'POST',
    '/api/checkout',
    checkoutBody('anna@example.test', { lang: 'nl' }),
  );
  expect(a.status).toBe(201);
  anna = sessionCookie(a);
  const b = await t.call(
    'POST',
    '/api/checkout',
    checkoutBody('bob@example.test', {
      lang: 'en',
      domain: undefined,
      planData: {
        products: [16],
        billingCycle: 'monthly',
        domainType: 'register',
        domain: 'bob-builds.nl',
      },
    }),
  );
  expect(b.status).toBe(201);
  bob = sessionCookie(b);
  staff = await signIn(t, STAFF.email, STAFF.password);
  annaInvoice = await (await get('/api/invoices/2026-0001', anna)).json();
  bobInvoice = await (await get('/api/invoices/2026-0002', bob)).json();
  // The free concierge (0), the website package and the domain.
  expect(annaInvoice.lines.map((l) => l.amount)).toEqual([0, 3000, 1500]);
  expect(annaInvoice.total).toBeGreaterThan(0);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/admin/invoices/{number}/credit', () => {
  it('is for staff only', async () => {
    const body = { reason: 'Wrong price' };
    expect((await t.call('POST', '/api/admin/invoices/2026-0001/credit', body)).status).toBe(401);
    expect(
      (await t.call('POST', '/api/admin/invoices/2026-0001/credit', body, { Cookie: anna })).status,
    ).toBe(403);
    expect(await t.database.db.select().from(creditNotes)).toHaveLength(0);
  });

  it('answers 400 to hostile or wrong-type input and 404 to an unknown invoice', async () => {
    for (const body of [
      {},
      { reason: '   ' },
      { reason: 42 },
      { reason: 'x'.repeat(501) },
      { reason: 'ok', lines: [] },
      { reason: 'ok', lines: 'all' },
      { reason: 'ok', lines: [{ index: -1, amount: 100 }] },
      { reason: 'ok', lines: [{ index: 0, amount: 0 }] },
      { reason: 'ok', lines: [{ index: 0, amount: -100 }] },
      { reason: 'ok', lines: [{ index: 0, amount: 1.5 }] },
      { reason: 'ok', lines: [{ index: '0', amount: 100 }] },
      { reason: 'ok', lines: [{ index: 99, amount: 100 }] },
    ]) {
      const res = await credit('2026-0001', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error.code).toBe('VALIDATION_FAILED');
    }
    expect((await credit('2026-0001', '{')).status).toBe(400);
    expect((await credit('2026-9999', { reason: 'x' })).status).toBe(404);
    expect((await credit('..%2F2026-0001', { reason: 'x' })).status).toBe(404);
    expect(await t.database.db.select().from(creditNotes)).toHaveLength(0);
  });

  it('credits part of one line: negative amounts, the VAT as on the invoice', async () => {
    const res = await credit(
      '2026-0001',
      { reason: 'Korting op hosting', lines: [{ index: 1, amount: 1000 }] },
      { 'Idempotency-Key': 'credit-anna-first' },
    );
    expect(res.status).toBe(201);
    const { creditNote } = await res.json();
    const vat = Math.round((1000 * (annaInvoice as unknown as { vatRate: number }).vatRate) / 100);
    expect(creditNote).toEqual({
      number: 'CN-2026-0001',
      issueDate: '2026-03-02',
      invoiceNumber: '2026-0001',
      invoiceDate: '2026-03-02',
      reason: 'Korting op hosting',
      lines: [{ displayName: expect.any(String), amount: -1000 }],
      subtotal: -1000,
      vatRate: (annaInvoice as unknown as { vatRate: number }).vatRate,
      vat: 0 - vat,
      total: -1000 - vat,
    });
    // A partial credit leaves the invoice due.
    const invoice = await (await get('/api/invoices/2026-0001', anna)).json();
    expect(invoice.status).toBe('open');
  });

  it('honours Idempotency-Key: a retry gets the first answer and issues nothing', async () => {
    const again = await credit(
      '2026-0001',
      { reason: 'Korting op hosting', lines: [{ index: 1, amount: 1000 }] },
      { 'Idempotency-Key': 'credit-anna-first' },
    );
    expect(again.status).toBe(201);
    expect((await again.json()).creditNote.number).toBe('CN-2026-0001');
    const other = await credit(
      '2026-0001',
      { reason: 'Something else', lines: [{ index: 1, amount: 1000 }] },
      { 'Idempotency-Key': 'credit-anna-first' },
    );
    expect(other.status).toBe(422);
    expect(await t.database.db.select().from(creditNotes)).toHaveLength(1);
  });

  it('refuses more than a line has left: 409 NOTHING_TO_CREDIT, in the staff language', async () => {
    const left = annaInvoice.lines[1]!.amount - 1000;
    const body = { reason: 'Too much', lines: [{ index: 1, amount: left + 1 }] };
    const res = await credit('2026-0001', body, { 'Accept-Language': 'nl' });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({
      code: 'NOTHING_TO_CREDIT',
      message: 'Dat is meer dan er op deze factuur nog te crediteren valt.',
    });
    const english = await credit('2026-0001', body, { 'Accept-Language': 'en' });
    expect((await english.json()).error.message).toBe(
      'That is more than is left to credit on this invoice.',
    );
    expect(await t.database.db.select().from(creditNotes)).toHaveLength(1);
  });

  it('credits the rest in full; the open invoice is then credited, not due, not payable', async () => {
    const res = await credit('2026-0001', { reason: 'Order cancelled' });
    expect(res.status).toBe(201);
    const { creditNote } = await res.json();
    expect(creditNote.number).toBe('CN-2026-0002');
    expect(creditNote.lines[0].amount).toBe(-(annaInvoice.lines[1]!.amount - 1000));
    // Both credit notes together are exactly the invoice.
    const notes = await t.database.db.select().from(creditNotes).orderBy(asc(creditNotes.sequence));
    expect(notes.reduce((sum, n) => sum + n.total, 0)).toBe(-annaInvoice.total);
    expect(notes.reduce((sum, n) => sum + n.vat, 0)).toBe(0 - annaInvoice.vat);

    const invoice = await (await get('/api/invoices/2026-0001', anna)).json();
    expect(invoice.status).toBe('credited');
    expect(invoice.payment?.checkoutUrl ?? null).toBeNull();

    const nothing = await credit('2026-0001', { reason: 'Once more' });
    expect(nothing.status).toBe(409);
    expect((await nothing.json()).error.code).toBe('NOTHING_TO_CREDIT');
    // Nor can it be marked paid by hand any more.
    const paid = await t.call('POST', '/api/admin/invoices/2026-0001/mark-paid', undefined, {
      Cookie: staff,
    });
    expect(paid.status).toBe(409);
    expect((await paid.json()).error.fields).toEqual({ number: 'admin.orders.credited' });
  });

  it('the client area lists the credit notes beside the invoices; the credited one has no pay link', async () => {
    const res = await get('/api/account/invoices', anna);
    expect(res.status).toBe(200);
    const { invoices: list } = await res.json();
    expect(
      list.map((e: { kind: string; number: string; status: string }) => [
        e.kind,
        e.number,
        e.status,
      ]),
    ).toEqual([
      ['creditNote', 'CN-2026-0002', 'credited'],
      ['creditNote', 'CN-2026-0001', 'credited'],
      ['invoice', '2026-0001', 'credited'],
    ]);
    const entry = list.find((e: { number: string }) => e.number === '2026-0001');
    expect(entry.payLink).toBeNull();
    expect(list[0]).toMatchObject({ invoiceNumber: '2026-0001', dueDate: null, payLink: null });
    // Bob's list is his own: his open invoice with its pay link, none of Anna's credit notes.
    const bobs = (await (await get('/api/account/invoices', bob)).json()).invoices;
    expect(bobs).toEqual([
      expect.objectContaining({
        kind: 'invoice',
        number: '2026-0002',
        status: 'open',
        payLink: expect.stringContaining('/pay/2026-0002'),
      }),
    ]);
  });

  it('the staff invoices table shows each invoice with its credit notes', async () => {
    const res = await get('/api/admin/invoices', staff);
    const { invoices: rows } = await res.json();
    const row = rows.find((r: { number: string }) => r.number === '2026-0001');
    expect(row.status).toBe('credited');
    expect(row.creditNotes.map((n: { number: string }) => n.number)).toEqual([
      'CN-2026-0001',
      'CN-2026-0002',
    ]);
    const other = rows.find((r: { number: string }) => r.number === '2026-0002');
    expect(other.creditNotes).toEqual([]);
  });
});

describe('an open invoice credited in full gets no reminders', () => {
  it('the billing job reminds only the invoice still due', async () => {
    // Both invoices are long overdue; only Bob's is still due.
    clock = new Date('2026-04-20T09:00:00Z');
    // Sessions last 30 days: everyone signs in again at the new time.
    staff = await signIn(t, STAFF.email, STAFF.password);
    anna = await signIn(t, 'anna@example.test', 'a-good-password');
    bob = await signIn(t, 'bob@example.test', 'a-good-password');
    await t.call('POST', '/api/admin/billing/run', { asOf: '2026-04-20' }, { Cookie: staff });
    const reminders = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'overdue-reminder'));
    expect(reminders.map((r) => r.to)).toEqual(['bob@example.test']);
  });
});

describe('GET /api/credit-notes/{number}', () => {
  it('shows the owner and staff the credit note as JSON and PDF; anyone else 404', async () => {
    const own = await get('/api/credit-notes/CN-2026-0001', anna);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({
      number: 'CN-2026-0001',
      invoiceNumber: '2026-0001',
      invoiceDate: '2026-03-02',
      reason: 'Korting op hosting',
      subtotal: -1000,
    });
    expect((await get('/api/credit-notes/CN-2026-0001', staff)).status).toBe(200);
    for (const cookie of [bob, undefined]) {
      const res = await get('/api/credit-notes/CN-2026-0001', cookie);
      expect(res.status).toBe(404);
      expect((await get('/api/credit-notes/CN-2026-0001?format=pdf', cookie)).status).toBe(404);
    }
    expect((await get('/api/credit-notes/CN-2026-0999', anna)).status).toBe(404);
    expect((await get('/api/credit-notes/2026-0001', anna)).status).toBe(404);

    const pdf = await get('/api/credit-notes/CN-2026-0001?format=pdf', anna);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = readPdf(new Uint8Array(await pdf.arrayBuffer())).text;
    expect(text).toContain('Creditnota');
    expect(text).toContain('CN-2026-0001');
    expect(text).toContain('2026-0001');
    expect(text).toContain('Korting op hosting');
    expect(text).not.toContain('Factuurnummer');
  });
});

describe('the credit-note series', () => {
  it('stays gap-free with 10 credit notes issued at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        credit('2026-0002', { reason: `Goodwill ${i}`, lines: [{ index: 1, amount: 1 }] }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const numbers = (await Promise.all(results.map((r) => r.json()))).map(
      (b: { creditNote: { number: string } }) => b.creditNote.number,
    );
    expect(numbers.sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `CN-2026-${String(i + 3).padStart(4, '0')}`),
    );
    const rows = await t.database.db.select().from(creditNotes).orderBy(asc(creditNotes.sequence));
    expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('at once, over-credits are refused and leave no gap; the invoice series is its own', async () => {
    const left = bobInvoice.lines[1]!.amount - 10;
    const share = Math.floor(left / 2) + 1; // only one of these fits
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        credit('2026-0002', { reason: 'Half', lines: [{ index: 1, amount: share }] }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await t.database.db.select().from(creditNotes).orderBy(asc(creditNotes.sequence));
    expect(rows.map((r) => r.number).at(-1)).toBe('CN-2026-0013');
    const next = await t.call(
      'POST',
      '/api/checkout',
      checkoutBody('carol@example.test', {
        planData: {
          products: [16],
          billingCycle: 'monthly',
          domainType: 'register',
          domain: 'carol-shop.nl',
        },
      }),
    );
    expect(next.status).toBe(201);
    expect((await next.json()).invoiceNumber).toBe('2026-0003');
  });

  it('an issued credit note cannot be changed or deleted in the database', async () => {
    await expect(
      t.database.write((tx) =>
        tx
          .update(creditNotes)
          .set({ reason: 'edited' })
          .where(eq(creditNotes.number, 'CN-2026-0001')),
      ),
    ).rejects.toSatisfy((error: Error & { cause?: unknown }) =>
      /never change/.test(String(error.cause ?? error.message)),
    );
    await expect(
      t.database.write((tx) =>
        tx.delete(creditNotes).where(eq(creditNotes.number, 'CN-2026-0001')),
      ),
    ).rejects.toSatisfy((error: Error & { cause?: unknown }) =>
      /never deleted/.test(String(error.cause ?? error.message)),
    );
    const [row] = await t.database.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.number, 'CN-2026-0001'));
    expect(row!.reason).toBe('Korting op hosting');
    // The invoice it credited still exists unchanged but for its status.
    const [invoice] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.number, '2026-0001'));
    expect(invoice!.total).toBe(annaInvoice.total);
  });
});

describe('the staff credit form sends one credit once', () => {
  it('a send retried after its answer was lost issues one credit note; the next credit its own', async () => {
    // What the staff form sends (machines/staff/staff-flows.test.ts: the same key for a retried
    // send, a new one for a new credit). The first answer never reaches the browser.
    const body = { reason: 'Goodwill', lines: [{ index: 1, amount: 100 }] };
    const key = '3f0c2a4e-6b1d-4c8e-9a7f-1d2e3f4a5b6c';
    const lost = await credit('2026-0003', body, { 'Idempotency-Key': key });
    expect(lost.status).toBe(201);
    const retried = await credit('2026-0003', body, { 'Idempotency-Key': key });
    expect(retried.status).toBe(201);
    expect((await retried.json()).creditNote).toEqual((await lost.json()).creditNote);
    const goodwill = async () =>
      (await t.database.db.select().from(creditNotes)).filter((n) => n.reason === 'Goodwill');
    expect(await goodwill()).toHaveLength(1);
    // The same form used again for another credit: a new key, a second credit note.
    const next = await credit('2026-0003', body, {
      'Idempotency-Key': '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    });
    expect(next.status).toBe(201);
    expect(await goodwill()).toHaveLength(2);
  });
});
