/**
 * Coupons on the server (issue 46, API.md section 14): finding a code for a quote, claiming it in
 * the order's transaction, recording what it gave away, and staff's list, creation and disabling.
 *
 * The claim is ONE conditional UPDATE (`uses = uses + 1` where the coupon is enabled, within its
 * dates and below `max_uses`), run inside the checkout's transaction: PostgreSQL re-checks the
 * condition on the newest row after waiting for a concurrent claim's commit, so `max_uses` holds
 * exactly on any number of app servers, and a claim rolled back (the order failed) gives the use
 * back. The UPDATE's row lock is held until the order commits, so the once-per-customer check
 * that follows it sees every earlier order's use of the coupon (decision D46-3).
 */
import { and, asc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  couponKey,
  couponRefusal,
  type Coupon,
  type CouponCreate,
  type CouponRefusal,
  type CouponTerms,
} from '#domain/coupons.ts';
import type { Lang } from '#domain/language.ts';
import type { Db, Tx } from '../db/database.ts';
import { couponSubscriptions, couponUses, coupons, subscriptions } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { t } from '../i18n.ts';

export type CouponRow = typeof coupons.$inferSelect;
export type StoredCoupon = Coupon & { id: string };

const byCode = (code: string) => sql`upper(${coupons.code}) = ${couponKey(code)}`;

function toCoupon(row: CouponRow): StoredCoupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    appliesTo: row.appliesTo,
    planIds: row.planIds ?? null,
    maxUses: row.maxUses,
    oncePerCustomer: row.oncePerCustomer,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    enabled: row.enabled,
    uses: row.uses,
  };
}

/** `400 COUPON_INVALID` with the reason's message in the visitor's language. */
export function couponError(reason: CouponRefusal, lang: Lang): ApiError {
  const key = `coupon.refused.${reason}` as const;
  return new ApiError('COUPON_INVALID', { message: t(lang, key), fields: { coupon: key } });
}

export async function findCoupon(db: Db | Tx, code: string): Promise<StoredCoupon | null> {
  const [row] = await db.select().from(coupons).where(byCode(code)).limit(1);
  return row ? toCoupon(row) : null;
}

/**
 * A code for a quote (no customer yet): its terms, or `400 COUPON_INVALID` saying why not.
 * Whether the order's plans are ones it discounts is the quote's own check.
 */
export async function couponForQuote(
  db: Db,
  code: string,
  at: Date,
  lang: Lang,
): Promise<CouponTerms> {
  const coupon = await findCoupon(db, code);
  const reason = couponRefusal(coupon, at);
  if (reason || !coupon) throw couponError(reason ?? 'unknown', lang);
  return coupon;
}

/**
 * Claims one use of the code for `userId` in the order's transaction (see the file's note); the
 * coupon, or `400 COUPON_INVALID` (the transaction then rolls back, giving the use back).
 */
export async function claimCoupon(
  tx: Tx,
  input: { code: string; userId: string; at: Date; lang: Lang },
): Promise<StoredCoupon> {
  const { at, lang } = input;
  const [claimed] = await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(
      and(
        byCode(input.code),
        eq(coupons.enabled, true),
        or(isNull(coupons.maxUses), lt(coupons.uses, coupons.maxUses)),
        or(isNull(coupons.validFrom), lte(coupons.validFrom, at)),
        or(isNull(coupons.validUntil), gt(coupons.validUntil, at)),
      ),
    )
    .returning();
  if (!claimed) {
    const coupon = await findCoupon(tx, input.code);
    throw couponError(couponRefusal(coupon, at) ?? 'usedUp', lang);
  }
  if (claimed.oncePerCustomer) {
    const [used] = await tx
      .select({ id: couponUses.id })
      .from(couponUses)
      .where(
        and(
          eq(couponUses.couponId, claimed.id),
          eq(couponUses.userId, input.userId),
          eq(couponUses.kind, 'order'),
        ),
      )
      .limit(1);
    if (used) throw couponError('alreadyUsed', lang);
  }
  return toCoupon(claimed);
}

