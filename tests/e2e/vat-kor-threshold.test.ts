// D48H-1 in the browser, on its own server with a KOR threshold of € 20 and no invoices yet: the
// order page's basket (€ 30 before VAT) would take the year past it, so its order carries 21%.
// The server's HTML marks the figures without VAT as being priced (never as final), carries no
// turnover in its VAT hint, and the page loads its code at once, without any input, and shows the
// server's 21% figures; while they are being priced, axe finds nothing (their contrast holds).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '#locales/en.json';
import { formatMoney } from '#domain/format.ts';
import { computeQuote } from '#domain/totals.ts';
import { DEFAULT_VAT_SETTINGS, EMPTY_VAT_YEAR } from '#domain/vat.ts';
import { axeViolations, expected404, launchBrowser, watchedPage } from '../helpers/browser.ts';
import { startBuiltServer, type RunningServer } from '../helpers/server-process.ts';

const KOR_THRESHOLD = 2000;
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startBuiltServer({ env: { KOR_THRESHOLD: String(KOR_THRESHOLD) } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop('SIGTERM');
});

const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('a basket that would pass the KOR threshold (D48H-1)', () => {
  it('is never shown without VAT as final: the page asks the server at once', async () => {
    const due = computeQuote({
      plans: ['webHosting_total'],
      interval: 'monthly',
      today: new Date(),
      lang: 'en',
      vat: {
        settings: { ...DEFAULT_VAT_SETTINGS, scheme: 'kor', korThreshold: KOR_THRESHOLD },
        customer: { country: 'NL' },
        year: EMPTY_VAT_YEAR,
      },
    });
    if (!due.ok) throw new Error('no quote');
    expect(due.quote.totals.vatRate).toBe(21);
    const url = `${server.url}/total-package/order?plans=webHosting_total&lang=en`;

    const html = await (await fetch(url)).text();
    expect(html).toMatch(/<dl class="order-summary__totals[^"]*" aria-busy="true"/);
    expect(html).not.toContain('korRoom');
    expect(html).toContain('<script type="application/json" id="vat-hint"');
    // the checkout's summary alike
    const checkout = await (
      await fetch(`${server.url}/checkout?plans=webHosting_total&interval=monthly&lang=en`)
    ).text();
    expect(checkout).toMatch(/<dl class="checkout-summary__totals[^"]*" aria-busy="true"/);
    expect(checkout).not.toContain('korRoom');

    const { page, context, problems } = await watchedPage(browser, server.url, {
      viewport: { width: 1280, height: 900 },
    });
    try {
      // The server's answer waits until the figures being priced have been checked by axe: they
      // keep the contrast minimum while they wait.
      let answer = () => {};
      const held = new Promise<void>((resolve) => (answer = resolve));
      await page.route(/\/api\/quote\b/, async (route) => {
        await held;
        await route.continue();
      });
      const asked = page.waitForRequest((r) => r.url().includes('/api/quote'));
      await page.goto(url);
      await asked;
      expect(await page.locator('.order-summary__totals').getAttribute('aria-busy')).toBe('true');
      expect(await axeViolations(page)).toEqual([]);
      answer();
      // no mouse, no key: the figures come from the server all the same
      await expect
        .poll(async () => plain(await page.getByTestId('order-due-today').innerText()), {
          timeout: 15_000,
        })
        .toBe(plain(formatMoney(due.quote.totals.dueToday, 'en')));
      expect(plain(await page.locator('.order-summary__totals').innerText())).toContain(
        en['order.summary.vatRate'].replace('{rate}', '21'),
      );
      expect(await page.locator('.order-summary__totals').getAttribute('aria-busy')).toBe('false');
      expect(problems.filter((p) => !expected404(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
