// The mail-setup page on the built server, in both languages: server HTML in the request's
// language, buttons disabled until an address, the instruction alert after its 1 to 2 second
// delay, real downloads (autodiscover.xml, the profile) parsed back, copying with and without
// clipboard permission, zero axe violations, and the discovery paths reachable beside the pages.

import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { MAIL_CLIENTS } from '#domain/mail-config.ts';
import { launchBrowser, watchedPage, type WatchedPage } from '../helpers/browser.ts';
import {
  childElements,
  childText,
  parsePlist,
  parseXml,
  profileProblems,
  type PlistValue,
} from '../helpers/mail-documents.ts';

const baseUrl = inject('baseUrl');
const catalogs = { en: en as Record<string, string>, nl: nl as Record<string, string> };
const ADDRESS = 'jan@bakkerij.nl';

let browser: Browser;
const opened: WatchedPage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const w of opened) await w.context.close();
  await browser?.close();
});

async function open(lang: 'en' | 'nl', query = '', width = 375): Promise<WatchedPage> {
  const watched = await watchedPage(browser, baseUrl, {
    viewport: { width, height: 800 },
    locale: lang === 'nl' ? 'nl-NL' : 'en-US',
  });
  opened.push(watched);
  const response = await watched.page.goto(`${baseUrl}/email-config?lang=${lang}${query}`, {
    waitUntil: 'networkidle',
  });
  expect(response?.status()).toBe(200);
  return watched;
}

