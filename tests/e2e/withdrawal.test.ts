import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { checkoutBody } from '../helpers/checkout-body.ts';
import { axeViolations, launchBrowser, watchedPage } from '../helpers/browser.ts';
import { withdrawInBrowser } from '../helpers/withdraw-steps.ts';

// Issue 42 in the browser: a consumer withdraws from an order on /withdraw, once in Dutch and once
// in English, through the button, the form, the refund shown before confirming, the confirm
// button and the answer on screen. The orders are placed through the API (bank transfer).
// Then staff: an order paid by bank transfer (marked paid by staff) is withdrawn from, and staff
// mark its refund refunded on /dashboard/refunds, in both languages, with no axe violations.

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function placeOrder(email: string, lang: 'nl' | 'en') {
  const response = await fetch(`${baseUrl}/api/checkout?lang=${lang}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(checkoutBody(email, { company: '', kvk: '', lang })),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { invoiceNumber: string; orderId: string };
}

describe('the withdrawal function', () => {
  for (const lang of ['nl', 'en'] as const) {
    it(`withdraws from an order in ${lang === 'nl' ? 'Dutch' : 'English'}`, async () => {
      const t = (lang === 'nl' ? nl : en) as Record<string, string>;
      const email = `withdraw-${lang}-${Date.now()}@example.test`;
      const { invoiceNumber } = await placeOrder(email, lang);
      const { page, context } = await watchedPage(browser, baseUrl);
      try {
        page.setDefaultTimeout(10_000);
        const answer = await withdrawInBrowser(page, t, {
          email,
          invoiceNumber,
          fromFooterOf: `${baseUrl}/?lang=${lang}`,
        });
        expect(answer).toMatch(/CN-\d{4}-\d{4}/);
      } finally {
        await context.close();
      }
    });
  }
});

describe('the staff refunds list', () => {
  for (const lang of ['en', 'nl'] as const) {
    it(`staff mark a bank-transfer refund refunded (${lang})`, async () => {
      const t = (lang === 'nl' ? nl : en) as Record<string, string>;
      const email = `refund-${lang}-${Date.now()}@example.test`;
      const { invoiceNumber } = await placeOrder(email, lang);
      const { page, context, problems } = await watchedPage(browser, baseUrl);
      try {
        page.setDefaultTimeout(10_000);
        await page.goto(`${baseUrl}/login?lang=${lang}&redirect=/dashboard/refunds`, {
          waitUntil: 'networkidle',
        });
        await page.getByLabel(t['auth.login.email']!).fill('staff@example.test');
        await page.getByLabel(t['auth.login.password']!).fill('staff-password-e2e');
        await page.getByRole('button', { name: t['auth.login.submit'] }).click();
        await page.waitForURL((url) => url.pathname === '/dashboard/refunds');
        // The transfer arrived (staff mark the invoice paid), then the consumer withdraws.
        const paid = await context.request.post(
          `${baseUrl}/api/admin/invoices/${invoiceNumber}/mark-paid`,
        );
        expect(paid.status(), await paid.text()).toBe(200);
        const withdrawn = await context.request.post(`${baseUrl}/api/withdrawals?lang=${lang}`, {
          data: { invoiceNumber, email, name: 'Anna de Vries' },
        });
        expect(withdrawn.status(), await withdrawn.text()).toBe(201);
        const { withdrawal } = (await withdrawn.json()) as {
          withdrawal: { creditNoteNumber: string };
        };

        await page.goto(`${baseUrl}/dashboard/refunds?lang=${lang}`, { waitUntil: 'networkidle' });
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).innerText())
          .toBe(t['dashboard.nav.refunds']);
        const row = page.getByRole('row').filter({ hasText: withdrawal.creditNoteNumber });
        await expect.poll(() => row.innerText()).toContain(invoiceNumber);
        expect(await row.innerText()).toContain(t['dashboard.refunds.method.banktransfer']);
        expect(await row.innerText()).toContain(t['dashboard.refunds.status.pending']);
        expect(await row.innerText()).toContain(email);
        expect(await axeViolations(page)).toEqual([]);

        // By keyboard: the button, then the confirmation (which takes the focus).
        await row.getByRole('button', { name: t['dashboard.refunds.mark'] }).focus();
        await page.keyboard.press('Enter');
        const confirm = row.getByRole('button', { name: t['dashboard.refunds.confirm'] });
        await expect.poll(() => confirm.evaluate((b) => b === document.activeElement)).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
        await page.keyboard.press('Enter');
        await expect
          .poll(() => row.getByRole('status').innerText())
          .toBe(t['dashboard.refunds.marked']);
        expect(await row.innerText()).toContain(t['dashboard.refunds.status.refunded']);
        expect(await row.getByRole('button').count()).toBe(0);
        expect(await axeViolations(page)).toEqual([]);

        // The server has it: the list says refunded after a reload too.
        const list = await context.request.get(`${baseUrl}/api/admin/refunds`);
        const { refunds } = (await list.json()) as {
          refunds: Array<{ creditNoteNumber: string; status: string; refundedAt: string | null }>;
        };
        const mine = refunds.find((r) => r.creditNoteNumber === withdrawal.creditNoteNumber);
        expect(mine?.status).toBe('refunded');
        expect(mine?.refundedAt).toBeTruthy();
        // A signed-out visitor's /api/auth/me answers 401 before signing in; nothing else may fail.
        expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
