// Issue 43's done-when, through the real app on PGlite (and PostgreSQL with DATABASE_URL): the
// VAT of quotes and orders under each scheme, the VIES check and what the invoices say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { VatSettings } from '#domain/vat.ts';
import { invoices, orders } from '../db/schema.ts';
import { addUsers, sessionCookie, signIn, STAFF } from '../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { startFakeVies } from '../../tests/helpers/fake-vies.ts';
import { readPdf } from '../../tests/helpers/pdf-text.ts';
import { checkUbl } from '../../tests/helpers/ubl-check.ts';
import { createViesClient } from './vies.ts';

const TODAY = new Date('2026-03-10T10:00:00Z');
const SELLER = {
  name: 'Webstudio',
  lines: ['Keizersgracht 1', '1015 AA Amsterdam'],
  kvk: '12345678',
  vat: 'NL123456782B01',
};
const BANK = { iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', accountName: 'Webstudio' };
const STANDARD: VatSettings = {
  scheme: 'standard',
  korThreshold: 2_000_000,
  ossThreshold: 1_000_000,
};
const BELGIAN_VAT = 'BE0123456749';

let vies: Awaited<ReturnType<typeof startFakeVies>>;
beforeAll(async () => {
  vies = await startFakeVies({ [BELGIAN_VAT]: 'ANNA BV' });
});
afterAll(() => vies.close());

async function appWith(vat: VatSettings): Promise<TestApp> {
  return createTestApp({
    now: () => TODAY,
    billing: { seller: SELLER, bank: BANK, vat },
    vies: createViesClient({ baseUrl: vies.url, timeoutMs: 1500 }),
  });
}

let counter = 0;
/** Hosting (16, € 30 a month) on the monthly interval, no domain: € 30.00 due today, net. */
function order(overrides: Record<string, unknown> = {}) {
  counter++;
  const body = checkoutBody(`vat${counter}@example.test`, { vat: '', company: '', kvk: '' });
  return {
    ...body,
    planData: { products: [16], billingCycle: 'monthly', domainType: 'none' },
    ...overrides,
  };
}
const BELGIAN = { country: 'BE', postalcode: '2000', city: 'Antwerpen', address1: 'Meir 1' };

async function invoiceOf(t: TestApp, res: Response) {
  expect(res.status).toBe(201);
  const { invoiceNumber } = (await res.json()) as { invoiceNumber: string };
  const json = await (
    await t.call('GET', `/api/invoices/${invoiceNumber}`, undefined, { Cookie: sessionCookie(res) })
  ).json();
  const pdf = await t.call('GET', `/api/invoices/${invoiceNumber}?format=pdf`, undefined, {
    Cookie: sessionCookie(res),
  });
  return { json, pdf: readPdf(new Uint8Array(await pdf.arrayBuffer())).text, invoiceNumber };
}

describe('VAT_SCHEME=standard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith(STANDARD);
  });
  afterAll(() => t.close());

  it('a Dutch consumer pays 21%: the quote, the invoice and its PDF', async () => {
    const quote = await (
      await t.call('POST', '/api/quote', {
        plans: ['webHosting_total'],
        domain: { name: '', type: 'none' },
        customer: { country: 'NL' },
      })
    ).json();
    expect(quote.totals).toMatchObject({ vatRate: 21, vat: 630, dueToday: 3630, vatNote: null });

    const { json, pdf } = await invoiceOf(t, await t.call('POST', '/api/checkout', order()));
    expect(json).toMatchObject({ subtotal: 3000, vatRate: 21, vat: 630, total: 3630 });
    expect(json.vatCategory).toBe('S');
    expect(json.lines.every((l: { vatCategory: string }) => l.vatCategory === 'S')).toBe(true);
    expect(pdf).toContain('VAT 21%');
    expect(pdf).toContain('Chamber of commerce: 12345678');
    expect(pdf).toContain('VAT id: NL123456782B01');
    expect(pdf).not.toContain('KOR');
  });

  it('a Belgian business whose number VIES confirms is reverse-charged', async () => {
    const quote = await (
      await t.call('POST', '/api/quote', {
        plans: ['webHosting_total'],
        customer: { country: 'BE', vat: BELGIAN_VAT },
      })
    ).json();
    expect(quote.totals).toMatchObject({ vatRate: 0, vat: 0, vatNote: 'reverseCharge' });

    const res = await t.call(
      'POST',
      '/api/checkout',
      order({ ...BELGIAN, company: 'Anna BV', vat: 'be0123456749', lang: 'nl' }),
    );
    const { json, pdf, invoiceNumber } = await invoiceOf(t, res);
    expect(json).toMatchObject({
      subtotal: 3000,
      vatRate: 0,
      vat: 0,
      total: 3000,
      vatCategory: 'AE',
      vatNote: 'reverseCharge',
      buyerVat: BELGIAN_VAT,
    });
    expect(pdf).toContain('Btw verlegd');
    const ubl = await t.call('GET', `/api/invoices/${invoiceNumber}?format=ubl`, undefined, {
      Cookie: sessionCookie(res),
    });
    expect(ubl.status).toBe(200);
    expect(ubl.headers.get('content-type')).toContain('application/xml');
    const parsed = checkUbl(await ubl.text());
    expect(parsed.violations).toEqual([]);
    expect(parsed).toMatchObject({ root: 'Invoice', payable: 3000, buyerVat: BELGIAN_VAT });
    expect(parsed.categories).toEqual([
      expect.objectContaining({ id: 'AE', taxable: 3000, tax: 0 }),
    ]);
    // Nobody else gets it.
    const other = await t.call('POST', '/api/checkout', order());
    expect(
      (
        await t.call('GET', `/api/invoices/${invoiceNumber}?format=ubl`, undefined, {
          Cookie: sessionCookie(other),
        })
      ).status,
    ).toBe(404);
    expect(pdf).toContain(`Btw-nummer afnemer: ${BELGIAN_VAT}`);
    const [row] = await t.database.db
      .select({ orderId: invoices.orderId, buyerCountry: invoices.buyerCountry })
      .from(invoices)
      .where(eq(invoices.number, invoiceNumber));
    expect(row!.buyerCountry).toBe('BE');
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, row!.orderId));
    expect(kept).toMatchObject({
      vatNumber: BELGIAN_VAT,
      viesStatus: 'valid',
      viesName: 'ANNA BV',
      viesRequestId: expect.stringMatching(/^WAPI/),
    });
  });

  it.each([
    ['wrong check digits', 'BE0123456789', 'checkout.validation.vatInvalid'],
    ['not in VIES', 'BE0000000097', 'checkout.validation.vatInvalid'],
    ['another country than the address', 'NL123456782B01', 'checkout.validation.vatCountry'],
  ])(
    'an invalid number (%s) is refused with the field message, nothing written',
    async (_, vat, key) => {
      const before = await t.database.db.select({ id: orders.id }).from(orders);
      for (const lang of ['en', 'nl'] as const) {
        const res = await t.call('POST', '/api/checkout', order({ ...BELGIAN, vat, lang }), {
          'Accept-Language': lang,
        });
        expect(res.status).toBe(400);
        const body = await res.json();
        expect(body.error.code).toBe('VALIDATION_FAILED');
        expect(body.error.fields).toEqual({ vat: key });
      }
      expect(await t.database.db.select({ id: orders.id }).from(orders)).toHaveLength(
        before.length,
      );
    },
  );

  it.each(['http500', 'userError', 'hang'] as const)(
    'VIES down (%s): the order goes through with VAT charged and is flagged for staff',
    async (outage) => {
      vies.down(outage);
      try {
        const res = await t.call(
          'POST',
          '/api/checkout',
          order({ ...BELGIAN, vat: 'BE1000000021' }),
        );
        const { json, invoiceNumber } = await invoiceOf(t, res);
        expect(json).toMatchObject({ vatRate: 21, vat: 630, total: 3630, vatCategory: 'S' });
        const [row] = await t.database.db
          .select({ orderId: invoices.orderId })
          .from(invoices)
          .where(eq(invoices.number, invoiceNumber));
        const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, row!.orderId));
        expect(kept).toMatchObject({ vatNumber: 'BE1000000021', viesStatus: 'unknown' });
      } finally {
        vies.down('none');
      }
    },
  );

  it('the CSV and the VAT return add up to the invoices and credit notes', async () => {
    await addUsers(t.database, STAFF);
    const staff = { Cookie: await signIn(t, STAFF.email, STAFF.password) };
    const [first] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.vatCategory, 'S'))
      .limit(1);
    const credit = await t.call(
      'POST',
      `/api/admin/invoices/${first!.number}/credit`,
      {
        reason: 'Goodwill',
        lines: [{ index: first!.lines.findIndex((l) => l.amount >= 1000), amount: 1000 }],
      },
      staff,
    );
    expect(credit.status).toBe(201);
    const { creditNote } = await credit.json();
    for (const path of [
      `/api/credit-notes/${creditNote.number}?format=ubl`,
      `/api/invoices/${creditNote.number}?format=ubl`,
    ]) {
      const ubl = checkUbl(await (await t.call('GET', path, undefined, staff)).text());
      expect(ubl.violations).toEqual([]);
      expect(ubl).toMatchObject({
        root: 'CreditNote',
        payable: 1210,
        billingReference: first!.number,
      });
    }
    const invoiceUbl = checkUbl(
      await (
        await t.call('GET', `/api/invoices/${first!.number}?format=ubl`, undefined, staff)
      ).text(),
    );
    expect(invoiceUbl.violations).toEqual([]);
    expect(invoiceUbl.payable).toBe(first!.total);
    const all = await t.database.db.select().from(invoices);
    const csv = await t.call(
      'GET',
      '/api/admin/exports/invoices.csv?from=2026-01-01&to=2026-03-31',
      undefined,
      staff,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toBe(
      'number,kind,issueDate,customer,country,vatNumber,net,vatRate,vat,total,status,paidOn',
    );
    expect(rows).toHaveLength(1 + all.length + 1);
    const cents = (cell: string) => Math.round(Number(cell) * 100);
    const cells = rows.slice(1).map((row) => row.match(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)!);
    const column = (i: number) =>
      cells.reduce((sum, row) => sum + cents(row[i]!.replace(/,$/, '')), 0);
    const invoiced = all.reduce((sum, i) => sum + i.subtotal, 0);
    expect(column(6)).toBe(invoiced - 1000);
    expect(column(8)).toBe(all.reduce((sum, i) => sum + i.vat, 0) - 210);
    expect(rows.some((row) => row.includes('"BE0123456749"') && row.includes(',0,0.00,'))).toBe(
      true,
    );

    const vatReturn = await (
      await t.call('GET', '/api/admin/vat-return?period=2026-Q1', undefined, staff)
    ).json();
    expect(vatReturn.period).toBe('2026-Q1');
    expect(vatReturn.scheme).toBe('standard');
    const { boxes, oss } = vatReturn;
    expect(oss).toEqual([]);
    expect(boxes['3b'].base).toBe(3000);
    expect(boxes['1e'].base).toBe(0);
    expect(boxes['1a'].base + boxes['3b'].base).toBe(invoiced - 1000);
    expect(boxes['1a'].vat).toBe(all.reduce((sum, i) => sum + i.vat, 0) - 210);
    const empty = await (
      await t.call('GET', '/api/admin/vat-return?period=2026-Q2', undefined, staff)
    ).json();
    expect(empty.boxes).toEqual({
      '1a': { base: 0, vat: 0 },
      '1e': { base: 0 },
      '3b': { base: 0 },
    });
  });

  it.each([
    '/api/admin/vat-return',
    '/api/admin/vat-return?period=2026-Q5',
    '/api/admin/vat-return?period=2026-q1',
    "/api/admin/vat-return?period=2026-Q1'--",
    '/api/admin/vat-return?period=99999-Q1',
    '/api/admin/exports/invoices.csv',
    '/api/admin/exports/invoices.csv?from=2026-02-30&to=2026-03-01',
    '/api/admin/exports/invoices.csv?from=2026-03-01&to=2026-02-01',
    '/api/admin/exports/invoices.csv?from=2016-01-01&to=2026-01-01',
    '/api/admin/exports/invoices.csv?from[]=x&to=2026-01-01',
  ])('staff get a 400 for %s', async (path) => {
    const staff = { Cookie: await signIn(t, STAFF.email, STAFF.password) };
    const res = await t.call('GET', path, undefined, staff);
    expect(res.status).toBe(400);
  });

  it.each([
    '/api/admin/vat-return?period=2026-Q1',
    '/api/admin/exports/invoices.csv?from=2026-01-01&to=2026-03-31',
    '/api/admin/vat',
  ])('%s is for staff only', async (path) => {
    expect((await t.call('GET', path)).status).toBe(401);
    const res = await t.call('POST', '/api/checkout', order());
    expect((await t.call('GET', path, undefined, { Cookie: sessionCookie(res) })).status).toBe(403);
  });

  it.each([
    { customer: { country: 'DE' } },
    { customer: { country: 'NL', vat: 'x'.repeat(21) } },
    { customer: { country: 'BE', vat: 'BE0123456789' } },
    { customer: 'NL' },
    { customer: { vat: BELGIAN_VAT } },
    { customer: { country: 'BE', vat: 42 } },
  ])('the quote refuses a hostile customer %j with a 400', async (extra) => {
    const res = await t.call('POST', '/api/quote', { plans: ['webHosting_total'], ...extra });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('VALIDATION_FAILED');
  });
});

