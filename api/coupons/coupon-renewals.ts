/**
 * A coupon of every payment on renewal invoices (issue 46): the billing job (api/billing/
 * billing-issue.ts) reads which of a customer's subscriptions such a coupon keeps discounting
 * (`coupon_subscriptions`, written with the order), gives the invoice one discount line per coupon
 * by the same rule as the quote (domain/coupons.ts `couponDiscount`: never more than the periods
 * it discounts), and records the money given away as a renewal use (not counted against
 * `max_uses`: the customer was promised every payment when they ordered, decision D46-4).
 */
import { eq, inArray } from 'drizzle-orm';
import { couponDiscount, couponLineName, type CouponTerms } from '#domain/coupons.ts';
import type { Lang } from '#domain/language.ts';
import type { Tx } from '../db/database.ts';
import { couponSubscriptions, couponUses, coupons } from '../db/schema.ts';

export type RenewalCoupon = CouponTerms & { id: string };

/** The every-payment coupon of each of these subscriptions that has one. */
export async function renewalCouponsOf(
  tx: Tx,
  subscriptionIds: readonly string[],
): Promise<Map<string, RenewalCoupon>> {
  if (subscriptionIds.length === 0) return new Map();
  const rows = await tx
    .select({ subscriptionId: couponSubscriptions.subscriptionId, coupon: coupons })
    .from(couponSubscriptions)
    .innerJoin(coupons, eq(coupons.id, couponSubscriptions.couponId))
    .where(inArray(couponSubscriptions.subscriptionId, [...subscriptionIds]));
  return new Map(
    rows.map(({ subscriptionId, coupon }) => [
      subscriptionId,
      {
        id: coupon.id,
        code: coupon.code,
        kind: coupon.kind,
        value: coupon.value,
        appliesTo: coupon.appliesTo,
        planIds: coupon.planIds ?? null,
      },
    ]),
  );
}

/** A renewal invoice's discount line of one coupon, and the order the use is recorded on. */
export interface RenewalDiscount {
  couponId: string;
  orderId: string;
  line: { description: string; billing: 'oneTime'; amount: number };
}

/** The discount lines of one invoice's due periods (one per coupon, in the order first met). */
export function renewalDiscounts(
  due: ReadonlyArray<{ sub: { id: string; planId: string; orderId: string }; amount: number }>,
  couponOf: ReadonlyMap<string, RenewalCoupon>,
  lang: Lang,
): RenewalDiscount[] {
  const byCoupon = new Map<string, { coupon: RenewalCoupon; orderId: string; lines: typeof due }>();
  for (const item of due) {
    const coupon = couponOf.get(item.sub.id);
    if (!coupon) continue;
    const entry = byCoupon.get(coupon.id) ?? { coupon, orderId: item.sub.orderId, lines: [] };
    entry.lines = [...entry.lines, item];
    byCoupon.set(coupon.id, entry);
  }
  return [...byCoupon.values()].flatMap(({ coupon, orderId, lines }) => {
    const { discount } = couponDiscount(
      coupon,
      lines.map((l) => ({ planId: l.sub.planId, amount: l.amount })),
    );
    if (discount === 0) return [];
    return [
      {
        couponId: coupon.id,
        orderId,
        line: {
          description: couponLineName(coupon.code, lang),
          billing: 'oneTime',
          amount: discount,
        },
      },
    ];
  });
}

/** The renewal uses of the invoices just issued. */
export async function recordRenewalUses(
  tx: Tx,
  uses: ReadonlyArray<{ discount: RenewalDiscount; userId: string; invoiceId: string }>,
): Promise<void> {
  if (uses.length === 0) return;
  await tx.insert(couponUses).values(
    uses.map(({ discount, userId, invoiceId }) => ({
      couponId: discount.couponId,
      userId,
      orderId: discount.orderId,
      invoiceId,
      kind: 'renewal' as const,
      amount: -discount.line.amount,
    })),
  );
}
