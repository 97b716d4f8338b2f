import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { validateDomainName } from '#domain/domain-name.ts';
import { t as translate } from '#api/i18n.ts';
import { formatMoney } from '#domain/format.ts';
import { computeQuote } from '#domain/totals.ts';
import { launchBrowser, watchedPage } from '../helpers/browser.ts';
import { startBuiltServer, type RunningServer } from '../helpers/server-process.ts';

const catalogs = { en: en as Record<string, string>, nl: nl as Record<string, string> };
type Lang = keyof typeof catalogs;
const t = (lang: Lang, id: string, values: Record<string, string> = {}) =>
  (catalogs[lang][id] ?? id).replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');
/** Money and dates as shown: Intl puts a no-break space after the euro sign. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const baseUrl = inject('baseUrl');
let browser: Browser;
let registry: Server;
let withRegistry: RunningServer;
const registryAsked: string[] = [];

/** A fake RDAP world: the bootstrap file and one registry for .com and .nl. */
async function startFakeRdap(): Promise<{ server: Server; url: string }> {
  let base = '';
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    if (path === '/dns.json') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          version: '1.0',
          publication: '2026-01-01T00:00:00Z',
          services: [[['com', 'nl'], [`${base}/rdap/`]]],
        }),
      );
      return;
    }
    const name = /^\/rdap\/domain\/(.+)$/.exec(path)?.[1] ?? '';
    registryAsked.push(name);
    if (name.startsWith('taken') || name === 'bakkerijdevries.nl') {
      res.writeHead(200, { 'Content-Type': 'application/rdap+json' });
      res.end(JSON.stringify({ objectClassName: 'domain', ldhName: name }));
    } else if (name.startsWith('broken')) {
      res.writeHead(503).end();
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url: base };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const fake = await startFakeRdap();
  registry = fake.server;
  withRegistry = await startBuiltServer({ env: { RDAP_BOOTSTRAP_URL: `${fake.url}/dns.json` } });
});
afterAll(async () => {
  await browser?.close();
  await withRegistry?.stop();
  await new Promise((resolve) => registry?.close(resolve));
});

async function openOrder(origin: string, query: string, lang: Lang = 'en') {
  const watched = await watchedPage(browser, origin);
  const separator = query === '' ? '?' : '&';
  await watched.page.goto(
    `${origin}/total-package/order${query === '' ? '' : `?${query}`}${separator}lang=${lang}`,
    {
      waitUntil: 'networkidle',
    },
  );
  await domainField(watched.page, lang).waitFor();
  return watched;
}

const domainField = (page: Page, lang: Lang) =>
  page.getByRole('textbox', { name: t(lang, 'order.domain.label'), exact: true });

const pressedPlans = (page: Page) =>
  page.$$eval('[data-plan-id][aria-pressed="true"]', (nodes) =>
    nodes.map((n) => n.getAttribute('data-plan-id')),
  );

async function checkDomain(page: Page, lang: Lang, name: string, how: 'enter' | 'click' = 'enter') {
  const field = domainField(page, lang);
  await field.fill(name);
  if (how === 'enter') await field.press('Enter');
  else await page.getByRole('button', { name: t(lang, 'order.domain.check'), exact: true }).click();
}

const feedback = (page: Page) => page.locator('#order-domain-feedback');
const finalizeUrl = async (page: Page, lang: Lang) =>
  new URL(
    (await page
      .getByRole('link', { name: t(lang, 'order.summary.finalize') })
      .getAttribute('href')) ?? '',
    'http://x',
  );

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

