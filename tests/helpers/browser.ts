import { existsSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, started the way DEVELOPERS.md says (no network beyond this machine). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * The browser reports API.md's `404 { exists: false }` for a new address (the checkout's account
 * check) as a failed resource: the one console error a new customer's checkout has.
 */
export const expected404 = (problem: string) =>
  problem.includes('404') && problem.startsWith('console.error: Failed to load resource');

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors, failed requests and requests to any other origin. */
  problems: string[];
}

/** A fresh context and page that records every problem a visitor could run into. */
export async function watchedPage(
  browser: Browser,
  baseUrl: string,
  options: { viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? 'en-US',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const origin = new URL(baseUrl).origin;
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    if (!failure.includes('ERR_ABORTED'))
      problems.push(`requestfailed: ${request.url()} ${failure}`);
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'))
      problems.push(`third-party request: ${url}`);
  });
  return { page, context, problems };
}

/**
 * One Chromium for the test file that calls this (launched before its tests, closed after them):
 * answers `openPage`, a fresh watched page on `baseUrl` in it.
 */
export function browserForFile(
  baseUrl: string,
): (options?: Parameters<typeof watchedPage>[2]) => Promise<WatchedPage> {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return (options) => watchedPage(browser!, baseUrl, options);
}

/** The page's axe violations, one line each (`impact id: targets`); none is `[]`. */
export async function axeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations.map(
    (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
