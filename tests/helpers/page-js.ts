// The JavaScript a page fetches in a browser with no input (no scroll, no click, no key) until
// the network has been idle, gzip bytes as sent: all of it, and the critical path (the scripts and
// module preloads the server's HTML names). Used by the budget test
// (tests/e2e/bundle-budget.test.ts) and the report (bench/page-js.ts), issue 48.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { BUILD_DIR, ROOT } from './server-process.ts';

/** Every public page of issue 48 (SPEC section 2), measured in both languages. */
export const PUBLIC_PAGES = [
  '/',
  '/get-started',
  '/total-package/order',
  '/checkout',
  '/blueprint100',
  '/schedule-consultation',
  '/contact',
  '/about',
  '/email-config',
  '/legal/overview',
  '/legal/terms-and-conditions',
  '/legal/privacy-policy',
  '/legal/cookie-policy',
  '/legal/sla',
  '/legal/aup',
  '/withdraw',
] as const;

export interface PageJs {
  /** gzip bytes and files of every script fetched without input */
  allBytes: number;
  allFiles: string[];
  /** gzip bytes and files the server's HTML names (script src, modulepreload) */
  criticalBytes: number;
  criticalFiles: string[];
}

/** How long the network must be quiet before the page counts as done (idle islands included). */
const QUIET_MS = 1500;

export async function measurePageJs(
  browser: Browser,
  url: string,
  viewport = { width: 1280, height: 800 },
): Promise<PageJs> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const fetched = new Set<string>();
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const settle = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfailed', settle);
  page.on('requestfinished', (request) => {
    settle();
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script' || pathname.endsWith('.js')) fetched.add(pathname);
  });
  try {
    const response = await page.goto(url, { waitUntil: 'load' });
    const html = (await response?.text()) ?? '';
    // idle islands wait for requestIdleCallback (at most 2 s after load): wait for a quiet network
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < QUIET_MS))
      await page.waitForTimeout(100);
    // the boot script lists the entry and its preloads (src/entry-server.tsx)
    const named = new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
    const all = [...fetched].map((p) => [p, gzippedSize(p)] as const);
    const critical = all.filter(([p]) => named.has(p));
    return {
      allBytes: all.reduce((sum, [, size]) => sum + size, 0),
      allFiles: all.map(([p]) => p).sort(),
      criticalBytes: critical.reduce((sum, [, size]) => sum + size, 0),
      criticalFiles: critical.map(([p]) => p).sort(),
    };
  } finally {
    await context.close();
  }
}

/** Bytes of a built file as a client that takes gzip gets it (the build's `.gz` sibling). */
export function gzippedSize(urlPath: string): number {
  const file = path.join(ROOT, BUILD_DIR, 'client', urlPath);
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
}