/**
 * After the order's invoice: the use (what it gave away) and, for a coupon of every payment, the
 * order's subscriptions it keeps discounting.
 */
export async function recordOrderCoupon(
  tx: Tx,
  input: {
    coupon: StoredCoupon;
    userId: string;
    orderId: string;
    invoiceId: string;
    discount: number;
    planIds: readonly string[];
  },
): Promise<void> {
  const { coupon } = input;
  await tx.insert(couponUses).values({
    couponId: coupon.id,
    userId: input.userId,
    orderId: input.orderId,
    invoiceId: input.invoiceId,
    kind: 'order',
    amount: -input.discount,
  });
  if (coupon.appliesTo !== 'everyPayment') return;
  const subs = await tx
    .select({ id: subscriptions.id, planId: subscriptions.planId })
    .from(subscriptions)
    .where(eq(subscriptions.orderId, input.orderId));
  const kept = subs.filter((s) => input.planIds.includes(s.planId));
  if (kept.length > 0)
    await tx
      .insert(couponSubscriptions)
      .values(kept.map((s) => ({ subscriptionId: s.id, couponId: coupon.id })));
}

/** Staff's view of a coupon (API.md section 14: with its uses and the money it gave away). */
export interface CouponJson {
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  appliesTo: 'firstPayment' | 'everyPayment';
  planIds: string[] | null;
  maxUses: number | null;
  oncePerCustomer: boolean;
  validFrom: string | null;
  validUntil: string | null;
  enabled: boolean;
  uses: number;
  /** Cents excl. VAT over every invoice it discounted (renewals too). */
  givenAway: number;
  createdAt: string;
}

function couponJson(row: CouponRow, givenAway: number): CouponJson {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    appliesTo: row.appliesTo,
    planIds: row.planIds ?? null,
    maxUses: row.maxUses,
    oncePerCustomer: row.oncePerCustomer,
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    enabled: row.enabled,
    uses: row.uses,
    givenAway,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listCoupons(db: Db): Promise<CouponJson[]> {
  const rows = await db.select().from(coupons).orderBy(asc(coupons.createdAt), asc(coupons.code));
  const sums = await db
    .select({ id: couponUses.couponId, total: sql<string>`sum(${couponUses.amount})` })
    .from(couponUses)
    .groupBy(couponUses.couponId);
  const givenAway = new Map(sums.map((s) => [s.id, Number(s.total)]));
  return rows.map((row) => couponJson(row, givenAway.get(row.id) ?? 0));
}

/** A new coupon; null when the code exists (any letter case). */
export async function createCoupon(
  tx: Tx,
  input: CouponCreate & { createdBy: string },
): Promise<CouponJson | null> {
  const [row] = await tx
    .insert(coupons)
    .values({
      code: couponKey(input.code),
      kind: input.kind,
      value: input.value,
      appliesTo: input.appliesTo,
      planIds: input.planIds && input.planIds.length > 0 ? [...new Set(input.planIds)] : null,
      maxUses: input.maxUses ?? null,
      oncePerCustomer: input.oncePerCustomer,
      validFrom: input.validFrom ? new Date(input.validFrom) : null,
      validUntil: input.validUntil ? new Date(input.validUntil) : null,
      createdBy: input.createdBy,
    })
    .onConflictDoNothing()
    .returning();
  return row ? couponJson(row, 0) : null;
}

/** Disables a coupon for new orders; null for an unknown code. */
export async function disableCoupon(tx: Tx, code: string, at: Date): Promise<CouponJson | null> {
  const [row] = await tx
    .update(coupons)
    .set({
      enabled: false,
      disabledAt: sql`coalesce(${coupons.disabledAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(byCode(code))
    .returning();
  if (!row) return null;
  const [sum] = await tx
    .select({ total: sql<string>`coalesce(sum(${couponUses.amount}), 0)` })
    .from(couponUses)
    .where(eq(couponUses.couponId, row.id));
  return couponJson(row, Number(sum?.total ?? 0));
}
