import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { recommend, type PlannerAnswers } from '#domain/recommendations.ts';
import { launchBrowser, watchedPage } from '../helpers/browser.ts';

const baseUrl = inject('baseUrl');
const catalogs = { en: en as Record<string, string>, nl: nl as Record<string, string> };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

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
    const html = decode(await res.text());
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
    const { page, context, problems } = await watchedPage(browser, baseUrl, {
      viewport: { width: 375, height: 740 },
    });
    try {
      await page.goto(`${baseUrl}/?lang=${lang}`, { waitUntil: 'networkidle' });
      const axe = await new AxeBuilder({ page }).analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
      ).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      // FAQ: one answer open at a time.
      const questions = page.locator('.landing-faq__question button');
      await expect.poll(() => questions.count()).toBe(9);
      await questions.nth(2).click();
      await expect.poll(() => page.locator('.landing-faq__answer:not([hidden])').count()).toBe(1);
      expect(await questions.nth(2).getAttribute('aria-expanded')).toBe('true');
      expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('false');

      const planner = page.locator('#planner');
      await planner.getByRole('button', { name: m['planner.start.button'] }).click();
      const next = planner.getByRole('button', { name: m['planner.nav.next'] });
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
