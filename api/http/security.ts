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
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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

/** Security headers on every answer. A page handler sets its own CSP (with its nonce) first. */
export function securityHeaders(options: { https: boolean }) {
  return createMiddleware(async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', API_CSP);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (!headers.has('X-Frame-Options')) headers.set('X-Frame-Options', 'SAMEORIGIN');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Cross-Origin-Resource-Policy', 'same-origin');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
    if (options.https)
      headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    headers.delete('X-Powered-By');
  });
}
