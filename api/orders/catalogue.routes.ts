import { Hono, type Context } from 'hono';
import type { Lang } from '#domain/language.ts';
import { catalogueView } from '#domain/catalogue-view.ts';
import { quoteRequestSchema, recommendationsRequestSchema } from '#domain/quote.schema.ts';
import { recommend } from '#domain/recommendations.ts';
import { computeQuote } from '#domain/totals.ts';
import { publicQuote } from '#domain/quote-view.ts';
import { ApiError, validateJson } from '../http/errors.ts';
import { RATE_LIMITS, rateCounter, rateLimitedError, type RateLimits } from '../http/rate-limit.ts';
import { quoteApiError } from '../http/quote-errors.ts';
import { requestLang } from '../http/language.ts';
import type { VatService } from '../vat/vat-service.ts';
import { couponForQuote } from '../coupons/coupons.service.ts';
import type { Database } from '../db/database.ts';

/**
 * GET /api/catalogue, POST /api/quote, POST /api/recommendations. Every amount is computed here
 * from the rule book; nothing the client sends is taken as a price.
 */
export function catalogueRoutes(options: {
  now: () => Date;
  /** Where coupons are read (API.md section 14). */
  database: Database;
  /** The VAT rule's inputs for the quote's `customer` (api/vat); absent: the defaults. */
  vat?: Pick<VatService, 'quoteVat'> | undefined;
  /** Holds an address that keeps sending codes that are refused (RATE_LIMITS.couponRefusals). */
  rateLimits: RateLimits;
}) {
  const refusedCodes = rateCounter(options.rateLimits, RATE_LIMITS.couponRefusals);
  /** The code's terms, or its refusal; an address past its refusals gets `429` whatever the code. */
  async function couponOf(c: Context, code: string, lang: Lang) {
    const address = options.rateLimits.address(c);
    const wait = await refusedCodes.check(address);
    if (wait > 0) throw rateLimitedError(wait);
    try {
      return await options.database.read((db) => couponForQuote(db, code, options.now(), lang));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'COUPON_INVALID')
        await refusedCodes.hit(address);
      throw error;
    }
  }
  return new Hono()
    .get('/catalogue', (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(catalogueView(requestLang(c)));
    })
    .post('/quote', validateJson(quoteRequestSchema), async (c) => {
      const body = c.req.valid('json');
      const lang = requestLang(c);
      const vat = await options.vat?.quoteVat(body.customer);
      const result = computeQuote({
        vat,
        plans: body.plans,
        interval: body.interval,
        domain: body.domain,
        coupon: body.coupon ? await couponOf(c, body.coupon, lang) : undefined,
        today: options.now(),
        lang,
      });
      if (!result.ok)
        throw quoteApiError(result.error, {
          lang,
          domainName: body.domain?.name ?? '',
          fields: { plans: null, domain: 'domain.name' },
        });
      return c.json(publicQuote(result.quote));
    })
    .post('/recommendations', validateJson(recommendationsRequestSchema), (c) => {
      return c.json(recommend(c.req.valid('json')));
    });
}
