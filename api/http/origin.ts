import { createMiddleware } from 'hono/factory';
import { ApiError } from './errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site writes (API.md section 3, issue 38 item 6): a request that changes state and says it
 * comes from another site is `403 FORBIDDEN_ORIGIN`. "Another site" is an `Origin` header that
 * is neither the site's own (PUBLIC_URL's origin) nor the host the request was sent to (the
 * browser writes both; a page elsewhere cannot make them agree), and `Origin: null` (sandboxed
 * frames, redirects across sites, file pages) is never ours. Without an Origin header, the
 * browser's `Sec-Fetch-Site` is believed when it says `cross-site` or `same-site`. Requests with
 * neither (provider callbacks such as the Mollie webhook, mail clients, curl) are not affected:
 * the check stops browsers from being made to write for a page on another site, which is the
 * only way a visitor's cookie travels with someone else's request.
 */
export function sameOriginWrites(options: { publicUrl: string }) {
  const own = new URL(options.publicUrl).origin;
  return createMiddleware(async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      if (!isOwnOrigin(origin, own, new URL(c.req.url).host))
        throw new ApiError('FORBIDDEN_ORIGIN');
    } else {
      const site = c.req.header('sec-fetch-site')?.toLowerCase();
      if (site === 'cross-site' || site === 'same-site') throw new ApiError('FORBIDDEN_ORIGIN');
    }
    return next();
  });
}

function isOwnOrigin(origin: string, own: string, host: string): boolean {
  const value = origin.trim();
  if (value === own) return true;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return false; // `null`, and anything else that is no origin
  }
  if (parsed.origin !== value.replace(/\/$/, '')) return false;
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  return parsed.host === host.toLowerCase();
}

/** `application/json`, with or without parameters (`; charset=utf-8`), or a `+json` type. */
export function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const type = value.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * JSON endpoints take only JSON (API.md section 3): a state-changing request that carries a body
 * of any other type is `415 UNSUPPORTED_MEDIA_TYPE` (a `text/plain` or form post, which a page on
 * another site can send without asking first). `exempt` names the endpoints that are not JSON:
 * the payment provider's form-encoded webhook, the multipart uploads.
 */
export function jsonBodiesOnly(options: { exempt: (path: string) => boolean }) {
  return createMiddleware(async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method) || options.exempt(c.req.path)) return next();
    const length = c.req.header('content-length');
    // A length says it; without one, a chunked body or (in process) a body stream does.
    const hasBody =
      length !== undefined
        ? length.trim() !== '0'
        : c.req.header('transfer-encoding') !== undefined || c.req.raw.body !== null;
    if (hasBody && !isJsonContentType(c.req.header('content-type')))
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
    return next();
  });
}
