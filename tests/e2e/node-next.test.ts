import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '#locales/en.json';
import { expected404, launchBrowser, watchedPage } from '../helpers/browser.ts';
import { ROOT, startBuiltServer, type RunningServer } from '../helpers/server-process.ts';

// The same build on the next Node.js line: the product declares Node 24 (.nvmrc) and runs its
// suites there; this starts the built server under Node 26 (NODE_NEXT_BIN, else the copy
// scripts/node-line.sh keeps in its cache, installed from the npm registry the first time) and
// has a visitor load a page and make a checkout, then stops it as systemd would.
const NEXT_MAJOR = 26;
const t = en as Record<string, string>;

let nodeBinary: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  nodeBinary =
    process.env.NODE_NEXT_BIN ??
    execFileSync('bash', [path.join(ROOT, 'scripts', 'node-line.sh'), '--bin', `${NEXT_MAJOR}`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 110_000,
    }).trim();
  server = await startBuiltServer({ nodeBinary });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop('SIGTERM');
});

describe(`the build under Node.js ${NEXT_MAJOR}`, { concurrent: false }, () => {
  it(`runs on Node.js ${NEXT_MAJOR}`, () => {
    const version = execFileSync(nodeBinary, ['--version'], { encoding: 'utf8' }).trim();
    expect(version).toMatch(new RegExp(`^v${NEXT_MAJOR}\\.`));
    expect(server.process.spawnfile).toBe(nodeBinary);
  });

  it('serves a page that hydrates without a problem', async () => {
    const raw = await fetch(`${server.url}/?lang=en`);
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toContain('text/html');
    const { page, context, problems } = await watchedPage(browser, server.url);
    try {
      const response = await page.goto(`${server.url}/?lang=en`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('takes a checkout to the pay page, with its invoice PDF', async () => {
    const { page, context, problems } = await watchedPage(browser, server.url);
    try {
      page.setDefaultTimeout(10_000);
      await page.goto(`${server.url}/checkout?plans=webHosting_total&interval=monthly&lang=en`, {
        waitUntil: 'networkidle',
      });
      await page.getByLabel(t['checkout.fields.email']!).fill(`node26-${Date.now()}@example.test`);
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
      await field('checkout.fields.password').fill('a-node-26-password');
      await page.getByRole('checkbox', { name: /agree|akkoord/i }).check();
      await page.getByRole('button', { name: t['checkout.pay.button'] }).click();

      await page.waitForURL(/\/pay\/\d{4}-\d{4}/, { timeout: 30_000 });
      const number = /\/pay\/(\d{4}-\d{4})/.exec(page.url())![1]!;
      await expect.poll(() => page.locator('.pay-page__details').innerText()).toContain(number);
      expect(await page.locator('.pay-page__details').innerText()).toMatch(/30[.,]00/);
      const pdf = await page.request.get(`${server.url}/api/invoices/${number}?format=pdf`);
      expect(pdf.status()).toBe(200);
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
      expect(problems.filter((p) => !expected404(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('stops cleanly on SIGTERM', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});
