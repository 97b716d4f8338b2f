// Issue 38 item 7a: a cached public page answered every visitor with the nonce it was rendered
// with, so its CSP nonce was the same on every load (and readable from any copy). A cached page
// now carries no nonce; its inline scripts are allowed by their SHA-256 hashes. Pages rendered
// per request keep a fresh nonce each.
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ClientAssets } from './static-assets.ts';
import { cacheableHtml, createPageCache, createPageHandler, type PageRenderer } from './pages.ts';

const BOOT = '(function(){console.log("boot")})()';
const renderer: PageRenderer = {
  async renderPage({ nonce }) {
    return new Response(
      `<!doctype html><html><head><meta property="csp-nonce" content="${nonce}"/>` +
        `<script type="application/json" id="m" nonce="${nonce}">{"a":1}</script>` +
        `<script nonce="${nonce}">${BOOT}</script><script type="module" src="/assets/entry.js" nonce="${nonce}"></script>` +
        `</head><body><script nonce="${nonce}">$RC("b","c")</script></body></html>`,
      { headers: { 'Content-Type': 'text/html' } },
    );
  },
};

function app() {
  const cache = createPageCache({ https: false });
  return new Hono().get(
    '*',
    createPageHandler({
      renderer,
      assets: {} as ClientAssets,
      origin: 'http://localhost:3000',
      loadUser: async () => null,
      cache,
    }),
  );
}
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

describe('the CSP of cached and personal pages', () => {
  it('a cached page names its inline scripts by hash and carries no nonce, on every load', async () => {
    const server = app();
    // The first load renders and caches the page; the next two are answered from the cache.
    const loads: Response[] = [];
    for (let i = 0; i < 3; i += 1) loads.push(await server.request('/about?lang=en'));
    const csps = loads.map((response) => response.headers.get('content-security-policy'));
    for (const csp of csps) {
      expect(nonceOf(csp)).toBeUndefined();
      expect(csp).toContain(`script-src 'self' ${sha(BOOT)} ${sha('$RC("b","c")')};`);
      expect(csp).not.toContain(sha('{"a":1}'));
    }
    for (const response of loads) expect(await response.text()).not.toMatch(/nonce/);
  });

  it('a personal page gets a fresh nonce on every render, and its scripts carry it', async () => {
    const server = app();
    const [a, b] = await Promise.all([server.request('/checkout'), server.request('/checkout')]);
    const first = nonceOf(a!.headers.get('content-security-policy'));
    const second = nonceOf(b!.headers.get('content-security-policy'));
    expect(first).toBeTruthy();
    expect(first).not.toBe(second);
    expect(await a!.text()).toContain(`<script nonce="${first}">${BOOT}</script>`);
  });

  it('hashes only scripts that run: not external ones, not data blocks', () => {
    const { html, csp } = cacheableHtml(
      '<script nonce="n">a()</script><script nonce="n" src="/x.js"></script>' +
        '<script type="application/ld+json" nonce="n">{}</script><script type="module" nonce="n">b()</script>',
      'n',
    );
    expect(html).not.toContain('nonce');
    expect(csp).toContain(`script-src 'self' ${sha('a()')} ${sha('b()')};`);
  });
});