async function axeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations.map(
    (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

const clientButtons = (page: Page, t: Record<string, string>) =>
  MAIL_CLIENTS.map((c) =>
    page.getByRole('button', { name: t[`emailConfig.client.${c.id}.button`], exact: true }),
  );

/** Android's intent link cannot open on a desktop browser: Chromium says so on the console (SPEC 8). */
const isIntentLaunchFailure = (problem: string) => problem.includes('intent://');

describe.each(['en', 'nl'] as const)('mail setup in %s', (lang) => {
  const t = catalogs[lang];

  it('is rendered on the server in the language, with every client', async () => {
    const response = await fetch(`${baseUrl}/email-config?lang=${lang}&email=${ADDRESS}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<html lang="${lang}"`);
    for (const client of MAIL_CLIENTS)
      expect(html).toContain(t[`emailConfig.client.${client.id}.name`]);
    expect(html).toContain(t['emailConfig.manual.heading']);
    // Pre-filled from ?email=, so the buttons work straight away.
    expect(html).toContain(`value="${ADDRESS}"`);
  });

  it('keeps every button disabled until the address is complete, then launches', async () => {
    const { page, problems } = await open(lang);
    const buttons = clientButtons(page, t);
    expect(buttons).toHaveLength(7);
    for (const button of buttons) expect(await button.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    const field = page.getByLabel(t['emailConfig.address.label']!);
    await field.fill('jan@bakkerij');
    for (const button of buttons) expect(await button.isDisabled()).toBe(true);
    await expect.poll(() => page.getByText(t['emailConfig.address.invalid']!).count()).toBe(1);
    await field.fill(ADDRESS);
    for (const button of buttons) await expect.poll(() => button.isEnabled()).toBe(true);

    // The manual settings get the server names for the address's domain.
    await expect.poll(() => page.getByText('mail.bakkerij.nl', { exact: true }).count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('downloads autodiscover.xml for Outlook; the alert follows after 1 to 2 seconds', async () => {
    const { page, problems } = await open(lang, `&email=${ADDRESS}`, 1280);
    const alertHeading = page.getByRole('alert').getByRole('heading');
    const downloadEvent = page.waitForEvent('download');
    const started = Date.now();
    await clientButtons(page, t)[0]!.click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe('autodiscover.xml');
    const xml = await readFile((await download.path()) as string, 'utf8');
    const doc = parseXml(xml);
    const account = doc.getElementsByTagName('Account')[0] as Element;
    const protocol = childElements(account).find((e) => e.localName === 'Protocol') as Element;
    expect(childText(protocol, 'Type')).toBe('IMAP');
    expect(childText(protocol, 'Server')).toBe('mail.bakkerij.nl');
    expect(childText(protocol, 'LoginName')).toBe(ADDRESS);

    // Not yet after one second ...
    await page.waitForTimeout(Math.max(0, 1000 - (Date.now() - started)));
    expect(await alertHeading.count()).toBe(0);
    // ... there within two (with room for a busy machine).
    await alertHeading.waitFor({ state: 'visible', timeout: 5000 });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    expect(elapsed).toBeLessThan(3000);
    expect(await alertHeading.innerText()).toBe(
      t['emailConfig.instructions.title']!.replace(
        '{client}',
        t['emailConfig.client.outlook.name']!,
      ),
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: t['emailConfig.instructions.close'] }).click();
    await expect.poll(() => alertHeading.count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('the iPhone button opens the profile, which downloads as <address>.mobileconfig', async () => {
    const { page, problems } = await open(lang, `&email=${ADDRESS}`);
    const downloadEvent = page.waitForEvent('download');
    await page
      .getByRole('button', { name: t['emailConfig.client.iphone.button'], exact: true })
      .click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe(`${ADDRESS}.mobileconfig`);
    const profile = parsePlist(await readFile((await download.path()) as string, 'utf8')) as Record<
      string,
      PlistValue
    >;
    expect(profileProblems(profile)).toEqual([]);
    const [mail] = profile.PayloadContent as Array<Record<string, PlistValue>>;
    expect(mail?.EmailAddress).toBe(ADDRESS);
    expect(mail?.IncomingMailServerHostName).toBe('mail.bakkerij.nl');
    expect(profile.PayloadDisplayName).toBe(
      t['emailConfig.profile.mail.displayName']!.replace('{address}', ADDRESS),
    );
    // Still on the page, with the iPhone's instructions.
    await page
      .getByRole('alert')
      .getByText(t['emailConfig.client.iphone.step3']!)
      .waitFor({ timeout: 5000 });
    expect(new URL(page.url()).pathname).toBe('/email-config');
    expect(problems).toEqual([]);
  });

  it('Gmail on Android: the app launch fails quietly on a desktop, the steps still show', async () => {
    const { page, problems } = await open(lang, `&email=${ADDRESS}`);
    await page
      .getByRole('button', { name: t['emailConfig.client.gmailAndroid.button'], exact: true })
      .click();
    await page
      .getByRole('alert')
      .getByText(t['emailConfig.client.gmailAndroid.step1']!)
      .waitFor({ timeout: 5000 });
    expect(new URL(page.url()).pathname).toBe('/email-config');
    expect(problems.filter((p) => !isIntentLaunchFailure(p))).toEqual([]);
  });
});

describe('copy buttons', () => {
  const t = catalogs.en;

  it('copies through the Clipboard API when allowed; Copied! for 2 seconds', async () => {
    const watched = await open('en', `&email=${ADDRESS}`, 1280);
    const { page, context, problems } = watched;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const copy = page.getByRole('button', {
      name: t['emailConfig.copy.label']!.replace('{value}', 'mail.bakkerij.nl'),
    });
    await expect.poll(() => copy.count()).toBe(2);
    await copy.first().click();
    const copied = page.getByRole('button', { name: t['emailConfig.copy.copied'], exact: true });
    await expect.poll(() => copied.count()).toBe(1);
    const clicked = Date.now();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('mail.bakkerij.nl');
    await copied.waitFor({ state: 'detached', timeout: 5000 });
    const shown = Date.now() - clicked;
    expect(shown).toBeGreaterThan(1500);
    expect(shown).toBeLessThan(3500);
    expect(problems).toEqual([]);
  });

  it('falls back to a hidden text area when the clipboard refuses', async () => {
    const watched = await watchedPage(browser, baseUrl, { viewport: { width: 375, height: 800 } });
    opened.push(watched);
    const { page, problems } = watched;
    // A browser that refuses the Clipboard API; record what the fallback copies.
    await page.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { __copied: string[] }).__copied = log;
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
      });
      const original = document.execCommand.bind(document);
      document.execCommand = (command: string, ...rest: unknown[]) => {
        const active = document.activeElement;
        if (command === 'copy' && active instanceof HTMLTextAreaElement) log.push(active.value);
        return (original as (...a: unknown[]) => boolean)(command, ...rest) || command === 'copy';
      };
    });
    await page.goto(`${baseUrl}/email-config?lang=en&email=${ADDRESS}`, {
      waitUntil: 'networkidle',
    });
    const copy = page.getByRole('button', {
      name: t['emailConfig.copy.label']!.replace('{value}', ADDRESS),
    });
    await expect.poll(() => copy.count()).toBe(2);
    await copy.first().click();
    await expect
      .poll(() => page.getByRole('button', { name: t['emailConfig.copy.copied'] }).count())
      .toBe(1);
    expect(
      await page.evaluate(() => (window as unknown as { __copied: string[] }).__copied),
    ).toEqual([ADDRESS]);
    // The text area is gone again and focus is back on the button.
    expect(await page.locator('textarea').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      t['emailConfig.copy.copied'],
    );
    expect(problems).toEqual([]);
  });
});

describe('discovery on the built server', () => {
  it('answers Outlook POX in any letter case, not the page catch-all', async () => {
    const body =
      '<?xml version="1.0" encoding="utf-8"?><Autodiscover xmlns="http://schemas.microsoft.com/exchange/autodiscover/outlook/requestschema/2006"><Request><EMailAddress>jan@bakkerij.nl</EMailAddress><AcceptableResponseSchema>http://schemas.microsoft.com/exchange/autodiscover/outlook/responseschema/2006a</AcceptableResponseSchema></Request></Autodiscover>';
    for (const path of ['/autodiscover/autodiscover.xml', '/Autodiscover/Autodiscover.xml']) {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'text/xml' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/xml; charset=utf-8');
      const doc = parseXml(await response.text());
      expect(doc.getElementsByTagName('LoginName')[0]?.textContent).toBe('jan@bakkerij.nl');
    }
    const bad = await fetch(`${baseUrl}/AutoDiscover/AutoDiscover.xml`, {
      method: 'POST',
      body: 'x',
    });
    expect(parseXml(await bad.text()).getElementsByTagName('ErrorCode')[0]?.textContent).toBe(
      '600',
    );
  });

  it('answers Thunderbird on both paths', async () => {
    for (const path of ['/mail/config-v1.1.xml', '/.well-known/autoconfig/mail/config-v1.1.xml']) {
      const response = await fetch(`${baseUrl}${path}?emailaddress=jan%40bakkerij.nl`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const doc = parseXml(await response.text());
      expect(doc.getElementsByTagName('hostname')[0]?.textContent).toBe('mail.bakkerij.nl');
    }
  });
});
