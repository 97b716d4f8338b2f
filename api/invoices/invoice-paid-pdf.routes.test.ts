import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUsers, sessionCookie, signIn, STAFF } from '../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { readPdf } from '../../tests/helpers/pdf-text.ts';

// Issue 39 item 5 (D39A-4): a paid invoice's PDF says "Paid on <date>" (its Amsterdam day) and no
// longer tells the customer how to pay; an open one never promises bank details "by email".

// 23:30 UTC on 9 March is 10 March in Amsterdam: the paid day is the Amsterdam one.
const clock = new Date('2026-03-09T23:30:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await addUsers(t.database, STAFF);
});
afterAll(async () => {
  await t.close();
});

const pdfText = async (number: string, cookie: string) => {
  const res = await t.call('GET', `/api/invoices/${number}?format=pdf`, undefined, {
    Cookie: cookie,
  });
  expect(res.status).toBe(200);
  return readPdf(new Uint8Array(await res.arrayBuffer())).text.replace(/\s+/g, ' ');
};

describe('a paid invoice PDF', () => {
  it.each([
    [
      'nl',
      'Betaald op 10 maart 2026',
      'Betaal online via de betaallink van je bestelling, of vraag ons om de bankgegevens.',
    ],
    [
      'en',
      'Paid on March 10, 2026',
      'Pay online through the payment link of your order, or ask us for the bank details.',
    ],
  ] as const)('says when it was paid (%s)', async (lang, paid, unpaid) => {
    const res = await t.call(
      'POST',
      `/api/checkout?lang=${lang}`,
      checkoutBody(`paid-pdf-${lang}@example.test`, { lang }),
    );
    expect(res.status).toBe(201);
    const { invoiceNumber } = (await res.json()) as { invoiceNumber: string };
    const client = sessionCookie(res);

    const open = await pdfText(invoiceNumber, client);
    expect(open).toContain(unpaid);
    expect(open).not.toMatch(/follow by e-?mail|volgen per e-mail/i);
    expect(open).not.toContain(paid);

    const staff = await signIn(t, STAFF.email, STAFF.password);
    const marked = await t.call(
      'POST',
      `/api/admin/invoices/${invoiceNumber}/mark-paid`,
      undefined,
      {
        Cookie: staff,
      },
    );
    expect(marked.status).toBe(200);

    const paidPdf = await pdfText(invoiceNumber, client);
    expect(paidPdf).toContain(paid);
    expect(paidPdf).toContain(invoiceNumber);
    expect(paidPdf).not.toContain(unpaid);
    // The same bytes from then on, for staff too.
    expect(await pdfText(invoiceNumber, staff)).toBe(paidPdf);
  });
});
