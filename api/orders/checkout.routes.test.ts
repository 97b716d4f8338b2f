import { describe, expect, it } from 'vitest';
import { asc, desc, eq } from 'drizzle-orm';
import { formatMoney } from '#domain/format.ts';
import {
  customerProfiles,
  invoiceDocuments,
  invoices,
  orderLines,
  orders,
  outbox,
  payments,
  subscriptions,
  users,
} from '../db/schema.ts';
import {
  addUsers,
  sessionCookie,
  signIn as signInAs,
  STAFF,
} from '../../tests/helpers/accounts.ts';
import { testAppForFile } from '../../tests/helpers/app.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { readPdf } from '../../tests/helpers/pdf-text.ts';
import { verifyPassword } from '../accounts/passwords.ts';
import { createDomainOwnership } from './orders.ts';

const TODAY = new Date('2026-03-10T10:00:00Z');
const t = testAppForFile(
  {
    now: () => TODAY,
    billing: {
      seller: {
        name: 'Webstudio',
        lines: ['Keizersgracht 1', '1015 AA Amsterdam'],
        kvk: '12345678',
        vat: 'NL123456789B01',
      },
      bank: { iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', accountName: 'Webstudio' },
    },
  },
  (app) =>
    addUsers(app.database, STAFF, {
      email: 'known@example.test',
      password: 'known-password',
      role: 'client',
      name: 'Known',
    }),
);

let counter = 0;
/** A valid checkout body for a fresh address: hosting (16, monthly) and the domain anna.nl. */
function order(overrides: Record<string, unknown> = {}) {
  counter++;
  const body = checkoutBody(`client${counter}@example.test`, { postalcode: '1012lg' });
  return { ...body, planData: { ...body.planData, domain: 'anna.nl' }, ...overrides };
}

const signIn = (email: string, password: string) => signInAs(t, email, password);

describe('POST /api/checkout: the happy path', () => {
  it('creates the client, order, lines, invoice, subscriptions, payment and both mails', async () => {
    const body = order({ lang: 'nl' });
    const res = await t.call('POST', '/api/checkout', body);
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer).toEqual({
      paymentLink: '/pay/2026-0001?lang=nl',
      invoiceNumber: '2026-0001',
      orderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // The new client is signed in.
    const cookie = sessionCookie(res);
    const me = await t.call('GET', '/api/auth/me', undefined, { Cookie: cookie });
    expect((await me.json()).user).toEqual({
      email: body.email,
      name: 'Anna de Vries',
      role: 'client',
    });

    // By hand: hosting EUR 30 a month, the domain EUR 15 a year, the free concierge: EUR 45 today.
    const { db } = t.database;
    const [user] = await db.select().from(users).where(eq(users.email, body.email));
    expect(await verifyPassword('a-good-password', user!.passwordHash)).toBe(true);
    const [profile] = await db
      .select()
      .from(customerProfiles)
      .where(eq(customerProfiles.userId, user!.id));
    expect(profile).toMatchObject({ postalcode: '1012 LG', country: 'NL', kvk: '87654321' });

    const [row] = await db.select().from(orders).where(eq(orders.id, answer.orderId));
    expect(row).toMatchObject({
      userId: user!.id,
      status: 'open',
      dueToday: 4500,
      monthly: 3000,
      yearly: 1500,
      domainName: 'anna.nl',
    });
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, answer.orderId))
      .orderBy(asc(orderLines.position));
    expect(lines.map((l) => [l.planId, l.price])).toEqual([
      ['techConcierge_free', 0],
      ['webHosting_total', 3000],
      ['domain_managed', 1500],
    ]);

    const [invoice] = await db.select().from(invoices).where(eq(invoices.number, '2026-0001'));
    expect(invoice).toMatchObject({
      total: 4500,
      vatRate: 0,
      vat: 0,
      status: 'open',
      issueDate: '2026-03-10',
      dueDate: '2026-03-24',
    });
    expect(invoice!.buyer).toMatchObject({ name: 'Anna de Vries', company: 'Anna BV' });

    const subs = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, answer.orderId));
    const hosting = subs.find((s) => s.planId === 'webHosting_total')!;
    expect(hosting).toMatchObject({
      billing: 'monthly',
      status: 'pending',
      startDate: '2026-03-10',
      nextPaymentDate: '2026-04-10',
      termEnd: '2027-03-10',
    });
    const domain = subs.find((s) => s.planId === 'domain_managed')!;
    expect(domain).toMatchObject({
      billing: 'yearly',
      nextPaymentDate: '2027-03-10',
      termEnd: null,
      domainName: 'anna.nl',
    });

    const [payment] = await db.select().from(payments).where(eq(payments.invoiceId, invoice!.id));
    expect(payment).toMatchObject({
      provider: 'banktransfer',
      status: 'open',
      amount: 4500,
      checkoutUrl: answer.paymentLink,
    });

    const mails = await db.select().from(outbox).orderBy(asc(outbox.id));
    const confirmation = mails.find((m) => m.kind === 'order-confirmation' && m.to === body.email)!;
    expect(confirmation.lang).toBe('nl');
    expect(confirmation.subject).toBe('Je bestelling – factuur 2026-0001');
    expect(confirmation.text).toContain('binnen 24 uur');
    // Signed by the studio, in text and HTML.
    expect(confirmation.text.endsWith('Met vriendelijke groet,\nWebstudio')).toBe(true);
    expect(confirmation.html).toContain('<p>Met vriendelijke groet,<br>Webstudio</p>');
    expect(confirmation.attachments[0]).toMatchObject({
      filename: 'invoice-2026-0001.pdf',
      contentType: 'application/pdf',
    });
    // The attachment is the invoice's stored PDF, rendered once after the commit and read by the
    // mailer at delivery (issue 10).
    const [issued] = await db.select().from(invoices).where(eq(invoices.number, '2026-0001'));
    expect(confirmation.attachments[0]!.invoiceId).toBe(issued!.id);
    await t.invoicePdfs.settled(); // drawn in the background after the answer (decision M9)
    const [document] = await db
      .select()
      .from(invoiceDocuments)
      .where(eq(invoiceDocuments.invoiceId, issued!.id));
    expect(Buffer.from(document!.pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const staff = mails.find((m) => m.kind === 'order-notification')!;
    expect(staff.to).toBe('staff@example.test');
    expect(staff.text).toContain(body.email);
  });

  it("names an English order's lines in Dutch in the staff notification, as the invoice in English", async () => {
    const body = order({ lang: 'en' });
    const res = await t.call('POST', '/api/checkout', body);
    expect(res.status).toBe(201);
    const { invoiceNumber } = await res.json();
    const { db } = t.database;
    const [invoice] = await db.select().from(invoices).where(eq(invoices.number, invoiceNumber));
    expect(invoice!.lines.map((l) => l.description)).toEqual([
      'Tech Concierge Basic',
      'Complete Website Package',
      'Domain registration: anna.nl',
    ]);
    const staff = (await db.select().from(outbox)).find(
      (m) => m.kind === 'order-notification' && m.subject.includes(invoiceNumber),
    )!;
    expect(staff.lang).toBe('nl');
    const listed = staff.text.split('\n').filter((l) => l.startsWith('- '));
    expect(listed).toEqual([
      `- Tech Concierge Basis (per maand): ${formatMoney(invoice!.lines[0]!.amount, 'nl')}`,
      `- Compleet Websitepakket (per maand): ${formatMoney(invoice!.lines[1]!.amount, 'nl')}`,
      `- Domeinregistratie: anna.nl (per jaar): ${formatMoney(invoice!.lines[2]!.amount, 'nl')}`,
    ]);
  });

  it('charges the whole year on the yearly interval, whatever amounts the request carries', async () => {
    const res = await t.call(
      'POST',
      '/api/checkout',
      order({
        planData: { products: [16], billingCycle: 'yearly', price: 1, totals: { dueToday: 1 } },
        total: 1,
      }),
    );
    expect(res.status).toBe(201);
    const { invoiceNumber, orderId } = await res.json();
    const [invoice] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.number, invoiceNumber));
    expect(invoice!.total).toBe(3000 * 12);
    const [sub] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, orderId));
    expect(sub).toMatchObject({ nextPaymentDate: '2027-03-10', termEnd: '2027-03-10' });

    // The invoice, its PDF and the confirmation say the monthly plan is billed for 12 months,
    // never "per month" beside the year's amount.
    expect(invoice!.lines).toContainEqual({
      description: 'Complete Website Package',
      billing: 'monthly',
      amount: 3000 * 12,
      months: 12,
      vatCategory: 'E',
      vatRate: 0,
    });
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'order-confirmation'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail!.text).toContain(
      `- Complete Website Package (12 months): ${formatMoney(36000, 'en')}`,
    );
    expect(mail!.text).not.toContain('per month)');
    const pdf = await t.call('GET', `/api/invoices/${invoiceNumber}?format=pdf`, undefined, {
      Cookie: sessionCookie(res),
    });
    expect(pdf.status).toBe(200);
    const text = readPdf(new Uint8Array(await pdf.arrayBuffer())).text;
    expect(text).toContain('Complete Website Package (12 months)');
    expect(text).not.toContain('(monthly)');
  });

  it('bills one month on the monthly interval and says "per month"', async () => {
    const res = await t.call(
      'POST',
      '/api/checkout',
      order({ planData: { products: [16], billingCycle: 'monthly' } }),
    );
    expect(res.status).toBe(201);
    const { invoiceNumber } = await res.json();
    const [invoice] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.number, invoiceNumber));
    expect(invoice!.lines).toContainEqual({
      description: 'Complete Website Package',
      billing: 'monthly',
      amount: 3000,
      vatCategory: 'E',
      vatRate: 0,
    });
    const pdf = await t.call('GET', `/api/invoices/${invoiceNumber}?format=pdf`, undefined, {
      Cookie: sessionCookie(res),
    });
    expect(pdf.status).toBe(200);
    expect(readPdf(new Uint8Array(await pdf.arrayBuffer())).text).toContain('(monthly)');
  });
});

