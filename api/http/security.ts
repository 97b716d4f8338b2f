import { randomBytes } from 'node:crypto';
import { createMiddleware } from 'hono/factory';

/** A fresh, unguessable nonce for the inline scripts of one rendered page. */
export function createNonce(): string {
  return randomBytes(18).toString('base64');
}

/**
 * The page policy: scripts only from our own origin or carrying this response's nonce; styles,
 * fonts and images from our own origin (no third party at all); framing by our own origin only
 * (the scheduler page is embedded by the lead form).
 */
export function pageCsp(nonce: string): string {
  return cspWithScripts(`'nonce-${nonce}'`);
}

/**
 * The policy of a page served from the page cache to many visitors: its inline scripts are
 * allowed by their SHA-256 hashes, not by a nonce (a nonce repeated on every load is no nonce:
 * issue 38 item 7). `hashes` are base64 digests of the scripts' exact text.
 */
export function pageCspWithHashes(hashes: readonly string[]): string {
  return cspWithScripts([...new Set(hashes)].map((hash) => `'sha256-${hash}'`).join(' '));
}

function cspWithScripts(allowed: string): string {
  return [
    "default-src 'self'",
    `script-src 'self'${allowed ? ` ${allowed}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** For everything that is not a page (JSON, files): nothing may run, nothing may frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The headers every answer carries (a page's own CSP and X-Frame-Options win over the defaults).
 * One list for the middleware and for pages answered from memory (pages.ts).
 */
export function securityHeaderValues(options: { https: boolean }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    ...(options.https
      ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

/** Security headers on every answer. A page handler sets its own CSP (with its nonce) first. */
export function securityHeaders(options: { https: boolean }) {
  const values = Object.entries(securityHeaderValues(options));
  return createMiddleware(async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', API_CSP);
    for (const [name, value] of values)
      if (name !== 'X-Frame-Options' || !headers.has(name)) headers.set(name, value);
    headers.delete('X-Powered-By');
  });
}
