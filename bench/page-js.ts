// bench/page-js: the JavaScript each public page fetches in Chromium with no input (no scroll, no
// click) until the network is quiet, gzip KB and file count: the critical path (what the server's
// HTML names) and all of it (idle islands and their chunks included), per page and language.
// The budgets (110 KB critical, 130 KB in all) are a test: tests/e2e/bundle-budget.test.ts.
// BENCH_PAGES (comma list, default every public page of issue 48) chooses the pages.
//   node --import ./bench/register-ts.mjs bench/page-js.ts        (npm run bench:page-js)
import { launchBrowser } from '../tests/helpers/browser.ts';
import { PUBLIC_PAGES, measurePageJs } from '../tests/helpers/page-js.ts';
import { ensureBuild, startServer } from './lib.ts';

const PAGES = process.env.BENCH_PAGES?.split(',') ?? [...PUBLIC_PAGES];
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

if (process.env.SKIP_BUILD !== '1') ensureBuild();
const server = await startServer();
const browser = await launchBrowser();
try {
  console.log('\nJavaScript fetched without input, gzip KB (files), viewport 1280x800');
  console.log(`  ${'page'.padEnd(34)} ${'critical'.padStart(14)} ${'all'.padStart(14)}`);
  for (const page of PAGES)
    for (const lang of ['en', 'nl']) {
      const js = await measurePageJs(browser, `${server.url}${page}?lang=${lang}`);
      console.log(
        `  ${`${page} (${lang})`.padEnd(34)} ${`${kb(js.criticalBytes)} (${js.criticalFiles.length})`.padStart(14)} ${`${kb(js.allBytes)} (${js.allFiles.length})`.padStart(14)}`,
      );
      if (process.env.BENCH_VERBOSE === '1')
        for (const file of js.allFiles)
          console.log(`      ${js.criticalFiles.includes(file) ? '*' : ' '} ${file}`);
    }
} finally {
  await browser.close();
  await server.stop();
}
