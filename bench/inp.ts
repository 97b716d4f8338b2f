// bench/inp: Interaction to Next Paint of the interactions that sell (issue 48), in Chromium at
// 4x CPU slowdown (CDP Emulation.setCPUThrottlingRate), measured in the page with the Event
// Timing API: for each interaction, the longest `event` entry with its interactionId (input delay
// + processing + the wait for the next paint). Entries under 16 ms are not reported by the
// browser: such an interaction prints "< 16". BENCH_RUNS (default 3) page loads per interaction;
// the median and the worst are printed, with the median's input delay, processing and presentation
// (React renders a click's update inside the handlers: processing; presentation is the style,
// layout, frame callbacks and paint after them). BENCH_SCENARIOS (a part of a name) runs only
// those. Each starts after the page has loaded and the network is quiet, on a 412x823 viewport
// like Lighthouse's phone. The order page's and the checkout's bodies
// load their code at the first input (input islands, D48C-1): the mouse moves over the page
// first and the interaction waits until the island is live, so it is measured on the live page
// (the first input's own wait for the code is a round trip, not the page's work).
//   node --import ./bench/register-ts.mjs bench/inp.ts        (npm run bench:inp)
import { loadavg } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import en from '#locales/en.json';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { ensureBuild, startServer } from './lib.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const m = en as Record<string, string>;

declare global {
  interface Window {
    __interactions?: Record<number, number>;
    __parts?: Record<number, [number, number, number]>;
  }
}

/** Records, per interaction id, the longest event duration the browser reports. */
function observeInteractions() {
  window.__interactions = {};
  window.__parts = {};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (!entry.interactionId) continue;
      const seen = window.__interactions![entry.interactionId] ?? 0;
      if (entry.duration < seen) continue;
      window.__interactions![entry.interactionId] = entry.duration;
      // input delay, processing (the handlers), presentation (style, layout, paint)
      window.__parts![entry.interactionId] = [
        entry.processingStart - entry.startTime,
        entry.processingEnd - entry.processingStart,
        entry.startTime + entry.duration - entry.processingEnd,
      ];
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

interface Scenario {
  name: string;
  url: string;
  /** Brings the page to the interaction (not measured). */
  prepare?: (page: Page) => Promise<void>;
  /** The interaction that is measured. */
  act: (page: Page) => Promise<void>;
}

/**
 * The visitor's first input (mouse moves), then the wait until the island `name` is live. The
 * mouse moves until it is: at 4x slowdown the network can be quiet while the page still
 * hydrates, before the island listens for input.
 */
async function wakeIsland(page: Page, name: string): Promise<void> {
  const live = page.locator(`[data-island="${name}"][data-live]`);
  for (let step = 0; step < 150 && (await live.count()) === 0; step++) {
    await page.mouse.move(200 + (step % 2) * 20, 300);
    await page.waitForTimeout(200);
  }
  await live.waitFor({ state: 'attached' });
}

/**
 * How the mouse clicks: `person` (default) as a person's hand does it: the pointer arrives over the
 * target and rests there, then the button goes down and comes up 60 ms later; `instant`
 * (BENCH_CLICK=instant, the method before 2026-11-29) moves, presses and releases in the same
 * instant, so the move's and the press's handlers (hover styles, pointer events) are counted in
 * the release's and the click's input delay, which no hand can do.
 */
const CLICK = process.env.BENCH_CLICK === 'instant' ? 'instant' : 'person';
/** The pointer's rest over the target before the press, and the button's time down. */
const HOVER_MS = 300;
const PRESS_MS = 60;

/**
 * A visitor's click: the element is scrolled into view and found first, then the mouse presses
 * and releases at its centre as the browser's own input (CDP). Playwright's `click()` and
 * `check()` also run a hit-target check in the page on the pointer events, which at 4x slowdown
 * added about 20 ms of its own to the measured interaction's input delay.
 */
async function clickAt(page: Page, target: ReturnType<Page['locator']>): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the target is not on the page');
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  if (CLICK === 'instant') return page.mouse.click(x, y);
  await page.mouse.move(x, y);
  await page.waitForTimeout(HOVER_MS);
  await page.mouse.down();
  await page.waitForTimeout(PRESS_MS);
  await page.mouse.up();
}

