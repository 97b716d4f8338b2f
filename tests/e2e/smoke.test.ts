import { describe, expect, inject, it } from 'vitest';
import { axeViolations, browserForFile } from '../helpers/browser.ts';
import { catalogs, decodeHtml } from '../helpers/catalogs.ts';
import { PUBLIC_ROUTES } from './routes.ts';

const baseUrl = inject('baseUrl');

const openPage = browserForFile(baseUrl);

describe.each(['en', 'nl'] as const)('every route in %s', (lang) => {
  it.each(PUBLIC_ROUTES)(
    '$path: server HTML in the language, hydrates cleanly, accessible, fits 375 px',
    async ({ path, heading }) => {
      const url = `${baseUrl}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
      const expectedHeading = catalogs[lang][heading];
      expect(expectedHeading).toBeTruthy();

      // The server's own HTML carries the content in the request's language.
      const raw = await fetch(url);
      expect(raw.status).toBe(200);
      const html = decodeHtml(await raw.text());
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain(expectedHeading);
      expect(html).toMatch(/<link rel="alternate" hrefLang="nl"/);

      const { page, context, problems } = await openPage({
        viewport: { width: 375, height: 740 },
      });
      try {
        const response = await page.goto(url, { waitUntil: 'networkidle' });
        expect(response?.status()).toBe(200);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).first().innerText())
          .toBe(expectedHeading);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, 'horizontal overflow at 375 px').toBeLessThanOrEqual(0);
        expect(await axeViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

describe('not found', () => {
  it('answers 404 with a page that leads home, in the request language', async () => {
    const raw = await fetch(`${baseUrl}/no-such-page?lang=nl`);
    expect(raw.status).toBe(404);
    const html = decodeHtml(await raw.text());
    expect(html).toContain(catalogs.nl['page.notFound.title']);
    expect(html).toContain('href="/"');
    const { page, context, problems } = await openPage();
    try {
      const response = await page.goto(`${baseUrl}/no-such-page`);
      expect(response?.status()).toBe(404);
      await page.getByRole('link', { name: catalogs.en['common.cta.home'] }).click();
      await page.waitForURL(`${baseUrl}/`);
      expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('answers unknown API paths with the JSON error envelope', async () => {
    const response = await fetch(`${baseUrl}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('staff area guard', () => {
  it('sends a visitor who is not signed in to the sign-in page, keeping where they wanted to go', async () => {
    const response = await fetch(`${baseUrl}/dashboard/order-link-generator`, {
      redirect: 'manual',
    });
    expect([302, 307]).toContain(response.status);
    const location = new URL(response.headers.get('location') ?? '', baseUrl);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('redirect')).toBe('/dashboard/order-link-generator');
  });
});
