// The coupon code field's one call (API.md section 14): the server's quote of the order with the
// code. Applied: the coupon's terms (the page then asks its quote with the code, one more field of
// the request, machines/quote); refused: the reason's message key.

import * as v from 'valibot';
import type { CouponTerms } from '#domain/coupons.ts';
import { quoteCouponSchema } from '#domain/quote-view.ts';
import type { Lang } from '#domain/language.ts';
import type { Interval, QuoteDomain } from '#domain/totals.ts';
import { api } from '../shared/api-client.ts';

/** What the code is checked against: the order as the page shows it now. */
export interface CouponOrder {
  plans: readonly string[];
  interval: Interval;
  domain?: QuoteDomain | undefined;
}

export type CouponCheck =
  | { kind: 'applied'; terms: CouponTerms }
  | { kind: 'refused'; reasonKey: string }
  | { kind: 'failed' };

/** What the code's check reads of the quote's answer: the coupon it applied, if any. */
const couponAnswerSchema = v.object({ coupon: v.optional(v.nullable(quoteCouponSchema)) });

export async function checkCoupon(
  input: { code: string; order: CouponOrder; lang: Lang },
  signal?: AbortSignal,
): Promise<CouponCheck> {
  const { order } = input;
  const result = await api.post('/quote', couponAnswerSchema, {
    lang: input.lang,
    json: {
      plans: order.plans,
      interval: order.interval,
      ...(order.domain ? { domain: order.domain } : {}),
      coupon: input.code.trim(),
    },
    ...(signal ? { signal } : {}),
  });
  if (result.ok)
    return result.data.coupon
      ? { kind: 'applied', terms: result.data.coupon }
      : { kind: 'refused', reasonKey: 'coupon.refused.unknown' };
  const reasonKey = result.fields?.coupon;
  if (result.code === 'COUPON_INVALID' && reasonKey) return { kind: 'refused', reasonKey };
  return { kind: 'failed' };
}
