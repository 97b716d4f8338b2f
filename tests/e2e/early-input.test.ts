// A visitor who acts before the page has hydrated (the first paint comes before the code, S20)
// loses nothing (S29): the page's scripts are held back here until the visitor has typed, chosen
// and clicked, and what they did must reach the page once it hydrates. Likewise on a hydrated
// page whose form is an island that has not fetched its code yet (decision D48B-1): only that
// island's chunk is held back.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForFile } from '../helpers/browser.ts';
import { catalogs } from '../helpers/catalogs.ts';
import { holdChunk, holdScripts } from '../helpers/hold-scripts.ts';

const baseUrl = inject('baseUrl');
const openPage = browserForFile(baseUrl);

/** The sum of the page's layout shifts so far (counted from before the first paint). */
const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shift: number }).__shift);
const countLayoutShifts = (page: Page) =>
  page.addInitScript(() => {
    (window as unknown as { __shift: number }).__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
        (window as unknown as { __shift: number }).__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });

/**
 * The contact API answers these tests in the browser (a ticket as the server answers it): they
 * prove what the form sends; the server's side of a ticket is tested by the API suite, and its
 * limit of 10 tickets in 10 minutes per address is shared by every browser test of the suite.
 */
const answerTickets = (page: Page) =>
  page.route(
    (url) => url.pathname === '/api/contact',
    (route) =>
      route.fulfill({
        status: 201,
        contentType: 'application/json',
        body: JSON.stringify({ ok: true, ticketId: '0b9f3c1e-5d2a-4c8e-9a7b-3f1d2e4c5a6b' }),
      }),
  );

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

describe.each(['en', 'nl'] as const)('input before a form island has its code (%s)', (lang) => {
  const t = (id: string) => catalogs[lang][id]!;
  const CONTACT_OPTIONS = 'src/views/contact/contact-options.tsx';
  const field = (page: Page, id: string) => page.getByLabel(t(id), { exact: true });

  it('a ticket typed, chosen and sent on the hydrated page is sent once, with those values, when the code comes', async () => {
    const { page, context, problems } = await openPage();
    try {
      const release = await holdChunk(page, CONTACT_OPTIONS);
      await answerTickets(page);
      const posted: unknown[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/contact')
          posted.push(request.postDataJSON());
      });
      await page.goto(`${baseUrl}/contact?lang=${lang}`, { waitUntil: 'domcontentloaded' });
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await field(page, 'contact.form.name').fill('Piet');
      await field(page, 'contact.form.email').fill('piet@example.nl');
      await field(page, 'contact.form.subject').selectOption('support');
      await field(page, 'contact.form.message').fill('Typed before the form could answer.');
      await page.getByRole('button', { name: t('contact.form.submit') }).click();
      // the form is still the server's HTML: its code is held back
      expect(await page.locator('[data-island="contact-options"][data-live]').count()).toBe(0);
      expect(posted).toEqual([]);

      release();
      await page.getByText(t('contact.form.success')).waitFor();
      expect(posted).toEqual([
        {
          name: 'Piet',
          email: 'piet@example.nl',
          subject: 'support',
          message: 'Typed before the form could answer.',
        },
      ]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the field typed into keeps the focus and the caret when the code comes, and nothing moves', async () => {
    const { page, context, problems } = await openPage();
    try {
      await countLayoutShifts(page);
      const release = await holdChunk(page, CONTACT_OPTIONS);
      await answerTickets(page);
      await page.goto(`${baseUrl}/contact?lang=${lang}`, { waitUntil: 'domcontentloaded' });
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await field(page, 'contact.form.email').fill('piet@example.nl');
      const name = field(page, 'contact.form.name');
      await name.click();
      await page.keyboard.type('Pt');
      // the caret between the two letters
      await page.keyboard.press('ArrowLeft');
      const shiftBefore = await layoutShift(page);

      release();
      await page
        .locator('[data-island="contact-options"][data-live]')
        .waitFor({ state: 'attached' });
      await page.keyboard.type('ie');
      expect(await name.inputValue()).toBe('Piet');
      expect(await name.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await field(page, 'contact.form.email').inputValue()).toBe('piet@example.nl');
      // the rendered form took the place of the server's HTML without moving anything
      expect(await layoutShift(page)).toBe(shiftBefore);

      // what was typed is the form's own state, not only on screen
      await field(page, 'contact.form.subject').selectOption('general');
      await field(page, 'contact.form.message').fill('Typed across the arrival of the code.');
      const sent = page.waitForRequest(
        (request) =>
          request.method() === 'POST' && new URL(request.url()).pathname === '/api/contact',
      );
      await page.getByRole('button', { name: t('contact.form.submit') }).click();
      expect((await sent).postDataJSON()).toEqual({
        name: 'Piet',
        email: 'piet@example.nl',
        subject: 'general',
        message: 'Typed across the arrival of the code.',
      });
      await page.getByText(t('contact.form.success')).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a button clicked on the hydrated page acts once the code comes (the withdrawal)', async () => {
    const { page, context, problems } = await openPage();
    try {
      const release = await holdChunk(page, 'src/views/withdraw/withdraw-page.tsx');
      await page.goto(`${baseUrl}/withdraw?lang=${lang}`, { waitUntil: 'domcontentloaded' });
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.getByRole('button', { name: t('withdraw.button.start') }).click();
      expect(await page.locator('[data-island="withdraw"][data-live]').count()).toBe(0);
      expect(await page.getByLabel(t('withdraw.form.name')).count()).toBe(0);

      release();
      await page.getByLabel(t('withdraw.form.name')).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
