import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { checkoutBody } from '../helpers/checkout-body.ts';
import { launchBrowser, watchedPage } from '../helpers/browser.ts';

// Issue 42 in the browser: a consumer withdraws from an order on /withdraw, once in Dutch and once
// in English, through the button, the form, the refund shown before confirming, the confirm
// button and the answer on screen. The orders are placed through the API (bank transfer).

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
        // The footer links the withdrawal function from every page.
        await page.goto(`${baseUrl}/?lang=${lang}`, { waitUntil: 'networkidle' });
        await page.getByRole('link', { name: t['footer.legal.withdraw'] }).click();
        await page.waitForURL(/\/withdraw/);
        await page.getByRole('button', { name: t['withdraw.button.start'] }).click();
        await page.getByLabel(t['withdraw.form.name']!).fill('Anna de Vries');
        await page.getByLabel(t['withdraw.form.email']!).fill(email);
        await page.getByLabel(t['withdraw.form.order']!).fill(invoiceNumber);
        await page.getByLabel(new RegExp(`^${t['withdraw.form.statement']}`)).fill('Ik herroep.');
        await page.getByRole('button', { name: t['withdraw.button.continue'] }).click();
        // The refund is on screen before the confirm step.
        await page.getByTestId('withdraw-refund').waitFor();
        await page.getByRole('button', { name: t['withdraw.button.confirm'] }).click();
        const done = page.getByRole('status');
        await expect.poll(() => done.innerText()).toContain(t['withdraw.done.heading']);
        expect(await done.innerText()).toMatch(/CN-\d{4}-\d{4}/);
      } finally {
        await context.close();
      }
    });
  }
});
