import { Hono } from 'hono';
import { robotsTxt, sitemapXml } from '#domain/site-pages.ts';

// GET /sitemap.xml and GET /robots.txt, on PUBLIC_URL (the pages' canonical origin). Both are the
// same for every visitor and built once.
export function seoRoutes(options: { publicUrl: string }) {
  const sitemap = sitemapXml(options.publicUrl);
  const robots = robotsTxt(options.publicUrl);
  return new Hono()
    .get('/sitemap.xml', (c) =>
      c.body(sitemap, 200, {
        'Content-Type': 'application/xml; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
      }),
    )
    .get('/robots.txt', (c) =>
      c.body(robots, 200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
      }),
    );
}