describe('VAT_SCHEME=kor with a small threshold', () => {
  let t: TestApp;
  beforeAll(async () => {
    // € 50: the first order (€ 30) stays exempt, the second (€ 60 then) passes it.
    t = await appWith({ scheme: 'kor', korThreshold: 5000, ossThreshold: 1_000_000 });
  });
  afterAll(() => t.close());

  it('the invoice that passes the threshold and every later one carry 21%', async () => {
    const first = await invoiceOf(t, await t.call('POST', '/api/checkout', order()));
    expect(first.json).toMatchObject({ vatRate: 0, vat: 0, total: 3000, vatNote: 'kor' });
    expect(first.pdf).toContain('VAT exempt (Dutch small business scheme, KOR)');
    const second = await invoiceOf(t, await t.call('POST', '/api/checkout', order()));
    expect(second.json).toMatchObject({ vatRate: 21, vat: 630, total: 3630, vatNote: null });
    expect(second.pdf).toContain('VAT 21%');
    // Reverse-charged sales do not count, and do not bring the KOR back.
    const third = await invoiceOf(
      t,
      await t.call('POST', '/api/checkout', order({ ...BELGIAN, vat: BELGIAN_VAT })),
    );
    expect(third.json).toMatchObject({ vatRate: 0, vatNote: 'reverseCharge' });
    const fourth = await invoiceOf(t, await t.call('POST', '/api/checkout', order()));
    expect(fourth.json).toMatchObject({ vatRate: 21, vat: 630 });
    const quote = await (
      await t.call('POST', '/api/quote', {
        plans: ['webHosting_total'],
        customer: { country: 'NL' },
      })
    ).json();
    expect(quote.totals).toMatchObject({ vatRate: 21, vatNote: null });

    await addUsers(t.database, STAFF);
    const staff = { Cookie: await signIn(t, STAFF.email, STAFF.password) };
    const overview = await (await t.call('GET', '/api/admin/vat', undefined, staff)).json();
    expect(overview).toEqual({
      scheme: 'kor',
      year: 2026,
      korTurnover: 9000,
      korThreshold: 5000,
      korUsed: 180,
      korWarning: true,
      korPassed: true,
      viesUnconfirmed: 0,
    });
    const vatReturn = await (
      await t.call('GET', '/api/admin/vat-return?period=2026-Q1', undefined, staff)
    ).json();
    expect(vatReturn).toEqual({
      period: '2026-Q1',
      scheme: 'kor',
      boxes: { '1a': { base: 6000, vat: 1260 }, '1e': { base: 3000 }, '3b': { base: 3000 } },
      oss: [],
      korTurnover: 9000,
    });
  });
});

describe('a Belgian consumer past the OSS threshold', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith({ scheme: 'standard', korThreshold: 2_000_000, ossThreshold: 5000 });
  });
  afterAll(() => t.close());

  it('pays Dutch VAT within it and Belgian VAT past it, declared in the OSS part', async () => {
    const within = await invoiceOf(t, await t.call('POST', '/api/checkout', order(BELGIAN)));
    expect(within.json).toMatchObject({ vatRate: 21, vat: 630, vatCategory: 'S' });
    const past = await invoiceOf(t, await t.call('POST', '/api/checkout', order(BELGIAN)));
    expect(past.json).toMatchObject({ vatRate: 21, vat: 630, vatCategory: 'S' });
    expect(past.pdf).toContain('VAT 21% (BE)');
    await addUsers(t.database, STAFF);
    const staff = { Cookie: await signIn(t, STAFF.email, STAFF.password) };
    const vatReturn = await (
      await t.call('GET', '/api/admin/vat-return?period=2026-Q1', undefined, staff)
    ).json();
    expect(vatReturn.boxes['1a']).toEqual({ base: 3000, vat: 630 });
    expect(vatReturn.oss).toEqual([{ country: 'BE', base: 3000, vat: 630 }]);
  });
});
