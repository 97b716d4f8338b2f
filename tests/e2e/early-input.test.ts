// A visitor who acts before the page has hydrated (the first paint comes before the code, S20)
// loses nothing (S29): the page's scripts are held back here until the visitor has typed, chosen
// and clicked, and what they did must reach the page once it hydrates.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForFile } from '../helpers/browser.ts';
import { catalogs } from '../helpers/catalogs.ts';

const baseUrl = inject('baseUrl');
const openPage = browserForFile(baseUrl);

/** Holds back every script of the page until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe.each(['en', 'nl'] as const)('input before hydration (%s)', (lang) => {
  const t = (id: string) => catalogs[lang][id]!;

  it('a ticket typed, chosen and sent before the code has come is sent once it has', async () => {
    const { page, context, problems } = await openPage();
    try {
      const release = await holdScripts(page);
      await page.goto(`${baseUrl}/contact?lang=${lang}`, { waitUntil: 'domcontentloaded' });
      await page.getByLabel(t('contact.form.name'), { exact: true }).fill('Piet');
      await page.getByLabel(t('contact.form.email'), { exact: true }).fill('piet@example.nl');
      await page.getByLabel(t('contact.form.subject'), { exact: true }).selectOption('support');
      await page
        .getByLabel(t('contact.form.message'), { exact: true })
        .fill('Typed before the page could answer.');
      await page.getByRole('button', { name: t('contact.form.submit') }).click();
      expect(await page.locator('html[data-hydrated]').count()).toBe(0);

      release();
      await page.getByText(t('contact.form.success')).waitFor();
      expect(await page.locator('html[data-hydrated]').count()).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a button clicked before the code has come acts once it has', async () => {
    const { page, context, problems } = await openPage();
    try {
      const release = await holdScripts(page);
      await page.goto(`${baseUrl}/get-started?lang=${lang}`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('button', { name: t('leadForm.intro.start') }).click();
      release();
      await page.getByLabel(t('leadForm.details.name')).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("the header's menu opens for a tap made before any code came (the header is an island)", async () => {
    const { page, context, problems } = await openPage({ viewport: { width: 390, height: 700 } });
    try {
      const release = await holdScripts(page);
      await page.goto(`${baseUrl}/legal/aup?lang=${lang}`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('button', { name: t('header.menu.open') }).click();
      release();
      await page.getByRole('dialog', { name: t('header.menu.label') }).waitFor();
      await page.getByRole('button', { name: t('header.menu.close') }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the page stays where the visitor scrolled it before the code came; navigations start at the top', async () => {
    const { page, context, problems } = await openPage();
    try {
      const scrollY = () => page.evaluate(() => window.scrollY);
      const hydrated = page.locator('html[data-hydrated]');
      // Arrived on the form through the hero's link, then scrolled on (the router scrolled back
      // to the #target, or to the top without one, once the page hydrated).
      const release = await holdScripts(page);
      await page.goto(`${baseUrl}/contact?lang=${lang}`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('link', { name: t('contact.hero.cta') }).click();
      await expect.poll(scrollY).toBeGreaterThan(0);
      const before = await page.evaluate(() => {
        window.scrollBy({ top: 300, behavior: 'instant' });
        return window.scrollY;
      });
      release();
      await hydrated.waitFor({ state: 'attached' });
      // the router's scroll handling runs once the hydrated page has rendered
      await page.evaluate(() => new Promise((done) => setTimeout(done, 300)));
      expect(await scrollY()).toBe(before);

      // Navigations in the page still start at the top.
      await page.locator('footer a[href="/pricing"]').first().click();
      await page.waitForURL(/\/pricing/);
      await expect.poll(scrollY).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
