/**
 * A subscription as the client area and the staff area show it: the stored row, its order's
 * interval and the last renewal period the billing job invoiced, turned into status, next invoice
 * day, term end and end by domain/subscriptions.ts. One reading for both areas, so the customer
 * and staff see the same next invoice day, the one the billing job uses (decision P11).
 */
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AccountSubscription } from '#domain/account.schema.ts';
import type { IsoDay } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import { storedLineName } from '#domain/totals.ts';
import { subscriptionDates, upgradeTarget, type SubscriptionFacts } from '#domain/subscriptions.ts';
import type { Db, Tx } from '../db/database.ts';
import { billingPeriods, orders, subscriptions } from '../db/schema.ts';

/** The columns of a subscription view: the row, the order's interval, the last period billed. */
export const subscriptionViewColumns = {
  ...getTableColumns(subscriptions),
  interval: orders.interval,
  lastBilledStart: sql<
    string | null
  >`(select max(${billingPeriods.periodStart}) from ${billingPeriods} where ${billingPeriods.subscriptionId} = ${subscriptions.id})`,
};

export type SubscriptionViewRow = typeof subscriptions.$inferSelect & {
  interval: 'monthly' | 'yearly';
  lastBilledStart: string | null;
};

/** Subscriptions matching `where` (joined with their order), for reading or `FOR UPDATE`. */
export function selectSubscriptionViews(db: Db | Tx, where: SQL | undefined) {
  return db
    .select(subscriptionViewColumns)
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(where);
}

export function subscriptionFacts(row: SubscriptionViewRow): SubscriptionFacts {
  return {
    billing: row.billing,
    interval: row.interval,
    storedStatus: row.status,
    price: row.price,
    startDate: row.startDate,
    termEnd: row.termEnd,
    endsOn: row.endsOn,
    lastBilledStart: row.lastBilledStart,
  };
}

/** The client area's view of a subscription; its name in `lang` (the stored one is the order's). */
export function accountSubscription(
  row: SubscriptionViewRow,
  today: IsoDay,
  lang?: Lang,
): AccountSubscription {
  const dates = subscriptionDates(subscriptionFacts(row), today);
  return {
    id: row.id,
    productId: row.productId,
    planId: row.planId,
    displayName: lang
      ? storedLineName(
          { id: row.planId, domainName: row.domainName, displayName: row.displayName },
          lang,
        )
      : row.displayName,
    domainName: row.domainName,
    billing: row.billing,
    price: row.price,
    startedOn: row.startDate,
    ...dates,
    upgradeTo: upgradeTarget(row.planId, dates.status),
  };
}
