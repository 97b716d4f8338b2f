// The staff area's coupon calls (API.md section 14), all through the one API client; each answers
// the client's value ({ ok: true, data } or a refusal).

import * as v from 'valibot';
import { couponFormErrors, couponRequestOf } from '#domain/coupon-form.ts';
import { COUPON_APPLIES_TO, COUPON_KINDS } from '#domain/coupons.ts';
import type { Lang } from '#domain/language.ts';
import { anyBody, api, newIdempotencyKey, type ApiResult } from '../shared/api-client.ts';

export const staffCouponSchema = v.object({
  code: v.string(),
  kind: v.picklist(COUPON_KINDS),
  value: v.number(),
  appliesTo: v.picklist(COUPON_APPLIES_TO),
  planIds: v.nullable(v.array(v.string())),
  maxUses: v.nullable(v.number()),
  oncePerCustomer: v.boolean(),
  validFrom: v.nullable(v.string()),
  validUntil: v.nullable(v.string()),
  enabled: v.boolean(),
  uses: v.number(),
  givenAway: v.number(),
  createdAt: v.string(),
});
export type StaffCoupon = v.InferOutput<typeof staffCouponSchema>;

/** Every coupon with its uses and the money it gave away. */
export async function loadCoupons(
  lang: Lang,
  signal?: AbortSignal,
): Promise<ApiResult<StaffCoupon[]>> {
  const result = await api.get(
    '/admin/coupons',
    v.object({ coupons: v.array(staffCouponSchema) }),
    {
      lang,
      ...(signal ? { signal } : {}),
    },
  );
  return result.ok ? { ...result, data: result.data.coupons } : result;
}

const langOf = (values: Record<string, string>): Lang => (values.lang === 'nl' ? 'nl' : 'en');

export const couponCalls = {
  /** values: the form's fields (domain/coupon-form.ts) and lang */
  create: (values: Record<string, string>) =>
    api.post('/admin/coupons', anyBody, {
      lang: langOf(values),
      json: couponRequestOf(values),
      idempotencyKey: newIdempotencyKey(),
    }),
  /** values: code, lang */
  disable: (values: Record<string, string>) =>
    api.post(`/admin/coupons/${encodeURIComponent(values.code ?? '')}/disable`, anyBody, {
      lang: langOf(values),
    }),
  check: (values: Record<string, string>) => couponFormErrors(values),
};