describe('POST /api/checkout: the exit offer (the coupon EXIT10 of migration 0022)', () => {
  it('prices the exit10 code as a one-time discount line of 10 % of the hosting month', async () => {
    const res = await t.call('POST', '/api/checkout', order({ coupon: 'exit10' }));
    expect(res.status).toBe(201);
    const { invoiceNumber } = await res.json();
    const [invoice] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.number, invoiceNumber));
    // By hand: EUR 45 less 10 % of the hosting plan's EUR 30 first month.
    expect(invoice!.total).toBe(4200);
    expect(invoice!.lines.filter((l) => l.amount < 0).map((l) => l.amount)).toEqual([-300]);
    expect(invoice!.lines.find((l) => l.amount < 0)!.description).toBe('Discount code EXIT10');
    const bad = await t.call('POST', '/api/checkout', order({ coupon: 'free-lunch' }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('COUPON_INVALID');
  });
});

describe('POST /api/checkout: bad bodies change nothing', () => {
  const base = () => order();
  const cases: Array<[string, () => unknown, number, string, Record<string, string>?]> = [
    ['malformed JSON', () => '{"email":', 400, 'INVALID_JSON'],
    ['no body', () => undefined, 400, 'VALIDATION_FAILED'],
    [
      'a missing first name',
      () => ({ ...base(), firstname: '  ' }),
      400,
      'VALIDATION_FAILED',
      { firstname: 'checkout.validation.firstnameRequired' },
    ],
    [
      'every step-2 field missing',
      () => ({ email: 'x@y.nl', planData: { products: [16] } }),
      400,
      'VALIDATION_FAILED',
      {
        firstname: 'checkout.validation.firstnameRequired',
        lastname: 'checkout.validation.lastnameRequired',
        address1: 'checkout.validation.addressRequired',
        postalcode: 'checkout.validation.postalCodeRequired',
        city: 'checkout.validation.cityRequired',
        country: 'checkout.validation.countryRequired',
        tos: 'checkout.validation.tosAgreementRequired',
      },
    ],
    [
      'an invalid email',
      () => ({ ...base(), email: 'nope' }),
      400,
      'VALIDATION_FAILED',
      { email: 'checkout.validation.emailInvalid' },
    ],
    [
      'no email',
      () => ({ ...base(), email: '' }),
      400,
      'VALIDATION_FAILED',
      { email: 'checkout.validation.emailRequired' },
    ],
    [
      'terms not accepted',
      () => ({ ...base(), tos: false }),
      400,
      'VALIDATION_FAILED',
      { tos: 'checkout.validation.tosAgreementRequired' },
    ],
    [
      'a country outside NL and BE',
      () => ({ ...base(), country: 'DE' }),
      400,
      'VALIDATION_FAILED',
      { country: 'checkout.validation.countryRequired' },
    ],
    [
      'a Dutch postal code that is not one',
      () => ({ ...base(), postalcode: '12345' }),
      400,
      'VALIDATION_FAILED',
      { postalcode: 'checkout.validation.postalCodeInvalid' },
    ],
    [
      'no password for a new account',
      () => ({ ...base(), password: undefined }),
      400,
      'VALIDATION_FAILED',
      { password: 'checkout.validation.passwordRequired' },
    ],
    [
      'an unknown product id',
      () => ({ ...base(), planData: { products: [16, 4242] } }),
      400,
      'UNKNOWN_PLAN',
    ],
    [
      'two hosting plans at once',
      () => ({ ...base(), planData: { products: [16, 17] } }),
      400,
      'CONFLICTING_PLANS',
    ],
    ['no products', () => ({ ...base(), planData: { products: [] } }), 400, 'VALIDATION_FAILED'],
    [
      'an invalid domain',
      () => ({ ...base(), planData: { products: [16], domainType: 'register', domain: 'no dot' } }),
      400,
      'INVALID_DOMAIN',
    ],
    [
      'a text as billing cycle',
      () => ({ ...base(), planData: { products: [16], billingCycle: 'weekly' } }),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an unknown payment method',
      () => ({ ...base(), paymentMethod: 'bitcoin' }),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an existing account while not signed in',
      () => ({ ...base(), email: 'KNOWN@example.test' }),
      409,
      'ALREADY_REGISTERED',
    ],
    [
      'a malformed Idempotency-Key',
      () => ({ ...base(), __key: 'short' }),
      400,
      'VALIDATION_FAILED',
    ],
  ];
  it.each(cases)('%s: %i %s', async (_, make, status, code, fields) => {
    const before = await t.database.db.select({ id: orders.id }).from(orders);
    const raw = make() as Record<string, unknown> | string | undefined;
    let headers: Record<string, string> = {};
    let body = raw;
    if (raw && typeof raw === 'object' && '__key' in raw) {
      const { __key, ...rest } = raw;
      headers = { 'Idempotency-Key': String(__key) };
      body = rest;
    }
    const res = await t.call('POST', '/api/checkout', body, headers);
    expect(res.status).toBe(status);
    const json = await res.json();
    expect(json.error.code).toBe(code);
    if (fields) expect(json.error.fields).toEqual(fields);
    const after = await t.database.db.select({ id: orders.id }).from(orders);
    expect(after).toHaveLength(before.length);
  });
});

