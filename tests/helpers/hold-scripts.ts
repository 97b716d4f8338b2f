// Scripts held back in a browser test until the test releases them: the page's first paint comes
// before its code, and an island's code comes at its moment (src/components/island.tsx); what a
// visitor does meanwhile must not be lost (tests/e2e/early-input.test.ts, body-islands.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { BUILD_DIR, ROOT } from './server-process.ts';

/** Holds back every request whose address `matches` until the returned function is called. */
async function holdRequests(page: Page, matches: (url: URL) => boolean): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(matches, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Holds back every script of the page. */
export function holdScripts(page: Page): Promise<() => void> {
  return holdRequests(page, (url) => /^\/assets\/.+\.js$/.test(url.pathname));
}

/** Holds back the chunk of `module` (a source path, as the build's manifest names it). */
export function holdChunk(page: Page, module: string): Promise<() => void> {
  const manifest = JSON.parse(
    readFileSync(path.join(ROOT, BUILD_DIR, 'client', '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const file = manifest[module]?.file;
  if (!file) throw new Error(`${module} is not in the build's manifest`);
  return holdRequests(page, (url) => url.pathname === `/${file}`);
}
