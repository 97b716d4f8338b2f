import { Hono } from 'hono';
import * as v from 'valibot';
import { validateDomainName } from '#domain/domain-name.ts';
import { ApiError, validateQuery } from '../http/errors.ts';
import { t } from '../i18n.ts';
import { requestLang } from '../http/language.ts';
import type { CurrentUser } from '../http/auth.ts';
import type { Logger } from '../logger.ts';
import type { RdapClient } from './rdap.ts';
import { RATE_LIMITS, type RateLimits } from '../http/rate-limit.ts';

/** Whether the signed-in client already has this domain on an order (checkout's service). */
export type DomainOwnership = (userId: string, domainName: string) => Promise<boolean>;

export const DOMAIN_CHECKS_PER_MINUTE = RATE_LIMITS.domainCheck.limit;

const querySchema = v.object({
  domain: v.optional(v.string(), ''),
});

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
  logger?: Logger | undefined;
  rateLimits: RateLimits;
}) {
  return new Hono().get(
    '/domains/check',
    options.rateLimits.limit(RATE_LIMITS.domainCheck),
    validateQuery(querySchema),
    async (c) => {
      const lang = requestLang(c);

      const check = validateDomainName(c.req.valid('query').domain);
      if (!check.ok)
        throw new ApiError('INVALID_DOMAIN', {
          message: t(lang, check.key, check.values),
          fields: { domain: check.key },
        });
      // The registry and the orders know the ASCII form; people read the Unicode one (D39B-1).
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
        domainName: check.unicode,
        available: !registered,
        userOwns,
        transferRecommended: userOwns === true ? true : null,
      });
    },
  );
}
