// The money path with Mollie in the browser: a server of its own that talks to the fake Mollie
// API on 127.0.0.1; the browser's visit to Mollie's checkout page is answered by the test. Then
// issue 42's "done when": a consumer withdraws from an order paid through Mollie in the browser,
// in Dutch and in English: the acknowledgement and the credit note (with its PDF) are mailed, the
// Mollie refund is created for the credit note's amount, the order's subscriptions end.

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { expected404, launchBrowser, watchedPage } from '../helpers/browser.ts';
import { checkoutBody } from '../helpers/checkout-body.ts';
import { FAKE_MOLLIE_KEY, startFakeMollie } from '../helpers/fake-mollie.ts';
import { freePort, startBuiltServer, type RunningServer } from '../helpers/server-process.ts';
import { withdrawInBrowser } from '../helpers/withdraw-steps.ts';

const t = nl as Record<string, string>;
const STAFF = { STAFF_EMAIL: 'owner@example.test', STAFF_PASSWORD: 'owner-password-123' };
const mollie = startFakeMollie();
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  const mollieUrl = await mollie.listen();
  const port = await freePort();
  server = await startBuiltServer({
    port,
    env: {
      ...STAFF,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      MOLLIE_API_KEY: FAKE_MOLLIE_KEY,
      MOLLIE_API_URL: mollieUrl,
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop('SIGTERM');
  await mollie.close();
});

describe('paying with Mollie', () => {
  it('checkout → Mollie → back on the thank-you page, which sees the payment arrive (Dutch)', async () => {
    const { page, context, problems } = await watchedPage(browser, server.url, {
      viewport: { width: 1280, height: 900 },
      locale: 'nl-NL',
    });
    // Mollie's hosted checkout, as far as this test needs it: a page of its own.
    const visited: string[] = [];
    await context.route('https://mollie.example/**', (route) => {
      visited.push(route.request().url());
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Mollie</title><h1>Mollie checkout</h1>',
      });
    });
    try {
      page.setDefaultTimeout(8000);
      await page.goto(`${server.url}/checkout?plans=webHosting_total&interval=monthly&lang=nl`, {
        waitUntil: 'networkidle',
      });
      await page.getByLabel(t['checkout.fields.email']!).fill(`mollie-${Date.now()}@example.test`);
      await page.getByRole('button', { name: t['checkout.account.continue'] }).click();
      await expect
        .poll(() => page.getByRole('tab', { selected: true }).innerText())
        .toContain(t['checkout.tabs.details']);
      const field = (id: string) => page.getByLabel(new RegExp(`^${t[id]}`));
      await field('checkout.fields.firstname').fill('Eva');
      await field('checkout.fields.lastname').fill('de Vries');
      await field('checkout.fields.postalcode').fill('1012 LG');
      await field('checkout.fields.address1').fill('Damrak 1');
      await field('checkout.fields.city').fill('Amsterdam');
      await field('checkout.fields.password').fill('een-e2e-wachtwoord');
      await page.getByRole('checkbox', { name: /agree|akkoord/i }).check();
      await page.getByRole('button', { name: t['checkout.pay.button'] }).click();

      // Off to Mollie with the server's amount, and no method chosen for the customer (M26).
      await page.waitForURL(/^https:\/\/mollie\.example\/checkout\/tr_fake\d+$/, {
        timeout: 20_000,
      });
      const created = mollie.created.at(-1)!.body as {
        amount: { currency: string; value: string };
        method?: string;
        redirectUrl: string;
        locale?: string;
      };
      expect(created.amount).toEqual({ currency: 'EUR', value: '30.00' });
      expect(created.method).toBeUndefined();
      const id = visited.at(-1)!.split('/').at(-1)!;
      const invoiceNumber = /invoice=(\d{4}-\d{4})/.exec(created.redirectUrl)![1]!;

      // Back before Mollie has the money: not received yet.
      expect(created.redirectUrl.startsWith(`${server.url}/thank-you?`)).toBe(true);
      await page.goto(created.redirectUrl, { waitUntil: 'networkidle' });
      expect(await page.locator('.thank-you__invoice').innerText()).toContain(invoiceNumber);
      await expect
        .poll(() => page.locator('.thank-you__status').innerText())
        .toContain(t['thankYou.status.open']);

      // The money arrives at Mollie; the page asks again by itself and says so (M27).
      mollie.setStatus(id, 'paid');
      await expect
        .poll(() => page.locator('.thank-you__status').innerText(), { timeout: 15_000 })
        .toContain(t['thankYou.status.paid']);
      expect(
        problems.filter((p) => !expected404(p) && !p.includes('https://mollie.example/')),
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('staff mark a transfer paid once the Mollie payment ended unpaid, not before (Dutch)', async () => {
    const answer = await fetch(`${server.url}/api/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(checkoutBody(`mollie-expired-${Date.now()}@example.test`)),
    });
    expect(answer.status).toBe(201);
    const { invoiceNumber, paymentLink } = (await answer.json()) as {
      invoiceNumber: string;
      paymentLink: string;
    };
    const id = paymentLink.split('/').at(-1)!;

    const { page, context, problems } = await watchedPage(browser, server.url, {
      locale: 'nl-NL',
    });
    try {
      page.setDefaultTimeout(8000);
      await page.goto(`${server.url}/dashboard/invoices?lang=nl`, { waitUntil: 'networkidle' });
      await page.waitForURL(/\/login\?redirect=/);
      await page.getByLabel(t['auth.login.email']!).fill(STAFF.STAFF_EMAIL);
      await page.getByLabel(t['auth.login.password']!).fill(STAFF.STAFF_PASSWORD);
      await page.getByRole('button', { name: t['auth.login.submit'] }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/invoices');
      const row = page.locator('.admin-table tbody tr').filter({ hasText: invoiceNumber });
      const button = row.getByRole('button', {
        name: `Markeer als betaald: factuur ${invoiceNumber}`,
      });
      const search = async () => {
        await page
          .getByRole('searchbox', { name: t['dashboard.tables.search'] })
          .fill(invoiceNumber);
        await row.waitFor();
      };
      // Still open at Mollie: Mollie settles it, no button.
      await search();
      expect(await button.count()).toBe(0);

      // Mollie says it expired (its webhook); the customer paid to the studio's account instead.
      mollie.setStatus(id, 'expired');
      const webhook = await fetch(`${server.url}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id }).toString(),
      });
      expect(webhook.status).toBe(200);
      await page.reload({ waitUntil: 'networkidle' });
      await search();
      await button.click();
      await row
        .getByRole('button', {
          name: `Ja, betaald: mail de klant (factuur ${invoiceNumber})`,
        })
        .click();
      await expect.poll(() => row.innerText()).toContain(t['dashboard.tables.invoiceStatus.paid']);
      expect(await button.count()).toBe(0);
      expect(
        problems.filter((p) => !(p.includes('401') && p.includes('Failed to load resource'))),
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('withdrawing from an order paid through Mollie', () => {
  /** A staff session on this server (the outbox and subscriptions tables are staff's). */
  async function staffGet(path: string) {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: STAFF.STAFF_EMAIL, password: STAFF.STAFF_PASSWORD }),
    });
    const cookie = /(sid=[^;]*)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
    const res = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    return (await res.json()) as { rows: Array<Record<string, unknown>> };
  }

  for (const lang of ['nl', 'en'] as const) {
    it(`mails, refunds at Mollie and ends the subscriptions (${lang})`, async () => {
      const tr = (lang === 'nl' ? nl : en) as Record<string, string>;
      const email = `mollie-withdraw-${lang}-${Date.now()}@example.test`;
      const answer = await fetch(`${server.url}/api/checkout?lang=${lang}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(
          checkoutBody(email, { company: '', kvk: '', lang, paymentMethod: 'ideal' }),
        ),
      });
      expect(answer.status).toBe(201);
      const { invoiceNumber, paymentLink } = (await answer.json()) as {
        invoiceNumber: string;
        paymentLink: string;
      };
      const id = paymentLink.split('/').at(-1)!;
      mollie.setStatus(id, 'paid');
      const webhook = await fetch(`${server.url}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id }).toString(),
      });
      expect(webhook.status).toBe(200);

      const { page, context, problems } = await watchedPage(browser, server.url);
      try {
        page.setDefaultTimeout(10_000);
        const done = await withdrawInBrowser(page, tr, {
          email,
          invoiceNumber,
          url: `${server.url}/withdraw?lang=${lang}`,
        });
        const creditNote = /CN-\d{4}-\d{4}/.exec(done)![0];
        expect(problems).toEqual([]);

        // The Mollie refund: for this payment, once, with the refund's own Idempotency-Key.
        await expect
          .poll(() => mollie.refundsCreated.filter((r) => r.paymentId === id).length)
          .toBe(1);
        const refund = mollie.refundsCreated.find((r) => r.paymentId === id)!;
        expect(refund.key).toMatch(/^[0-9a-f-]{36}$/);
        expect(Number((refund.body as { amount: { value: string } }).amount.value)).toBeGreaterThan(
          0,
        );

        // The acknowledgement and the credit note with its PDF, in the visitor's language.
        const mails = (await staffGet(`/api/admin/tables/outbox?q=${encodeURIComponent(email)}`))
          .rows;
        const kinds = mails.map((m) => m.kind);
        expect(kinds).toContain('withdrawal-acknowledgement');
        const note = mails.find((m) => m.kind === 'credit-note')!;
        expect(note.lang).toBe(lang);
        expect(note.attachments).toEqual([
          { filename: `credit-note-${creditNote}.pdf`, contentType: 'application/pdf' },
        ]);

        // The order's subscriptions ended at once.
        const subs = (
          await staffGet(`/api/admin/tables/subscriptions?q=${encodeURIComponent(email)}`)
        ).rows;
        expect(subs.length).toBeGreaterThan(0);
        expect(subs.map((s) => s.status)).toEqual(subs.map(() => 'ended'));
      } finally {
        await context.close();
      }
    });
  }
});
