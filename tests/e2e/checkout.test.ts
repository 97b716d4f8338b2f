import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { expected404, launchBrowser, watchedPage } from '../helpers/browser.ts';

const baseUrl = inject('baseUrl');
const t = en as Record<string, string>;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function axeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations.map(
    (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

describe('a whole order in the browser', () => {
  it('checkout → pay page → thank-you, with the invoice shown to its new owner', async () => {
    const { page, context, problems } = await watchedPage(browser, baseUrl, {
      viewport: { width: 375, height: 800 },
    });
    try {
      page.setDefaultTimeout(8000);
      const email = `e2e-${Date.now()}@example.test`;
      await page.goto(`${baseUrl}/checkout?plans=webHosting_total&interval=monthly&lang=en`, {
        waitUntil: 'networkidle',
      });
      await page.getByLabel(t['checkout.fields.email']!).fill(email);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: t['checkout.account.continue'] }).click();
      await expect
        .poll(() => page.getByRole('tab', { selected: true }).innerText())
        .toContain(t['checkout.tabs.details']);
      // Step 1's button is gone: the focus goes on at step 2's title, not back to the page.
      const focusedHeading = () =>
        page.evaluate(() =>
          document.activeElement?.tagName === 'H2' ? document.activeElement.textContent : null,
        );
      await expect.poll(focusedHeading).toBe(t['checkout.details.title']);

      const pay = page.getByRole('button', { name: t['checkout.pay.button'] });
      expect(await pay.isDisabled()).toBe(true);
      const field = (id: string) => page.getByLabel(new RegExp(`^${t[id]}`));
      await field('checkout.fields.firstname').fill('Eva');
      await field('checkout.fields.lastname').fill('Tester');
      await field('checkout.fields.postalcode').fill('1012 LG');
      await field('checkout.fields.address1').fill('Damrak 1');
      await field('checkout.fields.city').fill('Amsterdam');
      await field('checkout.fields.password').fill('an-e2e-password');
      await page.getByRole('checkbox', { name: /agree|akkoord/i }).check();
      expect(await axeViolations(page)).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await pay.isEnabled()).toBe(true);
      // The summary gives way to the form on a phone; the amount due stays by the pay button.
      expect(await page.locator('.checkout-summary').isVisible()).toBe(false);
      const due = page.locator('.checkout-pay__due');
      expect(await due.isVisible()).toBe(true);
      expect(await due.innerText()).toMatch(
        new RegExp(`^${t['order.summary.dueToday']}\\s+€\\s?30[.,]00$`),
      );
      await pay.click();

      await page.waitForURL(/\/pay\/\d{4}-\d{4}/, { timeout: 20_000 });
      const number = /\/pay\/(\d{4}-\d{4})/.exec(page.url())![1]!;
      await expect
        .poll(() => page.locator('.pay-page__details').innerText(), { timeout: 10_000 })
        .toContain(number);
      expect(await page.locator('.pay-page__details').innerText()).toMatch(/30[.,]00/);
      // The order is in, and the page says what follows (as the thank-you page does).
      expect(await page.locator('.pay-page__received').innerText()).toBe(
        `${t['page.thankYou.intro']}\n\n${t['thankYou.next.start']}`,
      );
      // A bank transfer on a (development) server without bank details configured: it says
      // plainly that they are missing, and promises no mail that nothing sends (D39A-5).
      expect(await page.locator('.pay-page__details').innerText()).toContain(
        t['pay.page.bankDetailsMissing'],
      );
      // The pay page leads on to the client area.
      expect(
        await page.getByRole('link', { name: t['pay.page.account'] }).getAttribute('href'),
      ).toBe('/account');
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(`${baseUrl}/thank-you?invoice=${number}&lang=en`, { waitUntil: 'load' });
      expect(await page.locator('.thank-you__invoice').innerText()).toContain(number);
      await expect
        .poll(() => page.locator('.thank-you__status').innerText())
        .toContain(t['thankYou.status.open']);

      // The invoice PDF is there for its owner.
      const pdf = await page.request.get(`${baseUrl}/api/invoices/${number}?format=pdf`);
      expect(pdf.status()).toBe(200);
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

      // Signed in now, the same customer orders again as their own account: no "already
      // registered", no password asked, a second invoice on the same account.
      await page.goto(`${baseUrl}/checkout?plans=webHosting_total,seo_booster&lang=en`, {
        waitUntil: 'networkidle',
      });
      await page.getByLabel(t['checkout.fields.email']!).fill(email);
      await page.getByLabel(t['checkout.fields.email']!).press('Enter');
      await expect
        .poll(() => page.getByRole('tab', { selected: true }).innerText())
        .toContain(t['checkout.tabs.details']);
      await expect.poll(focusedHeading).toBe(t['checkout.details.title']);
      expect(await page.getByText(t['accountCreation.alreadyRegistered']!).count()).toBe(0);
      expect(await field('checkout.fields.password').count()).toBe(0);
      // The details of the first order were kept in this browser.
      expect(await field('checkout.fields.city').inputValue()).toBe('Amsterdam');
      await page.getByRole('checkbox', { name: /agree|akkoord/i }).check();
      expect(await axeViolations(page)).toEqual([]);
      await pay.click();
      await page.waitForURL(/\/pay\/\d{4}-\d{4}/, { timeout: 20_000 });
      const second = /\/pay\/(\d{4}-\d{4})/.exec(page.url())![1]!;
      expect(second).not.toBe(number);
      const invoices = await page.request.get(`${baseUrl}/api/account/invoices`);
      expect(
        ((await invoices.json()) as { invoices: Array<{ number: string }> }).invoices
          .map((invoice) => invoice.number)
          .sort(),
      ).toEqual([number, second].sort());
      expect(problems.filter((p) => !expected404(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('on a Dutch phone, step 2 keeps the amount due today by the pay button', async () => {
    const { page, context, problems } = await watchedPage(browser, baseUrl, {
      viewport: { width: 375, height: 800 },
    });
    const n = nl as Record<string, string>;
    try {
      page.setDefaultTimeout(8000);
      await page.goto(`${baseUrl}/checkout?plans=webHosting_total&interval=monthly&lang=nl`, {
        waitUntil: 'networkidle',
      });
      await page.getByLabel(n['checkout.fields.email']!).fill(`e2e-nl-${Date.now()}@example.test`);
      await page.getByRole('button', { name: n['checkout.account.continue'] }).click();
      await expect
        .poll(() => page.getByRole('tab', { selected: true }).innerText())
        .toContain(n['checkout.tabs.details']);
      expect(await page.locator('.checkout-summary').isVisible()).toBe(false);
      const due = page.locator('.checkout-pay__due');
      expect(await due.isVisible()).toBe(true);
      // Dutch words and Dutch money: "€ 30,00".
      expect(await due.innerText()).toMatch(
        new RegExp(`^${n['order.summary.dueToday']}\\s+€\\s30,00$`),
      );
      expect(await page.getByRole('button', { name: n['checkout.pay.button'] }).isVisible()).toBe(
        true,
      );
      expect(problems.filter((p) => !expected404(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('staff sign in at /login?redirect= and land on the asked dashboard page', async () => {
    const { page, context, problems } = await watchedPage(browser, baseUrl);
    try {
      await page.goto(`${baseUrl}/dashboard/order-link-generator?lang=en`, {
        waitUntil: 'networkidle',
      });
      await page.waitForURL(/\/login\?redirect=/);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel(t['auth.login.email']!).fill('staff@example.test');
      await page.getByLabel(t['auth.login.password']!).fill('wrong-password');
      await page.getByRole('button', { name: t['auth.login.submit'] }).click();
      await expect
        .poll(() => page.getByRole('alert').innerText())
        .toBe(t['auth.login.wrongCredentials']);
      await page.getByLabel(t['auth.login.password']!).fill('staff-password-e2e');
      await page.getByRole('button', { name: t['auth.login.submit'] }).click();
      await page.waitForURL(/\/dashboard\/order-link-generator/);
      expect(
        problems.filter((p) => !(p.includes('401') && p.includes('Failed to load resource'))),
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
