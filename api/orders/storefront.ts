import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { WEBSITE_PLAN_IDS } from '#domain/scarcity.ts';
import type { Db } from '../db/database.ts';
import { invoices, orderLines, orders } from '../db/schema.ts';

/**
 * Website orders paid in [start, end): orders with a website package whose first invoice (the
 * order's own, not a renewal) was paid in the range, and that are still paid (not withdrawn).
 */
export async function websiteOrdersPaid(db: Db, start: Date, end: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'paid'),
        sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${inArray(orderLines.planId, [...WEBSITE_PLAN_IDS])})`,
        sql`(select ${invoices.paidAt} from ${invoices} where ${invoices.orderId} = ${orders.id} order by ${invoices.issuedAt}, ${invoices.sequence} limit 1) >= ${start.toISOString()}::timestamptz`,
        sql`(select ${invoices.paidAt} from ${invoices} where ${invoices.orderId} = ${orders.id} order by ${invoices.issuedAt}, ${invoices.sequence} limit 1) < ${end.toISOString()}::timestamptz`,
      ),
    );
  return row?.n ?? 0;
}
