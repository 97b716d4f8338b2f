import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addUsers, sessionCookie, signIn, STAFF } from '../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { createTestDatabasePair } from '../../tests/helpers/database.ts';
import { couponUses, coupons, invoices } from '../db/schema.ts';

// The limits of a coupon hold with checkouts at once on two app servers (API.md section 14): on
// PostgreSQL (DATABASE_URL) two pools on one database, as two servers see it; on PGlite the one
// embedded database twice. The use is claimed by a conditional UPDATE in the order's transaction.

let one: TestApp;
let two: TestApp;
let staff: string;
const now = () => new Date('2026-03-10T10:00:00Z');
beforeAll(async () => {
  const [a, b] = await createTestDatabasePair();
  one = await createTestApp({ database: a, now });
  two = await createTestApp({ database: b, now });
  await addUsers(a, STAFF);
  staff = await signIn(one, STAFF.email, STAFF.password);
});
afterAll(async () => {
  await one.close();
  await two.close();
});

async function usesOf(code: string) {
  const [row] = await one.database.db.select().from(coupons).where(eq(coupons.code, code));
  const rows = await one.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(couponUses)
    .where(eq(couponUses.couponId, row!.id));
  return { counted: row!.uses, recorded: rows[0]!.n };
}

describe('coupon limits with 20 checkouts at once on two servers', () => {
  it('maxUses 7: exactly 7 orders get the discount, 13 are told it is used up', async () => {
    const made = await one.call(
      'POST',
      '/api/admin/coupons',
      { code: 'RUSH7', kind: 'amount', value: 500, maxUses: 7 },
      { Cookie: staff },
    );
    expect(made.status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? one : two).call('POST', '/api/checkout', {
          ...checkoutBody(`rush${i}@example.test`),
          coupon: i % 3 === 0 ? 'rush7' : 'RUSH7',
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(7);
    expect(statuses.filter((s) => s === 400)).toHaveLength(13);
    for (const res of answers.filter((r) => r.status === 400))
      expect((await res.json()).error.fields).toEqual({ coupon: 'coupon.refused.usedUp' });
    expect(await usesOf('RUSH7')).toEqual({ counted: 7, recorded: 7 });
    // Every order that got the code carries its line; no refused order was written.
    const discounted = await one.database.db.select().from(invoices);
    expect(
      discounted.filter((i) => i.lines.some((l) => l.description === 'Discount code RUSH7')),
    ).toHaveLength(7);
    expect(discounted).toHaveLength(7);
  });

  it('once per customer: one account ordering 6 times at once on two servers gets it once', async () => {
    await one.call(
      'POST',
      '/api/admin/coupons',
      { code: 'JUSTONCE', kind: 'amount', value: 500, oncePerCustomer: true },
      { Cookie: staff },
    );
    const email = 'eager@example.test';
    const first = await one.call('POST', '/api/checkout', checkoutBody(email));
    expect(first.status).toBe(201);
    const cookie = sessionCookie(first);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 === 0 ? one : two).call(
          'POST',
          '/api/checkout',
          { ...checkoutBody(email), password: undefined, coupon: 'justonce' },
          { Cookie: cookie },
        ),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    expect(await usesOf('JUSTONCE')).toEqual({ counted: 1, recorded: 1 });
  });
});
