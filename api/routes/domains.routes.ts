import type { Context } from 'hono';
import { Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import * as v from 'valibot';
import { domainMessage, validateDomainName } from '#domain/domain-name.ts';
import { ApiError, validateQuery } from '../http/errors.ts';
import { requestLang } from '../http/language.ts';
import type { CurrentUser } from '../http/auth.ts';
import type { Logger } from '../logger.ts';
import type { RdapClient } from '../services/rdap.ts';

/** Whether the signed-in client already has this domain on an order (checkout's service). */
export type DomainOwnership = (userId: string, domainName: string) => Promise<boolean>;

export const DOMAIN_CHECKS_PER_MINUTE = 30;
const WINDOW_MS = 60_000;

const querySchema = v.object({
  domain: v.optional(v.string(), ''),
});

/** The visitor's address: the first `x-forwarded-for` entry, else the socket's. */
export function clientAddress(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Fixed one-minute windows per address; old windows are dropped as they pass. */
function createRateLimiter(limit: number, now: () => Date) {
  const windows = new Map<string, { start: number; count: number }>();
  return (key: string): { ok: true } | { ok: false; retryAfter: number } => {
    const at = now().getTime();
    if (windows.size > 10_000) {
      for (const [k, w] of windows) if (at - w.start >= WINDOW_MS) windows.delete(k);
    }
    let window = windows.get(key);
    if (!window || at - window.start >= WINDOW_MS) {
      window = { start: at, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    if (window.count > limit)
      return {
        ok: false,
        retryAfter: Math.max(1, Math.ceil((window.start + WINDOW_MS - at) / 1000)),
      };
    return { ok: true };
  };
}

/**
 * GET /api/domains/check?domain= (API.md section 4). The name is validated with the rule book
 * first (400 INVALID_DOMAIN with SPEC's message in the request language); availability comes
 * from the registry over RDAP and is never guessed: when the registry cannot be asked or
 * answers anything but 200/404, the answer is 502 DOMAIN_CHECK_FAILED.
 */
export function domainsRoutes(options: {
  rdap?: RdapClient | undefined;
  currentUser?: CurrentUser | undefined;
  domainOwnership?: DomainOwnership | undefined;
  now: () => Date;
  logger?: Logger | undefined;
  perMinute?: number;
}) {
  const limited = createRateLimiter(options.perMinute ?? DOMAIN_CHECKS_PER_MINUTE, options.now);
  return new Hono().get('/domains/check', validateQuery(querySchema), async (c) => {
    const lang = requestLang(c);
    const limit = limited(clientAddress(c));
    if (!limit.ok)
      throw new ApiError('RATE_LIMITED', { headers: { 'Retry-After': String(limit.retryAfter) } });

    const check = validateDomainName(c.req.valid('query').domain);
    if (!check.ok)
      throw new ApiError('INVALID_DOMAIN', {
        message: domainMessage(check, lang),
        fields: { domain: check.key },
      });
    const domainName = check.name;

    if (!options.rdap) throw new ApiError('DOMAIN_CHECK_FAILED');
    let registered: boolean;
    try {
      registered = await options.rdap.isRegistered(domainName);
    } catch (error) {
      options.logger?.warn({ domainName, err: error }, 'domain check failed');
      throw new ApiError('DOMAIN_CHECK_FAILED');
    }

    let userOwns: boolean | null = null;
    if (options.domainOwnership && options.currentUser) {
      const user = await options.currentUser(c);
      if (user) userOwns = await options.domainOwnership(user.id, domainName);
    }
    return c.json({
      domainName,
      available: !registered,
      userOwns,
      transferRecommended: userOwns === true ? true : null,
    });
  });
}
