import { validateDomainName } from '#domain/domain-name.ts';
import type { Lang } from '#domain/language.ts';
import type { QuoteError } from '#domain/totals.ts';
import { t } from '../i18n.ts';
import { ApiError } from './errors.ts';

/**
 * The one mapping from computeQuote's refusals to the error envelope (API.md section 3), for
 * `POST /api/quote` and `POST /api/checkout`. Field keys follow each request's shape: `plans`
 * names the field of the plan list, or null to name each plan id at fault (the quote's shape);
 * `domain` the field of the domain name.
 */
export function quoteApiError(
  error: QuoteError,
  options: { lang: Lang; domainName: string; fields: { plans: string | null; domain: string } },
): ApiError {
  const { fields } = options;
  if (error.code === 'INVALID_DOMAIN') {
    const check = validateDomainName(options.domainName);
    return new ApiError('INVALID_DOMAIN', {
      ...(check.ok
        ? {}
        : {
            message: t(options.lang, check.key, check.values),
            fields: { [fields.domain]: check.key },
          }),
    });
  }
  if (error.code === 'COUPON_INVALID') {
    // The only refusal computeQuote makes of a coupon: it discounts none of the order's lines.
    const key = 'coupon.refused.notForPlans';
    return new ApiError('COUPON_INVALID', {
      message: t(options.lang, key),
      fields: { coupon: key },
    });
  }
  if (error.code === 'VALIDATION_FAILED')
    return new ApiError('VALIDATION_FAILED', {
      fields: { [fields.plans ?? 'plans']: 'form.validation.required' },
    });
  const key = `quote.error.${error.code === 'UNKNOWN_PLAN' ? 'unknownPlan' : 'conflictingPlans'}`;
  return new ApiError(error.code, {
    fields:
      fields.plans === null
        ? Object.fromEntries(error.ids.map((id) => [id, key]))
        : { [fields.plans]: key },
  });
}
