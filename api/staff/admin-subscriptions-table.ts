/**
 * The staff table of subscriptions (`GET /api/admin/tables/subscriptions`): every customer's
 * subscriptions with the same status, next invoice day, term end and end as the client area
 * shows them (subscription-view.ts), searched, paged and sorted by the database. Searching a
 * customer's address gives that customer's subscriptions page (`/dashboard/subscriptions?q=`).
 */
import { count, eq } from 'drizzle-orm';
import { amsterdamDay } from '#domain/format.ts';
import type { Db } from '../db/database.ts';
import { orders, subscriptions, users } from '../db/schema.ts';
import { readTable, type Spec, type TableQuery } from './admin-table-query.ts';
import { accountSubscription, subscriptionViewColumns } from '../billing/subscription-view.ts';

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
    search: [users.email, users.name, subscriptions.displayName, subscriptions.domainName],
    status: subscriptions.status,
  };
  const today = amsterdamDay(now);
  return readTable(
    spec,
    query,
    (where) => ({
      rows: db
        .select({ ...subscriptionViewColumns, clientEmail: users.email, clientName: users.name })
        .from(subscriptions)
        .innerJoin(orders, eq(orders.id, subscriptions.orderId))
        .innerJoin(users, eq(users.id, subscriptions.userId))
        .where(where)
        .$dynamic(),
      count: db
        .select({ n: count() })
        .from(subscriptions)
        .innerJoin(users, eq(users.id, subscriptions.userId))
        .where(where),
    }),
    (rows) =>
      rows.map((r) => ({
        ...accountSubscription(r, today),
        clientEmail: r.clientEmail,
        clientName: r.clientName,
        interval: r.interval,
      })),
  );
}
