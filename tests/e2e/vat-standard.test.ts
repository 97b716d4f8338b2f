// Issue 43 in the browser, on its own server with VAT_SCHEME=standard (and a fake VIES): the order
// page's and the checkout's summaries show the VAT the server's quote gives, not a rule of their
// own. A Dutch consumer sees 21% VAT on both pages, in the first HTML already, and pays the same
// total that ends up on the invoice; at checkout, "Ordering as a business?" shows the VAT
// consequence live: a Belgian business reverse-charged, a Dutch one 21%, a malformed number the
// field's message; axe finds nothing at 375 and 1280 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { formatMoney } from '#domain/format.ts';
import { computeQuote } from '#domain/totals.ts';
import { DEFAULT_VAT_SETTINGS, EMPTY_VAT_YEAR } from '#domain/vat.ts';
import { axeViolations, expected404, launchBrowser, watchedPage } from '../helpers/browser.ts';
import { startFakeVies } from '../helpers/fake-vies.ts';
import { startBuiltServer, type RunningServer } from '../helpers/server-process.ts';

const catalogs = { en: en as Record<string, string>, nl: nl as Record<string, string> };
/** A Belgian VAT number with right check digits, confirmed by the fake VIES. */
const BE_VAT = 'BE0123456749';

let server: RunningServer;
let vies: Awaited<ReturnType<typeof startFakeVies>>;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  vies = await startFakeVies({ [BE_VAT]: 'Voorbeeld BV' });
  server = await startBuiltServer({ env: { VAT_SCHEME: 'standard', VIES_URL: vies.url } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop('SIGTERM');
  await vies?.close();
});
const openPage = (options: Parameters<typeof watchedPage>[2]) =>
  watchedPage(browser, server.url, options);

/** Money as the page shows it, spaces made plain. */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What a Dutch consumer pays today under VAT_SCHEME=standard, by the rule book. */
function dutchDue(plans: string[], lang: 'en' | 'nl'): string {
  const result = computeQuote({
    plans,
    interval: 'monthly',
    today: new Date(),
    lang,
    vat: {
      settings: { ...DEFAULT_VAT_SETTINGS, scheme: 'standard' },
      customer: { country: 'NL' },
      year: EMPTY_VAT_YEAR,
    },
  });
  if (!result.ok) throw new Error('no quote');
  return plain(formatMoney(result.quote.totals.dueToday, lang));
}

async function fillDetails(page: Page, lang: 'en' | 'nl', email: string) {
  const t = catalogs[lang];
  await page.getByLabel(t['checkout.fields.email']!).fill(email);
  await page.getByRole('button', { name: t['checkout.account.continue'] }).click();
  await expect
    .poll(() => page.getByRole('tab', { selected: true }).innerText())
    .toContain(t['checkout.tabs.details']);
  const field = (id: string) => page.getByLabel(new RegExp(`^${t[id]}`));
  await field('checkout.fields.firstname').fill('Eva');
  await field('checkout.fields.lastname').fill('Tester');
  await field('checkout.fields.postalcode').fill('1012 LG');
  await field('checkout.fields.address1').fill('Damrak 1');
  await field('checkout.fields.city').fill('Amsterdam');
  await field('checkout.fields.password').fill('an-e2e-password');
  await page
    .getByRole('checkbox', { name: t['checkout.terms.label']!.split('{')[0]!.trim() })
    .check();
}

