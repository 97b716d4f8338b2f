// bench/lighthouse: Lighthouse (the version in package.json; mobile settings, simulated
// throttling) on the pages that sell, served by the built server, with Debian's Chromium
// (CHROME_PATH, default /usr/bin/chromium): performance score, LCP, CLS, TBT, JavaScript
// transferred, per page and language. BENCH_PAGES (comma list, default `/,/total-package/order,/checkout`) and BENCH_RUNS
// (default 1) choose what runs; with several runs each figure printed is its own median (the
// goal's "median of 3 runs" for each of score, LCP, CLS and TBT), not the figures of one run.
//   node --import ./bench/register-ts.mjs bench/lighthouse.ts     (npm run bench:lighthouse)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureBuild, startServer } from './lib.ts';

const PAGES = (process.env.BENCH_PAGES ?? '/,/total-package/order,/checkout').split(',');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

interface Report {
  categories: Record<string, { score: number }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: { items?: Array<{ resourceType?: string; transferSize?: number }> };
    }
  >;
}

interface Figures {
  score: number;
  lcpMs: number;
  fcpMs: number;
  cls: number;
  tbtMs: number;
  jsKb: number;
  requests: number;
}

/** One run; a run Lighthouse itself gives up on (NO_NAVSTART on a busy machine) is tried again. */
function lighthouse(url: string, attempts = 3): Figures {
  try {
    return lighthouseOnce(url);
  } catch (error) {
    if (attempts <= 1) throw error;
    console.error(`  (Lighthouse failed on ${url}: ${failure(error)}; trying again)`);
    return lighthouse(url, attempts - 1);
  }
}

/** Lighthouse's own reason for giving up (its last line of stderr, e.g. NO_FCP), or the error's. */
function failure(error: unknown): string {
  const stderr = (error as { stderr?: Buffer | string }).stderr?.toString().trim();
  const line = stderr?.split('\n').at(-1);
  return (line || (error instanceof Error ? error.message : String(error))).slice(0, 200);
}

function lighthouseOnce(url: string): Figures {
  const output = execFileSync(
    path.join(ROOT, 'node_modules', '.bin', 'lighthouse'),
    [
      url,
      '--output=json',
      '--quiet',
      '--only-categories=performance',
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  ).toString();
  const report = JSON.parse(output) as Report;
  const items = report.audits['resource-summary']?.details?.items ?? [];
  const js = items.find((i) => i.resourceType === 'script');
  const all = items.find((i) => i.resourceType === 'total') as
    { requestCount?: number } | undefined;
  const audit = (id: string) => report.audits[id]?.numericValue ?? 0;
  return {
    score: Math.round((report.categories.performance?.score ?? 0) * 100) / 100,
    lcpMs: Math.round(audit('largest-contentful-paint')),
    fcpMs: Math.round(audit('first-contentful-paint')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(audit('total-blocking-time')),
    jsKb: Math.round(((js?.transferSize ?? 0) / 1024) * 10) / 10,
    requests: all?.requestCount ?? 0,
  };
}

/** Each figure's own median over the runs (the lower middle one for an even count). */
function medians(runs: Figures[]): Figures {
  const median = (key: keyof Figures) => {
    const sorted = runs.map((run) => run[key]).sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)]!;
  };
  return {
    score: median('score'),
    lcpMs: median('lcpMs'),
    fcpMs: median('fcpMs'),
    cls: median('cls'),
    tbtMs: median('tbtMs'),
    jsKb: median('jsKb'),
    requests: median('requests'),
  };
}

if (process.env.SKIP_BUILD !== '1') ensureBuild();
const server = await startServer();
try {
  const { version } = JSON.parse(
    readFileSync(path.join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
  ) as { version: string };
  console.log(
    `\nLighthouse ${version}, mobile, simulated throttling (each figure the median of ${RUNS})`,
  );
  console.log(
    `  ${'page'.padEnd(28)} ${'score'.padStart(5)} ${'LCP ms'.padStart(7)} ${'FCP ms'.padStart(7)} ${'CLS'.padStart(6)} ${'TBT ms'.padStart(7)} ${'JS KB'.padStart(6)} ${'reqs'.padStart(5)}`,
  );
  for (const page of PAGES) {
    for (const lang of ['en', 'nl']) {
      const url = `${server.url}${page}${page.includes('?') ? '&' : '?'}lang=${lang}`;
      const f = medians(Array.from({ length: RUNS }, () => lighthouse(url)));
      console.log(
        `  ${`${page} (${lang})`.padEnd(28)} ${f.score.toFixed(2).padStart(5)} ${String(f.lcpMs).padStart(7)} ${String(f.fcpMs).padStart(7)} ${f.cls.toFixed(3).padStart(6)} ${String(f.tbtMs).padStart(7)} ${f.jsKb.toFixed(1).padStart(6)} ${String(f.requests).padStart(5)}`,
      );
    }
  }
} finally {
  await server.stop();
}
