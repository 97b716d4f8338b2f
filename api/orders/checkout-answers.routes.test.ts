// POST /api/checkout with `smartLeadFormAnswers` (SPEC section 3): the planner's, quiz's and lead
// form's answers go with the order, are checked by the one schema and stored on it for staff.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { signedInStaff } from '../../tests/helpers/staff.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-03-10T10:00:00Z') });
  staff = await signedInStaff(t);
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const order = (overrides: Record<string, unknown> = {}) =>
  checkoutBody(`answers${++counter}@example.test`, overrides);

const QUIZ = {
  situation: 'haveWebsite',
  goal: 'getClients',
  budget: 'professional',
  involvement: 'handsOff',
  timeline: 'soon',
};
const LEAD_FORM = { goal: 'sellProducts', need: 'launchNew', booked: false };

async function storedAnswers(orderId: string) {
  const [row] = await t.database.db
    .select({ answers: orders.smartLeadFormAnswers })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.answers;
}

describe('POST /api/checkout: smartLeadFormAnswers', () => {
  it('stores the answers with the order and shows them to staff', async () => {
    const answers = { quiz: QUIZ, leadForm: LEAD_FORM };
    const res = await t.call('POST', '/api/checkout', order({ smartLeadFormAnswers: answers }));
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    expect(await storedAnswers(orderId)).toEqual(answers);

    const table = await (
      await t.call('GET', '/api/admin/tables/orders', undefined, { Cookie: staff })
    ).json();
    const row = table.rows.find((r: { id: string }) => r.id === orderId);
    expect(row.smartLeadFormAnswers).toEqual(answers);
    const list = await (
      await t.call('GET', '/api/admin/orders', undefined, { Cookie: staff })
    ).json();
    expect(list.orders.find((r: { id: string }) => r.id === orderId).smartLeadFormAnswers).toEqual(
      answers,
    );
  });

  it('stores nothing when the visitor answered nothing', async () => {
    const res = await t.call('POST', '/api/checkout', order());
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    expect(await storedAnswers(orderId)).toBeNull();
  });

  it.each([
    ['an unknown flow', { blueprint: { goal: 'x' } }],
    ['a value the quiz does not offer', { quiz: { ...QUIZ, budget: 'unlimited' } }],
    ['an incomplete planner record', { planner: { situation: 'starting' } }],
    ['a lead-form need that is not one', { leadForm: { goal: 'showcase', need: 'world peace' } }],
    ['an empty record', {}],
    ['not a record', 'quiz'],
  ])('refuses %s with 400 VALIDATION_FAILED and places no order', async (_, answers) => {
    const before = await t.database.db.select({ id: orders.id }).from(orders);
    const res = await t.call('POST', '/api/checkout', order({ smartLeadFormAnswers: answers }));
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(json.error.fields).some((k) => k.startsWith('smartLeadFormAnswers'))).toBe(
      true,
    );
    const after = await t.database.db.select({ id: orders.id }).from(orders);
    expect(after).toHaveLength(before.length);
  });
});
