import { chromium } from 'playwright-core';
import { startServer } from '/work/wt/speed/bench/lib.ts';
const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  await page.addInitScript(() => {
    (window as any).__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as any[])
        (window as any).__shifts.push({ t: Math.round(e.startTime), v: e.value, src: e.sources?.map((s: any) => ({ n: s.node?.className ?? s.node?.nodeName, prev: [s.previousRect.y, s.previousRect.height], cur: [s.currentRect.y, s.currentRect.height] })) });
    }).observe({ type: 'layout-shift', buffered: true });
    (window as any).__bar = [];
    const poll = () => { const b = document.querySelector('.hero__bar'); if (b) (window as any).__bar.push([Math.round(performance.now()), b.getBoundingClientRect().height, document.documentElement.className]); if (performance.now() < 8000) setTimeout(poll, 50); };
    poll();
  });
  await page.goto(`${server.url}/?lang=en`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000);
  console.log(JSON.stringify(await page.evaluate(() => (window as any).__shifts), null, 1));
  const bar = await page.evaluate(() => (window as any).__bar) as any[];
  let last = '';
  for (const b of bar) { const k = JSON.stringify(b.slice(1)); if (k !== last) { console.log(b); last = k; } }
  console.log(await page.evaluate(() => document.querySelector('.hero__bar')?.outerHTML.slice(0, 600)));
} finally { await browser.close(); await server.stop(); }
