/**
 * The staff table of subscriptions (`GET /api/admin/tables/subscriptions`): every customer's
 * subscriptions with the same status, next invoice day, term end and end as the client area
 * shows them (subscription-view.ts), searched, paged and sorted by the database. Searching a
 * customer's address gives that customer's subscriptions page (`/dashboard/subscriptions?q=`).
 */
import { and, count, eq } from 'drizzle-orm';
import { amsterdamDay } from '#domain/format.ts';
import type { Db } from '../db/database.ts';
import { orders, subscriptions, users } from '../db/schema.ts';
import {
  ordering,
  pageOf,
  paging,
  searchIn,
  type Spec,
  type TableQuery,
} from './admin-table-query.ts';
import { accountSubscription, subscriptionViewColumns } from './subscription-view.ts';

export async function subscriptionsTable(db: Db, query: TableQuery, now: Date) {
  const spec: Spec = {
    sortable: {
      startedOn: subscriptions.startDate,
      clientEmail: users.email,
      displayName: subscriptions.displayName,
      price: subscriptions.price,
    },
    defaultSort: 'startedOn',
    tieBreak: subscriptions.id,
  };
  const where = and(
    searchIn(query.q, [
      users.email,
      users.name,
      subscriptions.displayName,
      subscriptions.domainName,
    ]),
    query.status ? eq(subscriptions.status, query.status as 'active') : undefined,
  );
  const { sort, dir, by } = ordering(spec, query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...subscriptionViewColumns, clientEmail: users.email, clientName: users.name })
      .from(subscriptions)
      .innerJoin(orders, eq(orders.id, subscriptions.orderId))
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(where)
      .orderBy(...by)
      .limit(paging(query).limit)
      .offset(paging(query).offset),
    db
      .select({ n: count() })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(where),
  ]);
  const today = amsterdamDay(now);
  return pageOf(
    rows.map((r) => ({
      ...accountSubscription(r, today),
      clientEmail: r.clientEmail,
      clientName: r.clientName,
      interval: r.interval,
    })),
    counted?.n,
    query,
    { sort, dir },
  );
}
