import { Hono } from 'hono';
import * as v from 'valibot';
import { ApiError, validateQuery } from '../http/errors.ts';
import type { Logger } from '../logger.ts';
import type { AddressLookup } from './address-lookup.ts';
import { RATE_LIMITS, type RateLimits } from '../http/rate-limit.ts';

const querySchema = v.object({
  postalcode: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^[1-9]\d{3}\s?[A-Za-z]{2}$/, 'checkout.validation.postalCodeInvalid'),
  ),
  number: v.pipe(v.string(), v.trim(), v.regex(/^\d{1,5}\s*[-\s]?\s*[A-Za-z0-9]{0,4}$/)),
});

/**
 * GET /api/address/lookup?postalcode=1012AB&number=12: a Dutch address from PDOK. `404` when
 * there is no such address, `503` when PDOK cannot be asked; the page lets the visitor type the
 * address either way (a failed lookup never blocks typing).
 */
export function addressRoutes(services: {
  addressLookup?: AddressLookup | undefined;
  logger: Logger;
  rateLimits: RateLimits;
}) {
  return new Hono().get(
    '/address/lookup',
    services.rateLimits.limit(RATE_LIMITS.addressLookup),
    validateQuery(querySchema),
    async (c) => {
      const { postalcode, number } = c.req.valid('query');
      if (!services.addressLookup) throw new ApiError('SERVICE_UNAVAILABLE');
      let found;
      try {
        found = await services.addressLookup(postalcode, number);
      } catch (error) {
        services.logger.warn({ err: (error as Error).message }, 'address lookup failed');
        throw new ApiError('SERVICE_UNAVAILABLE');
      }
      if (!found) throw new ApiError('NOT_FOUND');
      c.header('Cache-Control', 'public, max-age=86400');
      return c.json(found);
    },
  );
}