const SCENARIOS: Scenario[] = [
  {
    name: 'order: choose a plan',
    url: '/total-package/order?lang=en',
    prepare: (page) => wakeIsland(page, 'order-builder'),
    act: (page) => clickAt(page, page.locator('[data-plan-id="seo_booster"]')),
  },
  {
    name: 'order: switch to yearly',
    url: '/total-package/order?lang=en',
    prepare: (page) => wakeIsland(page, 'order-builder'),
    act: (page) =>
      clickAt(
        page,
        page.locator('label', { has: page.getByRole('radio', { name: 'Pay yearly' }) }),
      ),
  },
  {
    name: 'landing: answer a planner step',
    url: '/?lang=en',
    prepare: async (page) => {
      const planner = page.locator('#planner');
      await planner.scrollIntoViewIfNeeded();
      await page.locator('[data-island="planner"][data-live]').waitFor({ state: 'attached' });
      await planner.getByRole('button', { name: m['planner.start.button'] }).click();
      await page.waitForTimeout(500);
    },
    act: (page) =>
      clickAt(
        page,
        page.locator('#planner label', {
          has: page.getByRole('radio', { name: new RegExp(`^${m['planner.situation.starting']}`) }),
        }),
      ),
  },
  {
    name: 'checkout: type a key in a field',
    url: '/checkout?plans=webHosting_total&interval=monthly&lang=en',
    prepare: async (page) => {
      await wakeIsland(page, 'checkout-body');
      await page.getByLabel(m['checkout.fields.email']!).click();
      await page.waitForTimeout(300);
    },
    act: (page) => page.keyboard.type('e'),
  },
];

interface Measured {
  ms: number;
  /** input delay, processing, presentation (ms) of the longest interaction */
  parts: [number, number, number];
}

async function measure(browser: Browser, base: string, scenario: Scenario): Promise<Measured> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  try {
    await page.addInitScript(observeInteractions);
    const inFlight = new Set<unknown>();
    page.on('request', (request) => inFlight.add(request));
    page.on('requestfinished', (request) => inFlight.delete(request));
    page.on('requestfailed', (request) => inFlight.delete(request));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}${scenario.url}`, { waitUntil: 'networkidle' });
    await scenario.prepare?.(page);
    // What the first input started (the part's code, the other parts that wait for input, the
    // figures they ask for) has come in: the page is measured at rest, as before the islands.
    for (let quiet = 0, waited = 0; quiet < 500 && waited < 15_000; waited += 100) {
      await page.waitForTimeout(100);
      quiet = inFlight.size === 0 ? quiet + 100 : 0;
    }
    await page.waitForTimeout(500);
    const before = await page.evaluate(() => Object.keys(window.__interactions ?? {}).length);
    await scenario.act(page);
    await page.waitForTimeout(1000);
    const seen = await page.evaluate(() =>
      Object.entries(window.__interactions ?? {}).map(
        ([id, ms]) => [ms, window.__parts?.[Number(id)] ?? [0, 0, 0]] as const,
      ),
    );
    // the interactions of the measured step: those after `before`
    const longest = seen.slice(before).sort((a, b) => b[0] - a[0])[0];
    return longest ? { ms: longest[0], parts: [...longest[1]] } : { ms: 0, parts: [0, 0, 0] };
  } finally {
    await context.close();
  }
}

if (process.env.SKIP_BUILD !== '1') ensureBuild();
const server = await startServer();
const browser = await launchBrowser();
try {
  console.log(
    `\nINP at 4x CPU slowdown, Event Timing (median and worst of ${RUNS}, ms; 0 = under 16 ms; clicks: ${CLICK})`,
  );
  const only = process.env.BENCH_SCENARIOS;
  for (const scenario of SCENARIOS.filter((s) => !only || s.name.includes(only))) {
    const runs: Measured[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, server.url, scenario));
    runs.sort((a, b) => a.ms - b.ms);
    const show = (ms: number) => (ms === 0 ? '< 16' : String(Math.round(ms)));
    const median = runs[Math.floor((runs.length - 1) / 2)]!;
    console.log(
      `  ${scenario.name.padEnd(36)} median ${show(median.ms).padStart(5)}  worst ${show(runs[runs.length - 1]!.ms).padStart(5)}  (load ${loadavg()[0]!.toFixed(2)}; median's delay/processing/presentation ${median.parts.map((ms) => Math.round(ms)).join('/')})`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