describe('VAT_SCHEME=standard: the summaries show the server quote', { concurrent: false }, () => {
  it('a Dutch consumer sees 21% VAT on the order page and at checkout, and the invoice says the same', async () => {
    const lang = 'nl';
    const plans = ['webHosting_total'];
    const due = dutchDue(plans, lang);
    expect(due).not.toBe(plain(formatMoney(3000, lang)));

    // The first HTML already has the figures (server-rendered, no shift when the script comes).
    const orderHtml = await (
      await fetch(`${server.url}/total-package/order?plans=webHosting_total&lang=nl`)
    ).text();
    expect(orderHtml.includes('Btw (21%)'), 'order page HTML shows 21% VAT').toBe(true);
    const checkoutHtml = await (
      await fetch(`${server.url}/checkout?plans=webHosting_total&interval=monthly&lang=nl`)
    ).text();
    expect(checkoutHtml.includes('Btw (21%)'), 'checkout HTML shows 21% VAT').toBe(true);

    const { page, context, problems } = await openPage({ viewport: { width: 1280, height: 900 } });
    try {
      page.setDefaultTimeout(10_000);
      await page.goto(`${server.url}/total-package/order?plans=webHosting_total&lang=nl`, {
        waitUntil: 'networkidle',
      });
      await expect
        .poll(async () => plain(await page.locator('.order-summary__totals').innerText()))
        .toContain('Btw (21%)');
      expect(plain(await page.getByTestId('order-due-today').innerText())).toBe(due);
      // The server's figures came with the page: no quote was asked to show them. A change asks.
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/quote')) asked.push(r.method());
      });
      await page.locator('[data-plan-id="seo_booster"]').click();
      await expect
        .poll(async () => plain(await page.getByTestId('order-due-today').innerText()))
        .toBe(dutchDue(['webHosting_total', 'seo_booster'], lang));
      expect(asked).toEqual(['POST']);
      await page.locator('[data-plan-id="seo_booster"]').click();
      await expect
        .poll(async () => plain(await page.getByTestId('order-due-today').innerText()))
        .toBe(due);

      await page.goto(`${server.url}/checkout?plans=webHosting_total&interval=monthly&lang=nl`, {
        waitUntil: 'networkidle',
      });
      const summary = page.locator('.checkout-summary__totals');
      await expect.poll(async () => plain(await summary.innerText())).toContain('Btw (21%)');
      expect(plain(await summary.innerText())).toContain(due);

      await fillDetails(page, lang, `vat-nl-${Date.now()}@example.test`);
      expect(plain(await page.locator('.checkout-pay__due').innerText())).toContain(due);
      await page.getByRole('button', { name: catalogs.nl['checkout.pay.button'] }).click();
      await page.waitForURL(/\/pay\/\d{4}-\d{4}/, { timeout: 20_000 });
      const number = /\/pay\/(\d{4}-\d{4})/.exec(page.url())![1]!;
      const invoice = (await (
        await page.request.get(`${server.url}/api/invoices/${number}`)
      ).json()) as { total: number; vatRate: number };
      expect(invoice.vatRate).toBe(21);
      expect(plain(formatMoney(invoice.total, lang))).toBe(due);
      expect(problems.filter((p) => !expected404(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a quote the server cannot give keeps the last figures, marked, with a retry; ordering goes on', async () => {
    const t = catalogs.en;
    const { page, context } = await openPage({ viewport: { width: 1280, height: 900 } });
    try {
      page.setDefaultTimeout(10_000);
      await page.goto(`${server.url}/total-package/order?plans=webHosting_total&lang=en`, {
        waitUntil: 'networkidle',
      });
      const due = page.getByTestId('order-due-today');
      const before = plain(await due.innerText());
      await page.route('**/api/quote**', (route) => route.abort());
      await page.locator('[data-plan-id="seo_booster"]').click();
      await page.getByText(t['order.summary.updateFailed']!).waitFor();
      expect(plain(await due.innerText())).toBe(before);
      expect(await page.locator('.order-summary__totals').getAttribute('aria-busy')).toBe('true');
      // The way to checkout stays open.
      expect(await page.locator('.order-summary__finalize').count()).toBe(1);
      await page.unroute('**/api/quote**');
      await page.getByRole('button', { name: t['order.summary.retry'] }).click();
      await expect
        .poll(async () => plain(await due.innerText()))
        .toBe(dutchDue(['webHosting_total', 'seo_booster'], 'en'));
      expect(await page.locator('.order-summary__totals').getAttribute('aria-busy')).toBe('false');
    } finally {
      await context.close();
    }
  });

  for (const { lang, width } of [
    { lang: 'en', width: 375 },
    { lang: 'nl', width: 1280 },
  ] as const)
    it(`"Ordering as a business?" shows the VAT consequence live (${lang}, ${width} px)`, async () => {
      const t = catalogs[lang];
      const { page, context, problems } = await openPage({ viewport: { width, height: 900 } });
      try {
        page.setDefaultTimeout(10_000);
        await page.goto(
          `${server.url}/checkout?plans=webHosting_total&interval=monthly&lang=${lang}`,
          { waitUntil: 'networkidle' },
        );
        await page.getByLabel(t['checkout.fields.email']!).fill(`vat-biz-${lang}@example.test`);
        await page.getByRole('button', { name: t['checkout.account.continue'] }).click();
        const box = page.getByRole('checkbox', { name: t['checkout.business.toggle'] });
        // Never ticked to begin with; the business fields come with it.
        expect(await box.isChecked()).toBe(false);
        const field = (id: string) => page.getByLabel(new RegExp(`^${t[id]}`));
        expect(await field('checkout.fields.vat').count()).toBe(0);
        await box.check();
        expect(await axeViolations(page)).toEqual([]);
        const consequence = page.locator('.checkout-business__vat');
        const text = (id: string, rate = 21) => t[id]!.replace('{rate}', String(rate));

        // A Dutch business: 21% under VAT_SCHEME=standard.
        await field('checkout.fields.company').fill('Voorbeeld BV');
        await expect.poll(() => consequence.innerText()).toBe(text('checkout.business.vat'));

        // A Belgian business whose number VIES confirms: reverse-charged, nothing to pay in VAT.
        await page.locator('select[name="country"]').selectOption('BE');
        await field('checkout.fields.vat').fill(BE_VAT);
        await expect
          .poll(() => consequence.innerText())
          .toBe(text('checkout.business.reverseCharge'));
        const net = plain(formatMoney(3000, lang));
        expect(plain(await page.locator('.checkout-pay__due').innerText())).toContain(net);
        if (width >= 768) {
          const summary = page.locator('.checkout-summary__totals');
          expect(plain(await summary.innerText())).toContain(
            text('order.summary.vatReverseCharge', 0),
          );
        }
        expect(await axeViolations(page)).toEqual([]);

        // A number with wrong check digits: the field's message in the page's language, and the
        // VAT is charged as for a consumer.
        await field('checkout.fields.vat').fill('BE0123456789');
        await field('checkout.fields.vat').blur();
        await page.getByText(t['checkout.validation.vatInvalid']!).first().waitFor();
        await expect.poll(() => consequence.innerText()).toBe(text('checkout.business.vat'));
        expect(await axeViolations(page)).toEqual([]);

        // Unticked, the order is a consumer's again.
        await box.uncheck();
        expect(await field('checkout.fields.vat').count()).toBe(0);
        expect(problems.filter((p) => !expected404(p))).toEqual([]);
      } finally {
        await context.close();
      }
    });
});
