import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { optionById } from '#domain/catalogue.ts';
import { recommend, type PlannerAnswers } from '#domain/recommendations.ts';
import { axeViolations, browserForFile } from '../helpers/browser.ts';
import { catalogs, decodeHtml } from '../helpers/catalogs.ts';

const baseUrl = inject('baseUrl');

const openPage = browserForFile(baseUrl);

const ANSWERS: Record<'en' | 'nl', PlannerAnswers> = {
  en: {
    situation: 'starting',
    goal: 'buildWebsite',
    budget: 'professional',
    involvement: 'collab',
    timeline: 'now',
  },
  nl: {
    situation: 'haveWebsite',
    goal: 'getClients',
    budget: 'starter',
    involvement: 'handsOff',
    timeline: 'soon',
  },
};

describe.each(['en', 'nl'] as const)('landing page in %s', (lang) => {
  const m = catalogs[lang];

  it('carries every section in the server HTML, in order', async () => {
    const res = await fetch(`${baseUrl}/?lang=${lang}`);
    expect(res.status).toBe(200);
    const html = decodeHtml(await res.text());
    const order = [
      m['home.hero.title'],
      m['landing.agitation.title'],
      m['landing.bridge.title'],
      m['landing.benefits.title'],
      m['landing.journey.title'],
      m['landing.proof.title'],
      m['landing.promise.title'],
      m['landing.cta.title'],
      m['landing.deep.title'],
      m['landing.compare.title'],
    ].map((text) => {
      expect(text).toBeTruthy();
      const at = html.indexOf(text!);
      expect(at, text).toBeGreaterThan(-1);
      return at;
    });
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toContain('data-hero');
    expect(html).toContain(m['planner.start.button']);
    expect((html.match(/<tr>/g) ?? []).length).toBe(13);
  });

  it('walks the planner to the order page with the recommended plans selected', async () => {
    const answers = ANSWERS[lang];
    const expected = recommend(answers).products;
    const { page, context, problems } = await openPage({
      viewport: { width: 375, height: 740 },
    });
    try {
      await page.goto(`${baseUrl}/?lang=${lang}`, { waitUntil: 'networkidle' });
      expect(await axeViolations(page)).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      // FAQ: one answer open at a time.
      const questions = page.locator('.landing-faq__question button');
      await expect.poll(() => questions.count()).toBe(9);
      // (a click that comes before the FAQ's code is held and given to it once it is in: D48-2)
      await questions.nth(2).click();
      await expect.poll(() => questions.nth(2).getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => page.locator('.landing-faq__answer:not([hidden])').count()).toBe(1);
      expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('false');

      const planner = page.locator('#planner');
      await planner.getByRole('button', { name: m['planner.start.button'] }).click();
      const next = planner.getByRole('button', { name: m['planner.nav.next'], exact: true });
      for (const question of ['situation', 'goal', 'budget', 'involvement', 'timeline'] as const) {
        expect(await next.isDisabled()).toBe(true);
        await planner
          .getByRole('radio', {
            name: new RegExp(`^${m[`planner.${question}.${answers[question]}`]}`),
          })
          .check();
        await next.click();
      }
      await expect.poll(() => planner.getByText(m['planner.title.planReady']!).count()).toBe(1);
      // Product names in the page's language.
      const first = optionById(expected[0]!)!.displayName[lang];
      expect(await planner.getByText(first, { exact: true }).count()).toBe(1);
      await next.click();
      await planner.getByLabel(m['planner.contact.name']!).fill('Sam Bakker');
      await planner.getByLabel(m['planner.contact.email']!).fill('sam@bakker.example');
      await next.click();
      await planner.getByRole('button', { name: m['planner.consent.accept'] }).click();

      await page.waitForURL(/\/total-package\/order\?/, { timeout: 15_000 });
      const url = new URL(page.url());
      expect(url.searchParams.get('plans')?.split(',')).toEqual(expected);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
      const saved = await page.evaluate(() => window.localStorage.getItem('site-builder-answers'));
      expect(JSON.parse(saved ?? '{}')).toMatchObject({
        ...answers,
        recommendedProducts: expected,
      });
      const direct = await fetch(url.toString());
      expect(direct.status).toBe(200);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('exit-intent offer', () => {
  const leaveThroughTop = () =>
    document.dispatchEvent(
      new MouseEvent('mouseout', { bubbles: true, clientX: 400, clientY: -2, relatedTarget: null }),
    );

  // Its code comes at the visitor's first input (an `input` island, decision D48-2): a mouse that
  // leaves the page has moved over it first.
  const moveMouse = async (page: Page) => {
    await page.mouse.move(400, 300);
    await page.locator('[data-island="exit-offer"][data-live]').waitFor({ state: 'attached' });
  };

  it('opens once per visitor as a real dialog, closes with Escape, and carries the offer to checkout', async () => {
    const { page, context, problems } = await openPage();
    try {
      await page.goto(`${baseUrl}/?lang=en`, { waitUntil: 'networkidle' });
      await moveMouse(page);
      const dialog = page.getByRole('dialog', {
        name: catalogs.en['landing.exitOffer.title']!.replace('{percent}', '10'),
      });
      expect(await dialog.isVisible()).toBe(false);
      // Leaving sideways does nothing.
      await page.evaluate(() =>
        document.dispatchEvent(
          new MouseEvent('mouseout', { bubbles: true, clientY: 300, relatedTarget: null }),
        ),
      );
      expect(await dialog.isVisible()).toBe(false);
      await page.evaluate(leaveThroughTop);
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await page.evaluate(leaveThroughTop);
      expect(await dialog.isVisible()).toBe(false);
      await page.reload({ waitUntil: 'networkidle' });
      await moveMouse(page);
      await page.evaluate(leaveThroughTop);
      expect(await dialog.isVisible()).toBe(false);

      // A new visitor accepts the offer.
      await page.evaluate(() => window.localStorage.clear());
      await page.reload({ waitUntil: 'networkidle' });
      await moveMouse(page);
      await page.evaluate(leaveThroughTop);
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await dialog.getByRole('link', { name: catalogs.en['landing.exitOffer.accept'] }).click();
      await page.waitForURL(/\/checkout\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get('coupon')).toBe('EXIT10');
      expect(url.searchParams.get('plans')).toBe('webHosting_total,domain_managed');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }

    // The server applies it (the coupon EXIT10): 10% of the hosting plan's first month.
    const quote = async (coupon?: string) => {
      const res = await fetch(`${baseUrl}/api/quote?lang=en`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          plans: ['webHosting_total', 'domain_managed'],
          interval: 'monthly',
          ...(coupon ? { coupon } : {}),
        }),
      });
      return {
        status: res.status,
        body: (await res.json()) as {
          lines: Array<{ id: string; price: number; displayName: string }>;
          totals: { dueToday: number };
        },
      };
    };
    const plain = await quote();
    const offered = await quote('exit10');
    expect(offered.status).toBe(200);
    expect(offered.body.lines.find((l) => l.id === 'coupon_EXIT10')).toMatchObject({
      price: -300,
      displayName: 'Discount code EXIT10',
    });
    expect(offered.body.totals.dueToday).toBe(plain.body.totals.dueToday - 300);
    expect((await quote('free-month')).status).toBe(400);
  });
});

describe('lead form on /get-started', () => {
  it.each(['en', 'nl'] as const)(
    'takes a lead in %s, and staff see it with its consent',
    async (lang) => {
      const m = catalogs[lang];
      const email = `lead-${lang}-${Date.now()}@example.nl`;
      const { page, context, problems } = await openPage({
        viewport: { width: 375, height: 740 },
      });
      try {
        await page.goto(`${baseUrl}/get-started?lang=${lang}`, { waitUntil: 'networkidle' });
        await page.getByRole('button', { name: m['leadForm.intro.start'] }).click();
        // the form's code comes with the first input (decision D48C-2): the click acts once it has
        await expect
          .poll(() =>
            page
              .getByText(m['leadForm.progress.step']!.replace('{step}', '1').replace('{of}', '3'))
              .count(),
          )
          .toBe(1);
        const next = page.getByRole('button', { name: m['leadForm.nav.next'] });
        expect(await next.isDisabled()).toBe(true);
        await page.getByLabel(m['leadForm.details.name']!).fill('Noor Visser');
        await page.getByLabel(m['leadForm.details.email']!).fill(email);
        await next.click();
        expect(await next.isDisabled()).toBe(true);
        await page.getByRole('radio', { name: m['leadForm.goal.sellProducts'] }).check();
        await next.click();
        await page.getByRole('button', { name: m['leadForm.schedule.later'] }).click();
        await page.getByRole('button', { name: m['leadForm.consent.accept'] }).click();
        await expect
          .poll(() => page.getByText(m['leadForm.thankYou.text']!).count(), { timeout: 10_000 })
          .toBe(1);
        expect(await axeViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }

      const login = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'staff@example.test', password: 'staff-password-e2e' }),
      });
      expect(login.status).toBe(200);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      const list = await fetch(`${baseUrl}/api/admin/leads`, { headers: { cookie } });
      expect(list.status).toBe(200);
      const { leads } = (await list.json()) as {
        leads: Array<{
          email: string;
          source: string;
          subscribe: boolean;
          consentAt: string | null;
          lang: string;
          answers: unknown;
        }>;
      };
      const lead = leads.find((l) => l.email === email);
      expect(lead).toMatchObject({
        source: 'leadForm',
        subscribe: true,
        lang,
        answers: { goal: 'sellProducts', booked: false },
      });
      expect(lead?.consentAt).toBeTruthy();
      expect((await fetch(`${baseUrl}/api/admin/leads`)).status).toBe(401);
    },
  );
});
