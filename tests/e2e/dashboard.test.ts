import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { launchBrowser, watchedPage } from '../helpers/browser.ts';

const baseUrl = inject('baseUrl');
const catalogs = { en: en as Record<string, string>, nl: nl as Record<string, string> };
const ROUTES = [
  { path: '/dashboard', heading: 'dashboard.nav.overview' },
  { path: '/dashboard/order-link-generator', heading: 'dashboard.nav.orderLinks' },
  { path: '/dashboard/checkout-link-generator', heading: 'dashboard.nav.checkoutLinks' },
] as const;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];

async function axeViolations(p: Page) {
  const axe = await new AxeBuilder({ page: p }).analyze();
  return axe.violations.map(
    (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, context, problems } = await watchedPage(browser, baseUrl, {
    viewport: { width: 375, height: 740 },
  }));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** An open bank-transfer order placed through the API; its invoice number. */
async function placeBankTransferOrder(): Promise<string> {
  const created = await fetch(`${baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: `dashboard-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`,
      password: 'a-good-password',
      firstname: 'Anna',
      lastname: 'de Vries',
      address1: 'Damrak 1',
      postalcode: '1012lg',
      city: 'Amsterdam',
      state: '',
      country: 'NL',
      phone: '+31 6 12345678',
      company: '',
      kvk: '',
      vat: '',
      tos: true,
      planData: { products: [16], billingCycle: 'monthly' },
      paymentMethod: 'banktransfer',
      sendEmail: false,
      noEmail: true,
    }),
  });
  expect(created.status, await created.clone().text()).toBeLessThan(300);
  return ((await created.json()) as { invoiceNumber: string }).invoiceNumber;
}

// In order, one after the other (Vitest 5 dropped describe.sequential for this option).
describe('staff area', { concurrent: false }, () => {
  it('signs in as staff through /login?redirect=/dashboard', async () => {
    await page.goto(`${baseUrl}/dashboard?lang=en`, { waitUntil: 'networkidle' });
    await page.waitForURL(/\/login\?redirect=/);
    const t = catalogs.en;
    await page.getByLabel(t['auth.login.email']!).fill('staff@example.test');
    await page.getByLabel(t['auth.login.password']!).fill('staff-password-e2e');
    await page.getByRole('button', { name: t['auth.login.submit'] }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    // A signed-out visitor's /api/auth/me answers 401 before signing in; nothing else may fail.
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
    problems.length = 0;
  });

  describe.each(['en', 'nl'] as const)('in %s', (lang) => {
    const t = catalogs[lang];
    it.each(ROUTES)('$path: 200, heading, accessible, fits 375 px', async ({ path, heading }) => {
      const response = await page.goto(`${baseUrl}${path}?lang=${lang}`, {
        waitUntil: 'networkidle',
      });
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().innerText())
        .toBe(t[heading]);
      if (path === '/dashboard') {
        // Real figures arrived: the figure list and every table heading (or its empty state).
        await expect
          .poll(() =>
            page
              .locator('.dashboard-overview__figures dt')
              .getByText(t['dashboard.overview.figureOrders']!, { exact: true })
              .count(),
          )
          .toBe(1);
        for (const id of [
          'dashboard.overview.ordersTitle',
          'dashboard.overview.leadsTitle',
          'dashboard.overview.ticketsTitle',
          'dashboard.overview.outboxTitle',
        ])
          await expect(page.getByRole('heading', { level: 2, name: t[id] }).count()).resolves.toBe(
            1,
          );
        await expect(
          page.getByRole('switch', { name: t['dashboard.overview.chatAvailable'] }).count(),
        ).resolves.toBe(1);
      } else {
        await expect.poll(() => page.getByTestId('generated-link').count()).toBe(1);
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, 'horizontal overflow at 375 px').toBeLessThanOrEqual(0);
      // Each menu link on one line ("Bestellinkgenerator" broke per letter beside the logo).
      const brokenLinks = await page.$$eval('.dashboard__nav a', (links) =>
        links
          .filter((link) => {
            const range = document.createRange();
            range.selectNodeContents(link);
            return range.getClientRects().length > 1;
          })
          .map((link) => link.textContent),
      );
      expect(brokenLinks).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  });

  it('marks an open bank-transfer invoice as paid', async () => {
    const t = catalogs.en;
    await placeBankTransferOrder();
    await page.goto(`${baseUrl}/dashboard?lang=en`, { waitUntil: 'networkidle' });
    // The open-invoices figure ("count · amount") follows the payment without a reload.
    const openTile = page.locator('.overview-figures__tiles dd').first();
    const openCount = async () => Number((await openTile.innerText()).split('·')[0]!.trim());
    const openBefore = await openCount();
    const button = page.getByRole('button', { name: /^Mark as paid: invoice / });
    await expect.poll(() => button.count()).toBeGreaterThan(0);
    const label = (await button.first().getAttribute('aria-label')) ?? '';
    const number = label.replace(/^.*invoice /, '');
    const answer = page.waitForResponse((r) =>
      r.url().includes(`/api/admin/invoices/${number}/mark-paid`),
    );
    await button.first().click();
    // It asks first (the customer is mailed at once); the question has the focus.
    const confirm = page.getByRole('button', {
      name: `Yes, paid: mail the customer (invoice ${number})`,
    });
    await expect.poll(() => confirm.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    expect((await answer).status()).toBe(200);
    const row = page.getByRole('row').filter({ hasText: number });
    await expect
      .poll(() => row.getByRole('cell').nth(3).innerText())
      .toBe(t['dashboard.overview.invoicePaid']);
    await expect
      .poll(() => page.getByRole('button', { name: `Mark as paid: invoice ${number}` }).count())
      .toBe(0);
    // the keyboard stays in the row, on the line that says what happened
    await expect
      .poll(() => row.getByRole('status').evaluate((s) => s === document.activeElement))
      .toBe(true);
    expect(await row.getByRole('status').innerText()).toBe(t['dashboard.overview.markedPaid']);
    await expect.poll(openCount).toBe(openBefore - 1);
    // With rows in the tables the page still fits 375 px and has no axe violations.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, 'horizontal overflow at 375 px').toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('marks any open bank-transfer invoice paid from the invoices table, found by its number', async () => {
    const number = await placeBankTransferOrder();
    await page.goto(`${baseUrl}/dashboard/invoices?lang=en`, { waitUntil: 'networkidle' });
    await page
      .getByRole('searchbox', { name: catalogs.en['dashboard.tables.search'] })
      .fill(number);
    const row = page.locator('.admin-table tbody tr').filter({ hasText: number });
    const button = row.getByRole('button', { name: `Mark as paid: invoice ${number}` });
    await button.waitFor();
    await button.click();
    await row
      .getByRole('button', { name: `Yes, paid: mail the customer (invoice ${number})` })
      .click();
    await expect
      .poll(() => row.innerText())
      .toContain(catalogs.en['dashboard.tables.invoiceStatus.paid']);
    // the keyboard stays in the row, on the line that says what happened
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe(catalogs.en['dashboard.overview.markedPaid']);
    expect(await button.count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a staff table on a phone shows each row as labelled lines, nothing off the right edge', async () => {
    await page.goto(`${baseUrl}/dashboard/invoices?lang=nl`, { waitUntil: 'networkidle' });
    const wrap = page.locator('.admin-table .account__table-wrap');
    const row = wrap.locator('tbody tr').first();
    await row.waitFor();
    const sizes = await wrap.evaluate((box) => ({
      scroll: box.scrollWidth,
      client: box.clientWidth,
      page: document.documentElement.scrollWidth - window.innerWidth,
    }));
    // (the rows used to scroll sideways, with the status, total and actions off screen)
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
    expect(sizes.page).toBeLessThanOrEqual(0);
    // every value says its column's name before it, in the page's language
    const labels = await row
      .locator('td')
      .evaluateAll((cells) => cells.map((c) => getComputedStyle(c, '::before').content));
    expect(labels).toEqual(
      [
        'dashboard.tables.invoice',
        'dashboard.tables.date',
        'dashboard.tables.period',
        'dashboard.tables.client',
        'dashboard.tables.status',
        'dashboard.tables.total',
        'dashboard.tables.actions',
      ].map((id) => JSON.stringify(catalogs.nl[id])),
    );
    // the action is whole on screen
    const mark = row.getByRole('button', { name: /^Markeer als betaald/ });
    if (await mark.count()) {
      const box = (await mark.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    }
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('the chat switch saves availability and shows whether chat is online', async () => {
    const t = catalogs.en;
    await page.goto(`${baseUrl}/dashboard?lang=en`, { waitUntil: 'networkidle' });
    const chat = page.getByRole('switch', { name: t['dashboard.overview.chatAvailable'] });
    await chat.waitFor();
    const before = await chat.isChecked();
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/chat-availability') && r.request().method() === 'PUT',
    );
    await chat.click();
    expect((await answer).status()).toBe(200);
    await expect.poll(() => chat.isChecked()).toBe(!before);
    await expect
      .poll(() =>
        page
          .getByText(
            new RegExp(
              `${t['dashboard.overview.chatOnline']}|${t['dashboard.overview.chatOffline']}`,
            ),
          )
          .count(),
      )
      .toBe(1);
    // After a reload the switch shows this staff member's own setting, as saved.
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => chat.isChecked()).toBe(!before);
    expect(problems).toEqual([]);
  });

  it('generates a checkout link, copies it and opens it', async () => {
    const t = catalogs.en;
    await page.goto(`${baseUrl}/dashboard/checkout-link-generator?lang=en`, {
      waitUntil: 'networkidle',
    });
    const link = page.getByTestId('generated-link');
    // The path has no /en: the link language starts as nl, with the default packages.
    await expect
      .poll(() => link.innerText())
      .toBe(
        `${baseUrl}/checkout?plans=webHosting_total,domain_managed,branding_mini&lang=nl&interval=monthly`,
      );
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByLabel(t['dashboard.links.intervalYearly']!).check();
    await page.getByLabel(t['dashboard.links.domain']!).fill('  bakkerij-jansen.nl ');
    await expect
      .poll(() => link.innerText())
      .toBe(
        `${baseUrl}/checkout?plans=webHosting_total,domain_managed,branding_mini&lang=en&interval=yearly&domain=bakkerij-jansen.nl`,
      );

    // No package, no link.
    const checked = page.getByRole('checkbox', { checked: true });
    while ((await checked.count()) > 0) await checked.first().uncheck();
    await expect.poll(() => link.count()).toBe(0);
    await expect(page.getByText(t['dashboard.links.nothingSelected']!).count()).resolves.toBe(1);
    await page.getByRole('checkbox').first().check();
    await expect.poll(() => link.count()).toBe(1);

    await page.getByRole('button', { name: t['dashboard.links.copy'] }).click();
    await expect
      .poll(() => page.getByRole('button', { name: t['dashboard.links.copied'] }).count())
      .toBe(1);

    const href = await link.getAttribute('href');
    expect(href).toMatch(/\/checkout\?plans=webHosting_total&lang=en&interval=yearly&domain=/);
    await link.click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().innerText())
      .toBe(t['page.checkout.title']);
    expect(problems).toEqual([]);
  });

  it('signs out; the dashboard then sends to /login', async () => {
    const t = catalogs.en;
    await page.goto(`${baseUrl}/dashboard?lang=en`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: t['dashboard.overview.signOut'] }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto(`${baseUrl}/dashboard?lang=en`, { waitUntil: 'networkidle' });
    await page.waitForURL(/\/login\?redirect=/);
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  });
});
