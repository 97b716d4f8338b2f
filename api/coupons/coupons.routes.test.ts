import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addUsers, sessionCookie, signIn, STAFF } from '../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { auditLog, couponUses, invoices } from '../db/schema.ts';
import { RATE_LIMITS } from '../http/rate-limit.ts';

// Coupons through the API (API.md section 14): staff make, list and disable them; the quote and
// the checkout apply them with the reason of a refusal in the visitor's language; the limits hold;
// a coupon of every payment discounts the renewal the billing job issues.

let clock = new Date('2026-01-31T10:00:00Z');
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await addUsers(t.database, STAFF);
  staff = await signIn(t, STAFF.email, STAFF.password);
});
afterAll(async () => {
  await t.close();
});

const make = (body: Record<string, unknown>) =>
  t.call('POST', '/api/admin/coupons', body, { Cookie: staff });
const quote = (coupon: string, lang = 'en', plans = ['webHosting_total', 'seo_booster']) =>
  t.call('POST', `/api/quote?lang=${lang}`, { plans, interval: 'monthly', coupon });
let counter = 0;
const order = (coupon: string, overrides: Record<string, unknown> = {}) =>
  t.call('POST', '/api/checkout', {
    ...checkoutBody(`coupon${++counter}@example.test`),
    coupon,
    ...overrides,
  });

async function refusal(res: Response) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as {
    error: { code: string; message: string; fields: Record<string, string> };
  };
  expect(body.error.code).toBe('COUPON_INVALID');
  return body.error;
}

describe('staff make, list and disable coupons', () => {
  it('is for staff only', async () => {
    expect((await t.call('GET', '/api/admin/coupons')).status).toBe(401);
    const client = sessionCookie(await order(''));
    const res = await t.call('GET', '/api/admin/coupons', undefined, { Cookie: client });
    expect(res.status).toBe(403);
  });

  it('makes a coupon (201), refuses its code again in any letter case (409)', async () => {
    const res = await make({ code: 'Spring10', kind: 'percent', value: 10 });
    expect(res.status).toBe(201);
    expect((await res.json()).coupon).toMatchObject({
      code: 'SPRING10',
      kind: 'percent',
      value: 10,
      appliesTo: 'firstPayment',
      planIds: null,
      maxUses: null,
      oncePerCustomer: false,
      enabled: true,
      uses: 0,
      givenAway: 0,
    });
    const again = await make({ code: 'spring10', kind: 'amount', value: 500 });
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('COUPON_EXISTS');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'coupon_created'));
    expect(audit).toMatchObject({ actor: STAFF.email, target: 'SPRING10' });
  });

  it('refuses a percentage over 100 and an end before the start', async () => {
    const over = await make({ code: 'TOOMUCH', kind: 'percent', value: 101 });
    expect(over.status).toBe(400);
    expect((await over.json()).error.fields).toEqual({ value: 'coupon.validation.percent' });
    const backwards = await make({
      code: 'BACKWARDS',
      kind: 'amount',
      value: 100,
      validFrom: '2026-03-01T00:00:00Z',
      validUntil: '2026-02-01T00:00:00Z',
    });
    expect(backwards.status).toBe(400);
  });
});

describe('POST /api/quote with a coupon', () => {
  it('adds the discount line named after the code, any letter case', async () => {
    const res = await quote('spring10');
    expect(res.status).toBe(200);
    const body = await res.json();
    // 890.00 + 30.00 = 920.00; 10% = 92.00 off (KOR: no VAT).
    expect(body.lines[0]).toEqual({
      id: 'coupon_SPRING10',
      productId: null,
      displayName: 'Discount code SPRING10',
      billing: 'oneTime',
      price: -9200,
    });
    expect(body.totals.dueToday).toBe(92000 - 9200);
    expect(body.coupon).toEqual({
      code: 'SPRING10',
      kind: 'percent',
      value: 10,
      appliesTo: 'firstPayment',
      planIds: null,
      discount: -9200,
    });
  });

  it("says why a code is refused, in the visitor's language", async () => {
    clock = new Date('2026-01-31T10:00:00Z');
    await make({ code: 'LATER', kind: 'percent', value: 5, validFrom: '2026-06-01T00:00:00Z' });
    await make({ code: 'OVER', kind: 'percent', value: 5, validUntil: '2026-01-01T00:00:00Z' });
    await make({ code: 'LOGO', kind: 'percent', value: 5, planIds: ['branding_mini'] });
    await make({ code: 'GONE', kind: 'percent', value: 5 });
    expect(
      (await t.call('POST', '/api/admin/coupons/gone/disable', undefined, { Cookie: staff }))
        .status,
    ).toBe(200);
    const cases: Array<[string, string, string]> = [
      ['NOPE', 'unknown', 'Deze kortingscode kennen we niet. Controleer de spelling.'],
      ['later', 'notYetValid', 'Deze kortingscode is nog niet geldig.'],
      ['over', 'expired', 'Deze kortingscode is verlopen.'],
      ['gone', 'disabled', 'Deze kortingscode is niet meer actief.'],
      ['logo', 'notForPlans', 'Deze kortingscode geldt niet voor de pakketten die je koos.'],
    ];
    for (const [code, reason, nl] of cases) {
      const error = await refusal(await quote(code, 'nl'));
      expect(error.fields).toEqual({ coupon: `coupon.refused.${reason}` });
      expect(error.message).toBe(nl);
    }
    const en = await refusal(await quote('over', 'en'));
    expect(en.message).toBe('This discount code has expired.');
  });
});

