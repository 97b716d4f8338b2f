// The public pages search engines may list (SPEC section 2), for /sitemap.xml, and the areas they
// must keep out of (/robots.txt). Pages that depend on one visitor (checkout, payment, thank-you,
// the booking confirmation, the embedded scheduler, sign-in, the staff area) are not listed.

import { LEGAL_DOCUMENTS } from './legal-documents.ts';
import { LANGS, type Lang } from './language.ts';

export const PUBLIC_PAGE_PATHS: readonly string[] = [
  '/',
  '/total-package/order',
  '/get-started',
  '/schedule-consultation',
  '/about',
  '/contact',
  '/withdraw',
  '/blueprint100',
  '/email-config',
  '/pricing',
  '/case-studies',
  '/prep-guide',
  '/legal/overview',
  ...LEGAL_DOCUMENTS.map((d) => d.path),
];

/** Kept out of search engines (robots.txt). */
export const DISALLOWED_PATHS: readonly string[] = ['/dashboard', '/account', '/checkout', '/api'];

function absolute(publicUrl: string, path: string, lang?: Lang): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}${path}${lang ? `?lang=${lang}` : ''}`;
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The sitemap: every public page once per language (`?lang=`, as the pages' own hreflang links),
 * each with its alternates in both languages and an x-default.
 */
export function sitemapXml(publicUrl: string): string {
  const urls = PUBLIC_PAGE_PATHS.flatMap((path) =>
    LANGS.map((lang) => {
      const alternates = [
        ...LANGS.map(
          (l) =>
            `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(absolute(publicUrl, path, l))}"/>`,
        ),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(absolute(publicUrl, path))}"/>`,
      ];
      return [
        '  <url>',
        `    <loc>${escapeXml(absolute(publicUrl, path, lang))}</loc>`,
        ...alternates,
        '  </url>',
      ].join('\n');
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything public, the personal and staff areas and the API kept out. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absolute(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
