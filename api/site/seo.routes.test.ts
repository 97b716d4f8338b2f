import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { seoRoutes } from './seo.routes.ts';

const app = new Hono().route('/', seoRoutes({ publicUrl: 'https://studio.example/' }));

describe('GET /sitemap.xml', () => {
  it('lists every public page in both languages with hreflang alternates', async () => {
    const response = await app.request('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const path of [
      '/',
      '/get-started',
      '/pricing',
      '/legal/privacy-policy',
      '/contact',
      '/withdraw',
    ])
      for (const lang of ['en', 'nl'])
        expect(xml).toContain(`<loc>https://studio.example${path}?lang=${lang}</loc>`);
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="nl" href="https://studio.example/about?lang=nl"/>',
    );
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://studio.example/about"/>',
    );
    expect(xml).not.toMatch(/dashboard|checkout|thank-you|consultation-confirmed/);
    // 18 public pages (the withdrawal form of issue 42 among them), each in two languages
    expect(xml.match(/<url>/g)).toHaveLength(18 * 2);
  });
});

describe('GET /robots.txt', () => {
  it('keeps crawlers out of the staff, account, checkout and API areas and names the sitemap', async () => {
    const response = await app.request('/robots.txt');
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const path of ['/dashboard', '/account', '/checkout', '/api'])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain('Sitemap: https://studio.example/sitemap.xml');
  });
});
