// Request bodies of `POST /api/quote` and `POST /api/recommendations`, shared by the server's
// validators and the client's calls. Whether plan ids exist and combine is `computeQuote`'s
// job (UNKNOWN_PLAN, CONFLICTING_PLANS); this schema checks shape only.

import * as v from 'valibot';
import { plannerAnswersSchema } from './recommendations.ts';
import { couponFieldSchema } from './coupon-field.ts';
import { DOMAIN_TYPES, INTERVALS } from './totals.ts';
import { vatCustomerSchema } from './vat.ts';

/** More ids than the catalogue holds is never a real order. */
const MAX_PLANS = 50;

export const quoteDomainSchema = v.object({
  name: v.pipe(v.string(), v.maxLength(253)),
  type: v.picklist(DOMAIN_TYPES),
  consultation: v.optional(v.boolean()),
});

export const quoteRequestSchema = v.object({
  plans: v.pipe(
    v.array(v.pipe(v.string(), v.maxLength(64))),
    v.minLength(1, 'Choose at least one package.'),
    v.maxLength(MAX_PLANS),
  ),
  /** Default monthly, as everywhere. */
  interval: v.optional(v.picklist(INTERVALS), 'monthly'),
  domain: v.optional(quoteDomainSchema),
  /** A coupon code, any letter case (API.md section 14); the server checks it. */
  coupon: v.optional(couponFieldSchema),
  /** Who orders (API.md section 11): the VAT rule's country and VAT number. */
  customer: v.optional(vatCustomerSchema),
});

export type QuoteRequestInput = v.InferInput<typeof quoteRequestSchema>;
export type QuoteRequest = v.InferOutput<typeof quoteRequestSchema>;

export const recommendationsRequestSchema = plannerAnswersSchema;
export type RecommendationsRequestInput = v.InferInput<typeof recommendationsRequestSchema>;
export type RecommendationsRequest = v.InferOutput<typeof recommendationsRequestSchema>;