describe('order page: preselected plans', () => {
  it('opens at its top with step 1, in both languages and at both widths', async () => {
    for (const [lang, width] of [
      ['en', 390],
      ['nl', 1280],
    ] as const) {
      const { page, context, problems } = await watchedPage(browser, baseUrl);
      try {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${baseUrl}/total-package/order?lang=${lang}`, {
          waitUntil: 'networkidle',
        });
        await domainField(page, lang).waitFor();
        await page.waitForTimeout(300); // what runs after hydration has run
        // The domain step's status took the focus on load and scrolled the page to step 2.
        expect(
          await page.evaluate(() => [window.scrollY, document.activeElement?.tagName]),
        ).toEqual([0, 'BODY']);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('reads plans as pipe list, comma list and repeated parameter alike; ignores unknown ids', async () => {
    const seen: Array<Array<string | null>> = [];
    for (const query of [
      'plans=webHosting_pro|seo_booster',
      'plans=webHosting_pro,seo_booster',
      'plans=webHosting_pro&plans=seo_booster',
      'plans=seo_keyword,webHosting_pro|nope&plans=seo_booster',
    ]) {
      const { page, context, problems } = await openOrder(baseUrl, query);
      try {
        seen.push(await pressedPlans(page));
        await expect.poll(() => page.locator('.order-recommendation').innerText()).toContain('SEO');
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }
    // The link's website package is ticked; its paid extra is suggested, not ticked (D39A-7).
    expect(seen[0]).toEqual(expect.arrayContaining(['webHosting_pro', 'techConcierge_free']));
    expect(seen[0]).not.toContain('seo_booster');
    expect(seen[0]).not.toContain('webHosting_total');
    for (const other of seen.slice(1)) expect(other).toEqual(seen[0]);
  });

  it('a sign-up link of the catalogue preselects its plan', async () => {
    const { page, context, problems } = await watchedPage(browser, baseUrl);
    try {
      await page.goto(`${baseUrl}/signup/web-hosting/pro`, { waitUntil: 'networkidle' });
      expect(new URL(page.url()).pathname).toBe('/total-package/order');
      await page.locator('[data-plan-id="webHosting_pro"][aria-pressed="true"]').waitFor();
      expect(await pressedPlans(page)).not.toContain('webHosting_total');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('personalises the recommendation from saved planner answers', async () => {
    const { page, context, problems } = await watchedPage(browser, baseUrl);
    try {
      await page.goto(`${baseUrl}/about?lang=en`);
      await page.evaluate(() =>
        localStorage.setItem(
          'site-builder-answers',
          JSON.stringify({
            name: 'Anna',
            recommendedProducts: ['webHosting_total', 'growthCall_monthly'],
          }),
        ),
      );
      await page.goto(`${baseUrl}/total-package/order`, { waitUntil: 'networkidle' });
      await expect
        .poll(() => page.locator('.order-recommendation').innerText())
        .toMatch(/^Anna, based on your answers/);
      expect(await pressedPlans(page)).toEqual(expect.arrayContaining(['webHosting_total']));
      expect(await pressedPlans(page)).not.toContain('growthCall_monthly');
      await page.locator('.order-recommendation button').click();
      await expect
        .poll(() => pressedPlans(page))
        .toEqual(expect.arrayContaining(['webHosting_total', 'growthCall_monthly']));
      const recommended = page.locator('[data-plan-id="growthCall_monthly"]');
      expect(await recommended.innerText()).toContain(t('en', 'order.badge.recommended'));
      expect(await page.locator('[data-plan-id="techConcierge_free"]').innerText()).toContain(
        t('en', 'order.badge.alwaysIncluded'),
      );
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe.each(['en', 'nl'] as const)('order page in %s', (lang) => {
  it('opens from the header with nothing paid ticked beyond the website and its domain; one click adds the recommended set (D39A-7)', async () => {
    const { page, context, problems } = await openOrder(baseUrl, '', lang);
    try {
      expect(await pressedPlans(page)).toEqual([
        'webHosting_total',
        'domain_managed',
        'techConcierge_free',
      ]);
      const due = page.getByTestId('order-due-today');
      // Written by hand: hosting EUR 30 a month and the domain EUR 15 a year, in the page's way.
      await expect
        .poll(async () => plain(await due.innerText()))
        .toBe(lang === 'en' ? '€45.00' : '€ 45,00');
      await page
        .getByRole('button', { name: lang === 'en' ? 'Add Full Branding' : /toevoegen$/ })
        .click();
      await expect.poll(() => pressedPlans(page)).toContain('branding_full');
      await expect
        .poll(async () => plain(await due.innerText()))
        .toBe(lang === 'en' ? '€835.00' : '€ 835,00');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows every validation message before any registry call', async () => {
    const { page, context, problems } = await openOrder(withRegistry.url, '', lang);
    try {
      const before = registryAsked.length;
      for (const input of [
        '',
        '   ',
        'nodot',
        '.studio.nl',
        'a..com',
        'my site.com',
        '-bad.com',
        'a.b',
      ]) {
        await checkDomain(page, lang, input, input === 'nodot' ? 'click' : 'enter');
        const result = validateDomainName(input);
        if (result.ok) throw new Error(`${input} should be invalid`);
        await expect
          .poll(() => feedback(page).innerText())
          .toBe(translate(lang, result.key, result.values));
      }
      expect(registryAsked.length).toBe(before);
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('available: registers the name, totals follow every click, finalize carries the choice', async () => {
    const { page, context, problems } = await openOrder(
      withRegistry.url,
      'plans=webHosting_total',
      lang,
    );
    try {
      const name = 'studio-noord.com';
      // Suggestions while typing.
      await domainField(page, lang).fill('studio-noord');
      await page.getByRole('button', { name: 'studio-noord.nl' }).waitFor();
      await page.getByRole('button', { name }).click();
      await page.getByRole('button', { name: t(lang, 'order.domain.check'), exact: true }).click();
      const available = feedback(page).locator('.order-domain__message--success');
      await expect
        .poll(() => available.innerText())
        .toBe(t(lang, 'order.domain.available', { domain: name }));
      const row = page.locator('tr[data-line-id="domain_managed"]');
      await expect.poll(() => row.innerText()).toContain(name);

      const due = page.getByTestId('order-due-today');
      const expected = (plans: string[], interval: 'monthly' | 'yearly') => {
        const quote = computeQuote({
          plans,
          interval,
          domain: { name, type: 'register' },
          today: new Date(),
          lang,
        });
        if (!quote.ok) throw new Error('quote');
        return plain(formatMoney(quote.quote.totals.dueToday, lang));
      };
      await expect
        .poll(async () => plain(await due.innerText()))
        .toBe(expected(['webHosting_total'], 'monthly'));
      await page.locator('[data-plan-id="seo_booster"]').click();
      await expect
        .poll(async () => plain(await due.innerText()))
        .toBe(expected(['webHosting_total', 'seo_booster'], 'monthly'));
      await page.getByLabel(t(lang, 'order.summary.pay.yearly')).check();
      await expect
        .poll(async () => plain(await due.innerText()))
        .toBe(expected(['webHosting_total', 'seo_booster'], 'yearly'));

      const url = await finalizeUrl(page, lang);
      expect(url.pathname).toBe('/checkout');
      expect(url.searchParams.get('plans')?.split(',')).toEqual(
        expect.arrayContaining(['webHosting_total', 'seo_booster', 'techConcierge_free']),
      );
      expect(url.searchParams.get('interval')).toBe('yearly');
      expect(url.searchParams.get('domain')).toBe(name);
      await expectNoAxeViolations(page);

      // The choice is kept locally: a reload reopens the step where it was.
      await page.reload({ waitUntil: 'networkidle' });
      await expect
        .poll(() => feedback(page).innerText())
        .toContain(t(lang, 'order.domain.available', { domain: name }));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('taken and owned: transfer; taken and not owned: try another or continue without', async () => {
    const { page, context, problems } = await openOrder(withRegistry.url, '', lang);
    try {
      const name = 'bakkerijdevries.nl';
      await checkDomain(page, lang, name);
      const takenText = t(lang, 'order.domain.taken', { domain: name });
      await expect
        .poll(() => feedback(page).locator('.order-domain__message--error').innerText())
        .toBe(takenText);
      await page.getByRole('button', { name: t(lang, 'order.domain.yes'), exact: true }).click();
      await page.getByRole('button', { name: t(lang, 'order.domain.transfer') }).click();
      await expect
        .poll(() => page.locator('tr[data-line-id="domain_managed"]').innerText())
        .toContain(name);
      expect((await finalizeUrl(page, lang)).searchParams.get('domain')).toBe(name);
      await page.getByRole('button', { name: t(lang, 'order.domain.keep') }).click();
      await page.locator('tr[data-line-id="domain_external"]').waitFor();
      await expectNoAxeViolations(page);

      // The link alone carries the choice (M24): opened in a browser that kept nothing of this
      // visit, the checkout shows the kept domain and the order page's total, in its language.
      const keepUrl = await finalizeUrl(page, lang);
      expect(keepUrl.searchParams.get('domainChoice')).toBe('keep');
      const orderDue = plain(await page.getByTestId('order-due-today').innerText());
      const elsewhere = await watchedPage(browser, withRegistry.url);
      try {
        await elsewhere.page.goto(`${withRegistry.url}${keepUrl.pathname}${keepUrl.search}`, {
          waitUntil: 'networkidle',
        });
        expect(await elsewhere.page.evaluate(() => document.documentElement.lang)).toBe(lang);
        const summary = elsewhere.page.locator('.checkout-summary');
        await expect
          .poll(() => summary.locator('.checkout-summary__lines').innerText())
          .toContain(name);
        expect(plain(await summary.locator('.checkout-summary__due dd').innerText())).toBe(
          orderDue,
        );
        expect(elsewhere.problems).toEqual([]);
      } finally {
        await elsewhere.context.close();
      }

      await checkDomain(page, lang, 'taken-elsewhere.com');
      await page.getByRole('button', { name: t(lang, 'order.domain.no'), exact: true }).click();
      await page.getByRole('button', { name: t(lang, 'order.domain.tryAnother') }).click();
      expect(await domainField(page, lang).inputValue()).toBe('');
      await checkDomain(page, lang, 'taken-elsewhere.com');
      await page.getByRole('button', { name: t(lang, 'order.domain.no'), exact: true }).click();
      await page.getByRole('button', { name: t(lang, 'order.domain.continueWithout') }).click();
      await expect
        .poll(() => feedback(page).locator('.order-domain__message--warning').innerText())
        .toBe(t(lang, 'order.domain.skipped'));
      await page.locator('tr[data-line-id="domain_none"]').waitFor();
      expect((await finalizeUrl(page, lang)).searchParams.has('domain')).toBe(false);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a registry that cannot answer is a failed check, never "available"', async () => {
    const { page, context, problems } = await openOrder(withRegistry.url, '', lang);
    try {
      await checkDomain(page, lang, 'broken-registry.com');
      await expect.poll(() => feedback(page).innerText()).toBe(t(lang, 'order.domain.checkFailed'));
      expect(await page.locator('.order-domain__message--success').count()).toBe(0);
      // A visitor who owns the name can say so without the registry (D39A-2), and keep it:
      // nothing charged for the domain.
      await page.getByRole('button', { name: t(lang, 'order.domain.alreadyOwn') }).click();
      await page.getByRole('button', { name: t(lang, 'order.domain.keep') }).click();
      await page.locator('tr[data-line-id="domain_external"]').waitFor();
      expect(await page.locator('tr[data-line-id="domain_managed"]').count()).toBe(0);
      expect((await finalizeUrl(page, lang)).searchParams.get('domain')).toBe(
        'broken-registry.com',
      );
      // The 502 answer itself shows up as a failed request in the console; nothing else may.
      expect(problems.filter((p) => !/502|Bad Gateway/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('order page on a phone', () => {
  it('keeps every word of the summary lines whole in Dutch, from 320 to 700 px', async () => {
    const { page, context, problems } = await openOrder(
      baseUrl,
      'plans=webHosting_total,seo_booster',
      'nl',
    );
    try {
      await page.locator('.order-summary__table tbody tr').first().waitFor();
      for (const width of [320, 375, 390, 420, 600, 700]) {
        await page.setViewportSize({ width, height: 800 });
        // Each word of a description, a billing ("Maandelijks") and an amount on one line.
        const broken = await page.$$eval('.order-summary__table tbody :is(th, td)', (cells) =>
          cells.flatMap((cell) => {
            const out: string[] = [];
            const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
                const range = document.createRange();
                range.setStart(node, word.index);
                range.setEnd(node, word.index + word[0].length);
                if (range.getClientRects().length > 1) out.push(word[0]);
              }
            }
            return out;
          }),
        );
        expect({ width, broken }).toEqual({ width, broken: [] });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      }
      expect(await page.locator('.order-summary__table tbody tr').count()).toBeGreaterThan(1);
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('order page without a reachable registry', () => {
  it('says the check failed (the default bootstrap URL cannot be reached offline)', async () => {
    const response = await fetch(`${baseUrl}/api/domains/check?domain=studio-noord.com`);
    expect([200, 502]).toContain(response.status);
    if (response.status === 502)
      expect(await response.json()).toMatchObject({ error: { code: 'DOMAIN_CHECK_FAILED' } });
  });
});
