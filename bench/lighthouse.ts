// bench/lighthouse: Lighthouse (mobile settings) on the landing page served by the built server,
// with Debian's Chromium (CHROME_PATH, default /usr/bin/chromium): performance score, LCP, CLS,
// total JavaScript transferred.
//   node --import ./bench/register-ts.mjs bench/lighthouse.ts     (npm run bench:lighthouse)
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, ensureBuild, print, startServer } from './lib.ts';

if (process.env.SKIP_BUILD !== '1') ensureBuild();
const server = await startServer();
try {
  const results: Record<string, string | number> = {};
  for (const lang of ['en', 'nl']) {
    const url = `${server.url}/?lang=${lang}`;
    const output = execFileSync(
      path.join(ROOT, 'node_modules', '.bin', 'lighthouse'),
      [
        url,
        '--output=json',
        '--quiet',
        '--only-categories=performance,accessibility',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        maxBuffer: 64 * 1024 * 1024,
      },
    ).toString();
    const report = JSON.parse(output) as {
      categories: Record<string, { score: number }>;
      audits: Record<
        string,
        {
          numericValue?: number;
          details?: { items?: Array<{ resourceType?: string; transferSize?: number }> };
        }
      >;
    };
    const js = (report.audits['resource-summary']?.details?.items ?? []).find(
      (i) => i.resourceType === 'script',
    );
    results[`${lang}: performance score`] = Math.round(
      (report.categories.performance?.score ?? 0) * 100,
    );
    results[`${lang}: accessibility score`] = Math.round(
      (report.categories.accessibility?.score ?? 0) * 100,
    );
    results[`${lang}: LCP (ms)`] = Math.round(
      report.audits['largest-contentful-paint']?.numericValue ?? 0,
    );
    results[`${lang}: CLS`] = (report.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(
      3,
    );
    results[`${lang}: total JS transferred (KB)`] = Math.round((js?.transferSize ?? 0) / 1024);
  }
  print('Lighthouse, mobile settings, landing page', results);
} finally {
  await server.stop();
}
