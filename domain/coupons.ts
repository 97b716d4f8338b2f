// Coupons (issue 46, API.md section 14): the pure rule of a promotion code. The server reads the
// coupon from the database and decides here whether it may be used (`couponRefusal`), which lines
// it discounts and by how much (`couponDiscount`); `computeQuote` (domain/totals.ts) adds the one
// discount line, and the VAT rule (domain/vat.ts) then applies to the discounted amount, because
// the discount line is one of the lines whose sum the VAT is computed on. The billing job gives a
// renewal invoice the same line for a coupon of every payment (api/billing/billing-issue.ts).
// Amounts are integer euro cents.

import * as v from 'valibot';
import type { Lang } from './language.ts';

export const COUPON_KINDS = ['percent', 'amount'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_APPLIES_TO = ['firstPayment', 'everyPayment'] as const;
export type CouponAppliesTo = (typeof COUPON_APPLIES_TO)[number];

/** Why a code is refused: the reasons of API.md section 14, each with its own message. */
export const COUPON_REFUSALS = [
  'unknown',
  'disabled',
  'notYetValid',
  'expired',
  'usedUp',
  'alreadyUsed',
  'notForPlans',
] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

/** What the price rule needs of a coupon. */
export interface CouponTerms {
  /** As staff wrote it (shown on the discount line); matched regardless of letter case. */
  code: string;
  kind: CouponKind;
  /** Percent (1..100) or cents (> 0). */
  value: number;
  appliesTo: CouponAppliesTo;
  /** The plan ids it discounts; null: every paid line. */
  planIds: readonly string[] | null;
}

/** A coupon as stored, with what the refusal rule needs. */
export interface Coupon extends CouponTerms {
  maxUses: number | null;
  oncePerCustomer: boolean;
  validFrom: Date | null;
  validUntil: Date | null;
  enabled: boolean;
  /** Orders that used it so far. */
  uses: number;
}

export { couponFieldSchema, EXIT_OFFER_CODE } from './coupon-field.ts';

export const COUPON_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$/;
/** A code as the database matches it: letter case does not count. */
export function couponKey(code: string): string {
  return code.trim().toUpperCase();
}

/** The line id of a coupon's discount line: `coupon_<CODE>`. */
export function couponLineId(code: string): string {
  return `coupon_${couponKey(code)}`;
}

const LINE_LABEL: Readonly<Record<Lang, string>> = { en: 'Discount code', nl: 'Kortingscode' };

/** The discount line's name: after the code, in the page's language. */
export function couponLineName(code: string, lang: Lang): string {
  return `${LINE_LABEL[lang]} ${couponKey(code)}`;
}

/** The code of a discount line's id, or null for any other id. */
export function codeOfCouponLine(id: string): string | null {
  return id.startsWith('coupon_') ? id.slice('coupon_'.length) : null;
}

/**
 * Whether the coupon may be used now, for these plans, by this customer; null when it may.
 * `usedByCustomer`: the customer already used it (only asked when it is once per customer).
 * The plans are checked by `couponDiscount` finding a line (a quote knows its lines).
 */
export function couponRefusal(
  coupon: Coupon | null,
  at: Date,
  usedByCustomer = false,
): CouponRefusal | null {
  if (!coupon) return 'unknown';
  if (!coupon.enabled) return 'disabled';
  if (coupon.validFrom && at.getTime() < coupon.validFrom.getTime()) return 'notYetValid';
  if (coupon.validUntil && at.getTime() >= coupon.validUntil.getTime()) return 'expired';
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return 'usedUp';
  if (coupon.oncePerCustomer && usedByCustomer) return 'alreadyUsed';
  return null;
}

/** A line a coupon may discount: a plan id and what is charged for it in this payment. */
export interface DiscountableLine {
  planId: string;
  /** Cents charged in this payment (a monthly plan paid for 12 months: 12 x its price). */
  amount: number;
}

/**
 * The discount (zero or negative cents) of a coupon on a payment's lines: the lines it applies to
 * are the paid ones (amount > 0) of its plans (all of them without a plan list); a percentage of
 * their sum, rounded down to whole cents, or a fixed amount; never more than their sum.
 * `lines`: how many lines it applies to (none: the coupon is not for these plans).
 */
export function couponDiscount(
  terms: CouponTerms,
  lines: readonly DiscountableLine[],
): { discount: number; lines: number } {
  const applies = lines.filter(
    (l) => l.amount > 0 && (terms.planIds === null || terms.planIds.includes(l.planId)),
  );
  const base = applies.reduce((sum, l) => sum + l.amount, 0);
  if (applies.length === 0 || base <= 0) return { discount: 0, lines: 0 };
  const off = terms.kind === 'percent' ? Math.floor((base * terms.value) / 100) : terms.value;
  return { discount: -Math.min(Math.max(off, 0), base), lines: applies.length };
}

/** A coupon applied to a quote: its discount and where it applies. */
export interface QuoteCoupon {
  code: string;
  appliesTo: CouponAppliesTo;
  /** Negative cents: the discount line's price. */
  discount: number;
  /** The plan ids it discounts in this order (an every-payment coupon discounts their renewals). */
  planIds: string[];
  /** The coupon's own terms: what a page needs to price the order with it as the server does. */
  terms: CouponTerms;
}

/**
 * A coupon on a quote's lines (what is paid today: a monthly plan for `months`); null when it
 * discounts none of them. Lines that order nothing and discount lines are never discounted.
 */
export function applyCoupon(
  coupon: CouponTerms,
  lines: ReadonlyArray<{ id: string; productId: number | null; billing: string; price: number }>,
  months: number,
): QuoteCoupon | null {
  const paid = lines.filter((l) => l.productId !== null && l.price > 0);
  const charged = paid.map((l) => ({
    planId: l.id,
    amount: l.price * (l.billing === 'monthly' ? months : 1),
  }));
  const { discount } = couponDiscount(coupon, charged);
  if (discount === 0) return null;
  const { planIds } = coupon;
  const code = couponKey(coupon.code);
  return {
    code,
    appliesTo: coupon.appliesTo,
    discount,
    planIds: paid.filter((l) => planIds === null || planIds.includes(l.id)).map((l) => l.id),
    // Only the terms (the server passes its stored coupon, with its counters and id).
    terms: { code, kind: coupon.kind, value: coupon.value, appliesTo: coupon.appliesTo, planIds },
  };
}

// Staff's request (API.md section 14: `POST /api/admin/coupons`).
const day = v.pipe(v.string(), v.isoTimestamp('coupon.validation.date'));

export const couponCreateSchema = v.pipe(
  v.object({
    code: v.pipe(v.string(), v.trim(), v.regex(COUPON_CODE_PATTERN, 'coupon.validation.code')),
    kind: v.picklist(COUPON_KINDS),
    value: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000_000)),
    appliesTo: v.optional(v.picklist(COUPON_APPLIES_TO), 'firstPayment'),
    planIds: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(50))),
    maxUses: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000))),
    oncePerCustomer: v.optional(v.boolean(), false),
    validFrom: v.optional(day),
    validUntil: v.optional(day),
  }),
  v.forward(
    v.check((c) => c.kind !== 'percent' || c.value <= 100, 'coupon.validation.percent'),
    ['value'],
  ),
  v.forward(
    v.check(
      (c) => !c.validFrom || !c.validUntil || Date.parse(c.validFrom) < Date.parse(c.validUntil),
      'coupon.validation.period',
    ),
    ['validUntil'],
  ),
);
export type CouponCreateInput = v.InferInput<typeof couponCreateSchema>;
export type CouponCreate = v.InferOutput<typeof couponCreateSchema>;
