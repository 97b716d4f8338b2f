// The coupon code as pages and request bodies carry it (issue 46): kept apart from the coupon's
// rule (domain/coupons.ts), so the schemas of the checkout and every page that loads them carry
// only this (issue 48's page weight).

import * as v from 'valibot';

/** The `coupon` field of `POST /api/quote` and `POST /api/checkout`: a code, any letter case. */
export const couponFieldSchema = v.pipe(v.string(), v.trim(), v.maxLength(64));

/** The exit-intent offer of the landing page: a coupon the migration seeds (decision D46-2). */
export const EXIT_OFFER_CODE = 'EXIT10';
