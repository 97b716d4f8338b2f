// Staff sign-in with the second factor (issue 45), in the browser, on its own server with
// STAFF_2FA=required (the default): the staff member signs in with the password, is led to set up
// two-step sign-in (scanning the QR code or typing the key), and from then on signs in with the
// password and a code, in English and in Dutch. Until the second factor is on, the staff API
// answers 403 TWO_FACTOR_REQUIRED.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { totpCode, totpStep, TOTP_STEP_SECONDS } from '../../api/security/totp.ts';
import { launchBrowser, watchedPage } from '../helpers/browser.ts';
import { startBuiltServer, type RunningServer } from '../helpers/server-process.ts';

const catalogs = { en: en as Record<string, string>, nl: nl as Record<string, string> };
const STAFF = { email: 'staff-2fa@example.test', password: 'staff-password-2fa' };

let server: RunningServer;
let browser: Browser;
let secret = '';
/** The last TOTP step spent: each step's code is accepted once, so every sign-in takes a new one. */
let lastStep = -1;

beforeAll(async () => {
  server = await startBuiltServer({
    env: { STAFF_EMAIL: STAFF.email, STAFF_PASSWORD: STAFF.password, STAFF_2FA: 'required' },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop('SIGTERM');
});

async function axeViolations(p: Page) {
  const axe = await new AxeBuilder({ page: p }).analyze();
  return axe.violations.map((v) => `${v.impact} ${v.id}`);
}

/**
 * A code of a step not used before: this step's or the next one's (the server allows one step of
 * drift), waiting for the clock when both are spent.
 */
async function freshCode(): Promise<string> {
  for (;;) {
    const now = totpStep(new Date());
    const step = Math.max(lastStep + 1, now);
    if (step <= now + 1) {
      lastStep = step;
      return totpCode(secret, new Date(step * TOTP_STEP_SECONDS * 1000));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** A six-digit code the server cannot take now (none of the codes of the drift window). */
function wrongCode(): string {
  const now = totpStep(new Date());
  const valid = [now - 1, now, now + 1, now + 2].map((step) =>
    totpCode(secret, new Date(step * TOTP_STEP_SECONDS * 1000)),
  );
  return ['000000', '111111', '222222', '333333', '444444'].find((c) => !valid.includes(c))!;
}

async function signInWithPassword(page: Page, lang: 'en' | 'nl') {
  const t = catalogs[lang];
  await page.goto(`${server.url}/dashboard?lang=${lang}`, { waitUntil: 'networkidle' });
  await page.waitForURL(/\/login\?redirect=/);
  await page.getByLabel(t['auth.login.email']!).fill(STAFF.email);
  await page.getByLabel(t['auth.login.password']!).fill(STAFF.password);
  await page.getByRole('button', { name: t['auth.login.submit'] }).click();
}

describe('staff two-step sign-in', { concurrent: false }, () => {
  it('leads staff without a second factor to set one up; the staff API refuses them until then', async () => {
    const t = catalogs.en;
    const { page, context } = await watchedPage(browser, server.url);
    await signInWithPassword(page, 'en');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByText(t['twoFactor.setup.staffRequired']!).waitFor();
    const refused = await page.evaluate(async () => {
      const res = await fetch('/api/admin/orders');
      return { status: res.status, body: await res.json() };
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { error: { code: 'TWO_FACTOR_REQUIRED' } },
    });

    await page.getByRole('button', { name: t['twoFactor.setup.start'] }).click();
    const qr = page.getByRole('img', { name: t['twoFactor.setup.qrAlt'] });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
    secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel(t['twoFactor.setup.codeLabel']!).fill(await freshCode());
    await page.getByRole('button', { name: t['twoFactor.setup.enable'] }).click();
    await page.getByRole('button', { name: t['twoFactor.setup.saved'] }).click();
    // The overview now opens: the staff API answers.
    await page.getByRole('heading', { name: t['dashboard.nav.overview'] }).first().waitFor();
    const allowed = await page.evaluate(async () => (await fetch('/api/admin/orders')).status);
    expect(allowed).toBe(200);
    await context.close();
  });

  it.each(['en', 'nl'] as const)(
    'signs in with the password and then a code from the app (%s)',
    async (lang) => {
      const t = catalogs[lang];
      const { page, context } = await watchedPage(browser, server.url);
      await signInWithPassword(page, lang);
      const codeField = page.getByLabel(t['auth.login.code']!);
      await codeField.waitFor();
      // The password alone opened nothing.
      expect(await page.evaluate(async () => (await fetch('/api/admin/orders')).status)).toBe(401);
      expect(await axeViolations(page)).toEqual([]);
      // A wrong code is refused and said; the right one signs in.
      await codeField.fill(wrongCode());
      await page.getByRole('button', { name: t['auth.login.verify'] }).click();
      await page.getByRole('alert').filter({ hasText: /\S/ }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      await codeField.fill(await freshCode());
      await page.getByRole('button', { name: t['auth.login.verify'] }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByRole('heading', { name: t['dashboard.nav.overview'] }).first().waitFor();
      await context.close();
    },
  );
});
