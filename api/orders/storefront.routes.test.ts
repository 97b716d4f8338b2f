import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionById } from '#domain/catalogue.ts';
import { addUsers, signIn, STAFF } from '../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { createMollieProvider } from '../invoices/payments.ts';
import { createMollieClient } from '../invoices/mollie.ts';

// GET /api/storefront (D39A-3, D39A-5): the spots left this month are PROJECTS_PER_MONTH minus
// the website orders PAID this Amsterdam calendar month, current on every request; the payment
// methods are the ones the checkout offers with the configured provider.

let clock = new Date('2026-03-10T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock }, { PROJECTS_PER_MONTH: 3 });
  await addUsers(t.database, STAFF);
});
afterAll(async () => {
  await t.close();
});

const status = async () => {
  const res = await t.call('GET', '/api/storefront');
  expect(res.status).toBe(200);
  expect(res.headers.get('Cache-Control')).toBe('no-store');
  return (await res.json()) as {
    spots: { month: string; perMonth: number; left: number };
    paymentMethods: string[];
  };
};

let n = 0;
async function order(products: number[], paid: boolean) {
  const res = await t.call(
    'POST',
    '/api/checkout',
    checkoutBody(`spots-${++n}@example.test`, {
      planData: { products, billingCycle: 'monthly' },
    }),
  );
  expect(res.status).toBe(201);
  const { invoiceNumber } = (await res.json()) as { invoiceNumber: string };
  if (paid) {
    const staff = await signIn(t, STAFF.email, STAFF.password);
    const marked = await t.call(
      'POST',
      `/api/admin/invoices/${invoiceNumber}/mark-paid`,
      undefined,
      { Cookie: staff },
    );
    expect(marked.status).toBe(200);
  }
}

describe('GET /api/storefront', () => {
  it('counts down with every website order paid this Amsterdam month, and only those', async () => {
    expect(await status()).toEqual({
      spots: { month: '2026-03', perMonth: 3, left: 3 },
      paymentMethods: ['banktransfer'],
    });
    const website = optionById('webHosting_total')!.productId;
    const seo = optionById('seo_booster')!.productId;
    await order([website], false); // ordered, not paid: no spot taken
    expect((await status()).spots.left).toBe(3);
    await order([website], true);
    expect((await status()).spots.left).toBe(2);
    await order([seo], true); // paid, but no website
    expect((await status()).spots.left).toBe(2);
    await order([website, seo], true);
    await order([website], true);
    expect((await status()).spots.left).toBe(0);
    await order([website], true); // more than the month's projects: never negative
    expect((await status()).spots.left).toBe(0);
    // 1 April 00:30 in Amsterdam (still 31 March in UTC): a new month, every spot free again.
    clock = new Date('2026-03-31T22:30:00Z');
    expect((await status()).spots).toEqual({ month: '2026-04', perMonth: 3, left: 3 });
  });

  it('shows the methods Mollie offers when payments go through Mollie', async () => {
    const mollie = await createTestApp({
      database: t.database,
      payments: createMollieProvider({
        client: createMollieClient({
          apiKey: 'test_abcdefghijklmnopqrstuvwxyz12',
          baseUrl: 'http://127.0.0.1:9/',
        }),
        publicUrl: 'https://shop.example.test',
      }),
    });
    const res = await mollie.call('GET', '/api/storefront');
    const body = (await res.json()) as { paymentMethods: string[]; spots: { perMonth: number } };
    expect(body.paymentMethods).toEqual([
      'ideal',
      'creditcard',
      'bancontact',
      'applepay',
      'paypal',
    ]);
    expect(body.spots.perMonth).toBe(20);
  });
});
