import { Hono } from 'hono';
import { catalogueView } from '#domain/catalogue.ts';
import { domainMessage, validateDomainName } from '#domain/domain-name.ts';
import { quoteRequestSchema, recommendationsRequestSchema } from '#domain/quote.schema.ts';
import { recommend } from '#domain/recommendations.ts';
import { computeQuote, type Quote } from '#domain/totals.ts';
import { ApiError, validateJson } from '../http/errors.ts';
import { requestLang } from '../http/language.ts';

/** The public shape of a quote line (API.md section 4), without the rule book's internal fields. */
export function publicQuote(quote: Quote) {
  return {
    currency: quote.currency,
    interval: quote.interval,
    lines: quote.lines.map(({ id, productId, displayName, billing, price }) => ({
      id,
      productId,
      displayName,
      billing,
      price,
    })),
    totals: quote.totals,
    nextPayments: quote.nextPayments,
    annualMonthly: quote.annualMonthly,
    monthsIncluded: quote.monthsIncluded,
    monthlyTermEnd: quote.monthlyTermEnd,
  };
}

/**
 * GET /api/catalogue, POST /api/quote, POST /api/recommendations. Every amount is computed here
 * from the rule book; nothing the client sends is taken as a price.
 */
export function catalogueRoutes(options: { now: () => Date }) {
  return new Hono()
    .get('/catalogue', (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(catalogueView(requestLang(c)));
    })
    .post('/quote', validateJson(quoteRequestSchema), (c) => {
      const body = c.req.valid('json');
      const lang = requestLang(c);
      const result = computeQuote({
        plans: body.plans,
        interval: body.interval,
        domain: body.domain,
        offer: body.offer,
        today: options.now(),
        lang,
      });
      if (!result.ok) {
        const { error } = result;
        if (error.code === 'INVALID_DOMAIN') {
          const check = validateDomainName(body.domain?.name ?? '');
          throw new ApiError('INVALID_DOMAIN', {
            ...(check.ok
              ? {}
              : { message: domainMessage(check, lang), fields: { 'domain.name': check.key } }),
          });
        }
        if (error.code === 'VALIDATION_FAILED')
          throw new ApiError('VALIDATION_FAILED', {
            fields: { plans: 'form.validation.required' },
          });
        throw new ApiError(error.code, {
          fields: Object.fromEntries(
            error.ids.map((id) => [
              id,
              `quote.error.${error.code === 'UNKNOWN_PLAN' ? 'unknownPlan' : 'conflictingPlans'}`,
            ]),
          ),
        });
      }
      return c.json(publicQuote(result.quote));
    })
    .post('/recommendations', validateJson(recommendationsRequestSchema), (c) => {
      return c.json(recommend(c.req.valid('json')));
    });
}
