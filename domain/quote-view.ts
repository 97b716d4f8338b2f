// The public shape of a quote (API.md section 4, `POST /api/quote`'s answer): what the server
// answers and what the order page's and the checkout's summaries show. The server makes it from
// `computeQuote` with `publicQuote`; the pages check the answer with `publicQuoteSchema`, and make
// their server-rendered first figures with the same function (src/views/shared/quote-actor.ts).

import * as v from 'valibot';
import { CURRENCY } from './catalogue-types.ts';
import { COUPON_APPLIES_TO, COUPON_KINDS } from './coupons.ts';
import { INTERVALS, type Quote } from './totals.ts';

const cents = v.pipe(v.number(), v.integer());
const day = v.nullable(v.string());

/** A coupon a quote applied (API.md section 14): its terms and the discount it gave. */
export const quoteCouponSchema = v.object({
  code: v.string(),
  kind: v.picklist(COUPON_KINDS),
  value: v.number(),
  appliesTo: v.picklist(COUPON_APPLIES_TO),
  planIds: v.nullable(v.array(v.string())),
  discount: cents,
});

export const publicQuoteSchema = v.object({
  currency: v.literal(CURRENCY),
  interval: v.picklist(INTERVALS),
  lines: v.array(
    v.object({
      id: v.string(),
      productId: v.nullable(v.number()),
      displayName: v.string(),
      billing: v.picklist(['monthly', 'yearly', 'oneTime', 'notAvailable']),
      price: cents,
    }),
  ),
  totals: v.object({
    oneTime: cents,
    monthly: cents,
    yearly: cents,
    vatRate: v.number(),
    vat: cents,
    dueToday: cents,
    vatNote: v.nullable(v.picklist(['kor', 'reverseCharge'])),
  }),
  nextPayments: v.object({ monthly: day, yearly: day }),
  annualMonthly: cents,
  monthsIncluded: v.number(),
  monthlyTermEnd: day,
  /** The coupon applied (API.md section 14): its terms and discount; its line is among `lines`. */
  coupon: v.optional(v.nullable(quoteCouponSchema)),
});
export type PublicQuote = v.InferOutput<typeof publicQuoteSchema>;

/** The public shape of a quote, without the rule book's internal fields. */
export function publicQuote(quote: Quote): PublicQuote {
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
    // The coupon applied (API.md section 14), only when there is one.
    ...(quote.coupon
      ? {
          coupon: {
            ...quote.coupon.terms,
            planIds: quote.coupon.terms.planIds ? [...quote.coupon.terms.planIds] : null,
            discount: quote.coupon.discount,
          },
        }
      : {}),
  };
}