describe('POST /api/checkout: accounts, idempotency, numbering', () => {
  it('takes an order for an existing account when signed in as it, keeping its password', async () => {
    const cookie = await signIn('known@example.test', 'known-password');
    const res = await t.call(
      'POST',
      '/api/checkout',
      order({ email: 'known@example.test', password: undefined }),
      { Cookie: cookie },
    );
    expect(res.status).toBe(201);
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'known@example.test'));
    expect(await verifyPassword('known-password', user!.passwordHash)).toBe(true);
  });

  it('staff ordering for a new client keep their own session', async () => {
    const cookie = await signIn('staff@example.test', 'staff-password-1');
    const res = await t.call('POST', '/api/checkout', order(), { Cookie: cookie });
    expect(res.status).toBe(201);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('refuses an existing account while signed in as someone else', async () => {
    const cookie = await signIn('staff@example.test', 'staff-password-1');
    const res = await t.call('POST', '/api/checkout', order({ email: 'known@example.test' }), {
      Cookie: cookie,
    });
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('ALREADY_REGISTERED');
  });

  it('answers a retry with the same Idempotency-Key with the first answer and changes nothing', async () => {
    const body = order();
    const headers = { 'Idempotency-Key': 'retry-key-0001' };
    const first = await t.call('POST', '/api/checkout', body, headers);
    expect(first.status).toBe(201);
    const countOrders = async () => (await t.database.db.select().from(orders)).length;
    const countMails = async () => (await t.database.db.select().from(outbox)).length;
    const [ordersBefore, mailsBefore] = [await countOrders(), await countMails()];
    const second = await t.call('POST', '/api/checkout', body, headers);
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
    expect(await countOrders()).toBe(ordersBefore);
    expect(await countMails()).toBe(mailsBefore);
    // The same key with another body is refused.
    const other = await t.call('POST', '/api/checkout', { ...body, city: 'Utrecht' }, headers);
    expect(other.status).toBe(422);
  });

  it('numbers invoices gap-free when orders arrive at once', async () => {
    const before = await t.database.db.select({ n: invoices.number }).from(invoices);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.call('POST', '/api/checkout', order())),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
    const numbers = (await t.database.db.select({ n: invoices.number }).from(invoices))
      .map((r) => r.n)
      .sort();
    expect(numbers).toHaveLength(before.length + 8);
    numbers.forEach((n, i) => expect(n).toBe(`2026-${String(i + 1).padStart(4, '0')}`));
  });

  it('two orders for one new address at once: one wins, the other is 409', async () => {
    const body = order();
    const results = await Promise.all([
      t.call('POST', '/api/checkout', body),
      t.call('POST', '/api/checkout', body),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('an issued invoice cannot be changed in the database', async () => {
    await expect(
      t.database.write((tx) =>
        tx.update(invoices).set({ total: 1 }).where(eq(invoices.number, '2026-0001')),
      ),
    ).rejects.toSatisfy((error: Error & { cause?: unknown }) =>
      /never change/.test(String(error.cause ?? error.message)),
    );
  });
});

describe('GET /api/invoices/{number}', () => {
  it('shows the owner their invoice as JSON and PDF; others get 404', async () => {
    const body = order();
    const res = await t.call('POST', '/api/checkout', body);
    const { invoiceNumber } = await res.json();
    const owner = sessionCookie(res);

    const json = await t.call('GET', `/api/invoices/${invoiceNumber}`, undefined, {
      Cookie: owner,
    });
    expect(json.status).toBe(200);
    const invoice = await json.json();
    expect(invoice).toMatchObject({
      number: invoiceNumber,
      status: 'open',
      vatRate: 0,
      payment: { provider: 'banktransfer', status: 'open' },
      bank: { iban: 'NL91ABNA0417164300' },
      seller: { name: 'Webstudio', kvk: '12345678' },
    });

    const pdf = await t.call('GET', `/api/invoices/${invoiceNumber}?format=pdf`, undefined, {
      Cookie: owner,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Rendered once: every download serves the same stored bytes.
    const again = await t.call('GET', `/api/invoices/${invoiceNumber}?format=pdf`, undefined, {
      Cookie: owner,
    });
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);

    // Anyone else: not signed in, another client, an unknown number: the same 404.
    const other = await signIn('known@example.test', 'known-password');
    for (const headers of [{}, { Cookie: other }] as Array<Record<string, string>>)
      expect(
        (await t.call('GET', `/api/invoices/${invoiceNumber}`, undefined, headers)).status,
      ).toBe(404);
    expect(
      (await t.call('GET', '/api/invoices/2026-9999', undefined, { Cookie: owner })).status,
    ).toBe(404);
    expect((await t.call('GET', '/api/invoices/../etc', undefined, { Cookie: owner })).status).toBe(
      404,
    );

    const staff = await signIn('staff@example.test', 'staff-password-1');
    expect(
      (await t.call('GET', `/api/invoices/${invoiceNumber}`, undefined, { Cookie: staff })).status,
    ).toBe(200);
  });
});

describe('staff endpoints', () => {
  it('are 401 without a session and 403 for a client', async () => {
    const client = await signIn('known@example.test', 'known-password');
    for (const [method, path] of [
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/outbox'],
      ['POST', '/api/admin/invoices/2026-0001/mark-paid'],
    ] as const) {
      expect((await t.call(method, path)).status).toBe(401);
      expect((await t.call(method, path, undefined, { Cookie: client })).status).toBe(403);
    }
  });

  it('list orders and mails, and mark a bank transfer paid', async () => {
    const staff = await signIn('staff@example.test', 'staff-password-1');
    const placedBody = order();
    const res = await t.call('POST', '/api/checkout', placedBody);
    const { invoiceNumber, orderId } = await res.json();

    const list = await (
      await t.call('GET', '/api/admin/orders', undefined, { Cookie: staff })
    ).json();
    expect(list.orders[0]).toMatchObject({
      id: orderId,
      invoiceNumber,
      invoiceStatus: 'open',
      paymentProvider: 'banktransfer',
    });
    const mails = await (
      await t.call('GET', '/api/admin/outbox', undefined, { Cookie: staff })
    ).json();
    expect(mails.mails.some((m: { kind: string }) => m.kind === 'order-confirmation')).toBe(true);
    expect(mails.mails[0].attachments[0]).not.toHaveProperty('content');

    const marked = await t.call(
      'POST',
      `/api/admin/invoices/${invoiceNumber}/mark-paid`,
      undefined,
      { Cookie: staff },
    );
    expect(marked.status).toBe(200);
    expect(await marked.json()).toEqual({ number: invoiceNumber, status: 'paid', changed: true });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe('paid');
    const subs = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, orderId));
    expect(subs.every((s) => s.status === 'active')).toBe(true);
    const again = await t.call(
      'POST',
      `/api/admin/invoices/${invoiceNumber}/mark-paid`,
      undefined,
      {
        Cookie: staff,
      },
    );
    expect((await again.json()).changed).toBe(false);
    // "Payment received": one mail for the customer, however often staff click.
    const received = (
      await t.database.db.select().from(outbox).where(eq(outbox.kind, 'payment-received'))
    ).filter((m) => m.subject.includes(invoiceNumber));
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toBe(placedBody.email);
    expect(received[0]!.text).toMatch(/\nWebstudio$/);
    expect(received[0]!.attachments[0]).toMatchObject({
      filename: `invoice-${invoiceNumber}.pdf`,
      contentType: 'application/pdf',
    });
    expect(
      (
        await t.call('POST', '/api/admin/invoices/2099-0001/mark-paid', undefined, {
          Cookie: staff,
        })
      ).status,
    ).toBe(404);
  });
});

describe('services.domainOwnership', () => {
  it('is true only for a client with the domain on an order', async () => {
    const body = order({
      planData: { products: [16], domainType: 'transfer', domain: 'Owned-Domain.nl' },
    });
    expect((await t.call('POST', '/api/checkout', body)).status).toBe(201);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    const [known] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'known@example.test'));
    const owns = createDomainOwnership(t.database);
    expect(await owns(user!.id, 'owned-domain.nl')).toBe(true);
    expect(await owns(user!.id, 'other.nl')).toBe(false);
    expect(await owns(known!.id, 'owned-domain.nl')).toBe(false);
  });
});