describe('POST /api/checkout with a coupon: the limits hold', () => {
  it('maxUses: the second order gets usedUp, and can go through without the code', async () => {
    await make({ code: 'ONCE', kind: 'amount', value: 1000, maxUses: 1 });
    expect((await order('once')).status).toBe(201);
    const error = await refusal(await order('ONCE'));
    expect(error.fields).toEqual({ coupon: 'coupon.refused.usedUp' });
    expect((await order('')).status).toBe(201);
  });

  it('once per customer: the same account is refused the second time', async () => {
    await make({ code: 'MINE', kind: 'amount', value: 500, oncePerCustomer: true });
    const email = 'loyal@example.test';
    const first = await t.call('POST', '/api/checkout', { ...checkoutBody(email), coupon: 'MINE' });
    expect(first.status).toBe(201);
    const cookie = sessionCookie(first);
    const again = await t.call(
      'POST',
      '/api/checkout',
      { ...checkoutBody(email), coupon: 'mine', password: undefined },
      { Cookie: cookie },
    );
    const error = await refusal(again);
    expect(error.fields).toEqual({ coupon: 'coupon.refused.alreadyUsed' });
    const other = await order('MINE');
    expect(other.status).toBe(201);
  });

  it('lists every coupon with its uses and the money given away', async () => {
    const res = await t.call('GET', '/api/admin/coupons', undefined, { Cookie: staff });
    expect(res.status, await res.clone().text()).toBe(200);
    const { coupons } = (await res.json()) as {
      coupons: Array<{ code: string; uses: number; givenAway: number; enabled: boolean }>;
    };
    const byCode = Object.fromEntries(coupons.map((c) => [c.code, c]));
    expect(byCode.EXIT10).toMatchObject({ uses: 0, enabled: true });
    expect(byCode.ONCE).toMatchObject({ uses: 1, givenAway: 1000 });
    expect(byCode.MINE).toMatchObject({ uses: 2, givenAway: 1000 });
    expect(byCode.GONE).toMatchObject({ enabled: false });
  });
});

describe('a coupon of every payment discounts the renewal', () => {
  it('order on 31 January with 20% on every payment of the hosting plan; the February renewal is discounted', async () => {
    clock = new Date('2026-01-31T10:00:00Z');
    await make({
      code: 'ALWAYS20',
      kind: 'percent',
      value: 20,
      appliesTo: 'everyPayment',
      planIds: ['webHosting_total'],
    });
    const res = await order('always20', { lang: 'nl' });
    expect(res.status).toBe(201);
    const { invoiceNumber } = await res.json();
    const [first] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.number, invoiceNumber));
    // Hosting 30.00 + domain 15.00, less 20% of 30.00 = 6.00.
    expect(first!.lines.map((l) => [l.description, l.amount])).toContainEqual([
      'Kortingscode ALWAYS20',
      -600,
    ]);
    expect(first!.total).toBe(3900);
    const paid = await t.call('POST', `/api/admin/invoices/${invoiceNumber}/mark-paid`, undefined, {
      Cookie: staff,
    });
    expect(paid.status).toBe(200);

    clock = new Date('2026-02-28T06:00:00Z');
    staff = await signIn(t, STAFF.email, STAFF.password);
    const run = await t.call('POST', '/api/admin/billing/run', undefined, { Cookie: staff });
    const { issued } = (await run.json()) as { issued: string[] };
    const renewals = await t.database.db.select().from(invoices);
    const renewal = renewals.find((i) => issued.includes(i.number) && i.orderId === first!.orderId);
    expect(renewal).toBeDefined();
    // The second month: 30.00 less 20% = 24.00.
    expect(renewal!.lines.map((l) => l.amount)).toEqual([3000, -600]);
    expect(renewal!.lines[1]!.description).toBe('Kortingscode ALWAYS20');
    expect(renewal!.total).toBe(2400);
    const uses = await t.database.db
      .select()
      .from(couponUses)
      .where(eq(couponUses.invoiceId, renewal!.id));
    expect(uses).toMatchObject([{ kind: 'renewal', amount: 600 }]);
  });
});

describe('someone trying codes (issue 46)', () => {
  const from = (address: string, coupon?: string) =>
    t.call(
      'POST',
      '/api/quote?lang=en',
      { plans: ['webHosting_total'], interval: 'monthly', ...(coupon ? { coupon } : {}) },
      { 'X-Forwarded-For': address },
    );

  it('is held after 10 refused codes from one address; accepted codes, plain quotes and others go on', async () => {
    const rule = RATE_LIMITS.couponRefusals;
    for (let i = 0; i < rule.limit; i++) {
      // A code that is taken does not count.
      expect((await from('198.51.100.46', 'exit10')).status).toBe(200);
      await refusal(await from('198.51.100.46', `GUESS${i}`));
    }
    const held = await from('198.51.100.46', 'GUESS99');
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Held whatever the code, while a quote without one still answers.
    expect((await from('198.51.100.46', 'EXIT10')).status).toBe(429);
    expect((await from('198.51.100.46')).status).toBe(200);
    // Someone else is not affected.
    await refusal(await from('203.0.113.46', 'GUESS0'));
  });
});
