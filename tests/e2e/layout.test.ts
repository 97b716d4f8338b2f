import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { axeViolations, launchBrowser, watchedPage } from '../helpers/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('language selector', () => {
  it('switches the page to Dutch without a reload, remembers it, and Escape closes the menu', async () => {
    const { page, context, problems } = await watchedPage(browser, baseUrl);
    try {
      await page.goto(`${baseUrl}/about?lang=en`, { waitUntil: 'networkidle' });
      const button = page.locator('.site-header .lang-selector__button');
      await button.click();
      const menu = page.locator('.site-header .lang-selector__menu');
      await expect.poll(() => menu.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.isVisible()).toBe(false);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.className))
        .toContain('lang-selector__button');

      await button.click();
      await page.getByRole('button', { name: 'Nederlands' }).first().click();
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).innerText())
        .toBe(nl['page.about.title']);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl');
      await expect.poll(() => page.title()).toContain(nl['page.about.title']);
      expect(new URL(page.url()).searchParams.has('lang')).toBe(false);
      expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('nl');

      // The next request is rendered in Dutch by the server (the cookie mirrors the choice).
      await page.goto(`${baseUrl}/contact`, { waitUntil: 'networkidle' });
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
        nl['page.contact.title'],
      );
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('switches to the language saved in this browser even when the cookie is gone', async () => {
    const { page, context, problems } = await watchedPage(browser, baseUrl);
    try {
      await page.goto(`${baseUrl}/pricing`, { waitUntil: 'networkidle' });
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await page.evaluate(() => localStorage.setItem('locale', 'nl'));
      await context.clearCookies();
      await page.reload({ waitUntil: 'networkidle' });
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).innerText())
        .toBe(nl['page.pricing.title']);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('web font', () => {
  it('switches Inter on with the first navigation, never under the eyes of a first-time visitor', async () => {
    const { page, context, problems } = await watchedPage(browser, baseUrl, {
      viewport: { width: 412, height: 823 },
    });
    try {
      await page.addInitScript(() => {
        (window as unknown as { __shift: number }).__shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
            (window as unknown as { __shift: number }).__shift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The app's entry comes late (a slow network), so the fonts fetched after the first paint
      // are there before the page hydrates and the router resolves for the first time.
      await page.route(/\/assets\/entry-client-[^/]*\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.goto(`${baseUrl}/total-package/order?lang=en`, { waitUntil: 'networkidle' });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.hydrated !== undefined))
        .toBe(true);
      // the fonts were fetched after the first paint and are in the browser now
      await expect
        .poll(() =>
          page.evaluate(() =>
            ['400', '600', '700'].every((weight) => document.fonts.check(`${weight} 1em Inter`)),
          ),
        )
        .toBe(true);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('fonts-ready'))).toBe('1');
      await page.waitForTimeout(300);
      // the page the visitor is looking at keeps the fallback: nothing moved
      expect(
        await page.evaluate(() => document.documentElement.classList.contains('fonts-ready')),
      ).toBe(false);
      expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBe(0);

      // the first navigation brings Inter in
      await page.locator('.site-footer a[href^="/about"]').first().click();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.classList.contains('fonts-ready')))
        .toBe(true);
      // and a later page load has it before its first paint
      await page.reload({ waitUntil: 'networkidle' });
      expect(
        await page.evaluate(() => document.documentElement.classList.contains('fonts-ready')),
      ).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('header', () => {
  it('opens the mobile drawer, closes it with Escape, and navigates from it', async () => {
    const { page, context, problems } = await watchedPage(browser, baseUrl, {
      viewport: { width: 375, height: 700 },
    });
    try {
      await page.goto(`${baseUrl}/about?lang=en`, { waitUntil: 'networkidle' });
      const toggle = page.getByRole('button', { name: en['header.menu.open'] });
      await toggle.click();
      const drawer = page.getByRole('dialog', { name: en['header.menu.label'] });
      await expect.poll(() => drawer.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => drawer.isVisible()).toBe(false);
      await toggle.click();
      await drawer.getByRole('link', { name: en['nav.contact'] }).click();
      await page.waitForURL(`${baseUrl}/contact`);
      await expect.poll(() => drawer.isVisible()).toBe(false);
      // the address changes first; the page follows once its chunk and messages are in
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).innerText())
        .toBe(en['page.contact.title']);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keeps the drawer's links dark on white under the gradient bar", async () => {
    const { page, context, problems } = await watchedPage(browser, baseUrl, {
      viewport: { width: 390, height: 700 },
    });
    try {
      await page.goto(`${baseUrl}/about?lang=nl`, { waitUntil: 'networkidle' });
      await page.evaluate(() => window.scrollTo(0, 900));
      await expect
        .poll(() => page.locator('header.site-header').getAttribute('class'))
        .toContain('site-header--solid');
      await page.getByRole('button', { name: nl['header.menu.open'] }).click();
      const drawer = page.getByRole('dialog', { name: nl['header.menu.label'] });
      await expect.poll(() => drawer.isVisible()).toBe(true);
      const colours = await drawer
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => getComputedStyle(a).color));
      expect(colours.length).toBeGreaterThan(0);
      const background = await drawer.evaluate((d) => getComputedStyle(d).backgroundColor);
      expect(background).toBe('rgb(255, 255, 255)');
      for (const colour of colours) expect(colour).not.toBe('rgb(255, 255, 255)');
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('turns into the fixed gradient bar once the hero is out of view', async () => {
    const { page, context } = await watchedPage(browser, baseUrl, {
      viewport: { width: 1280, height: 400 },
    });
    try {
      await page.goto(`${baseUrl}/legal/terms-and-conditions?lang=en`, {
        waitUntil: 'networkidle',
      });
      const header = page.locator('header.site-header');
      expect(await header.getAttribute('class')).not.toContain('site-header--solid');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => header.getAttribute('class')).toContain('site-header--solid');
      const box = await header.boundingBox();
      expect(box?.y).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('has a skip link that moves focus to the content', async () => {
    const { page, context } = await watchedPage(browser, baseUrl);
    try {
      await page.goto(`${baseUrl}/about?lang=en`, { waitUntil: 'networkidle' });
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        en['app.skipToContent'],
      );
      await page.keyboard.press('Enter');
      expect(new URL(page.url()).hash).toBe('#main');
    } finally {
      await context.close();
    }
  });
});

describe('footer', () => {
  it('ends below the floating chat button on a phone: nothing is left under it', async () => {
    const { page, context, problems } = await watchedPage(browser, baseUrl, {
      viewport: { width: 390, height: 844 },
    });
    try {
      await page.goto(`${baseUrl}/?lang=nl`, { waitUntil: 'networkidle' });
      // the floating chat comes once the visitor scrolls (chat-launcher.tsx)
      const toEnd = () =>
        page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await toEnd();
      const launcher = page.locator('.live-chat__launcher');
      await launcher.waitFor();
      await toEnd();
      const box = (await launcher.boundingBox())!;
      const under = await page.evaluate((b) => {
        const hits: string[] = [];
        for (const el of document.querySelectorAll('.site-footer *')) {
          if (el.children.length > 0) continue;
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          if (r.right > b.x && r.left < b.x + b.width && r.bottom > b.y && r.top < b.y + b.height)
            hits.push((el.textContent ?? '').trim().slice(0, 40));
        }
        return hits;
      }, box);
      expect(under).toEqual([]);
      // the last line (the copyright and VAT note) is in view, above the button
      const copyright = (await page.locator('.site-footer__copyright').boundingBox())!;
      expect(copyright.y + copyright.height).toBeLessThanOrEqual(box.y);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('parts laid out only near the screen (D48G-1)', () => {
  // `content-visibility: auto` contains their paint: a focus ring reaching past the box would be
  // cut. Each focusable part is focused from the keyboard, and every outline then drawn inside
  // the box (the ring, its offset included) must lie within it.
  it.each([
    ['/total-package/order?lang=nl', '.order-group', { width: 375, height: 740 }],
    ['/total-package/order?lang=en', '.order-group', { width: 1280, height: 800 }],
    ['/legal/privacy-policy?lang=en', '.legal-section', { width: 375, height: 740 }],
    ['/about?lang=nl', '.site-footer', { width: 375, height: 740 }],
  ] as const)('%s: no focus ring in %s is cut', async (path, selector, viewport) => {
    const { page, context, problems } = await watchedPage(browser, baseUrl, { viewport });
    try {
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      // the order page's body comes with the first input (D48C-1): a key brings it
      await page.keyboard.press('Tab');
      if (path.includes('/order')) {
        await page
          .locator('[data-island="order-builder"][data-live]')
          .waitFor({ state: 'attached' });
      }
      await page.waitForLoadState('networkidle');
      const cut = await page.evaluate(async (containerSelector) => {
        const problems: string[] = [];
        let checked = 0;
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        for (const box of document.querySelectorAll<HTMLElement>(containerSelector)) {
          const focusables = box.querySelectorAll<HTMLElement>(
            'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select, textarea, [tabindex="0"]',
          );
          for (const target of focusables) {
            target.focus();
            if (document.activeElement !== target) continue;
            await frame();
            const outer = box.getBoundingClientRect();
            for (const el of [box, ...box.querySelectorAll<HTMLElement>('*')]) {
              const style = getComputedStyle(el);
              const width = parseFloat(style.outlineWidth);
              if (style.outlineStyle === 'none' || !(width > 0)) continue;
              const reach = width + parseFloat(style.outlineOffset || '0');
              const r = el.getBoundingClientRect();
              if (r.width === 0 && r.height === 0) continue;
              checked++;
              const inside =
                r.left - reach >= outer.left - 0.5 &&
                r.right + reach <= outer.right + 0.5 &&
                r.top - reach >= outer.top - 0.5 &&
                r.bottom + reach <= outer.bottom + 0.5;
              if (!inside)
                problems.push(
                  `${el.tagName}.${el.className} ${(el.textContent ?? '').trim().slice(0, 30)}`,
                );
            }
          }
        }
        return { problems, checked };
      }, selector);
      expect(cut.checked).toBeGreaterThan(0);
      expect(cut.problems).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('scroll restoration', () => {
  it('starts a new page at the top and restores the position on back', async () => {
    const { page, context, problems } = await watchedPage(browser, baseUrl, {
      viewport: { width: 375, height: 360 },
    });
    try {
      await page.goto(`${baseUrl}/about?lang=en`, { waitUntil: 'networkidle' });
      const link = page.locator('footer').getByRole('link', { name: en['footer.company.pricing'] });
      await link.scrollIntoViewIfNeeded();
      await page.waitForTimeout(200);
      const bottom = await page.evaluate(() => window.scrollY);
      expect(bottom).toBeGreaterThan(300);
      await link.click();
      await page.waitForURL(`${baseUrl}/pricing`);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await page.goBack();
      await page.waitForURL(/\/about/);
      await expect
        .poll(() => page.evaluate(() => window.scrollY))
        .toBeGreaterThanOrEqual(bottom - 2);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
