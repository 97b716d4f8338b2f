import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  offeredPaymentMethods,
  type PaymentProviderName,
  type StorefrontStatus,
} from '#domain/payment-methods.ts';
import { amsterdamMonth, spotsLeft, WEBSITE_PLAN_IDS } from '#domain/scarcity.ts';
import type { Db } from '../db/database.ts';
import type { AppServices } from '../http/app.ts';
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

/**
 * GET /api/storefront: what the public pages show that only the server knows, as it is now (never
 * cached: the pages themselves are, so they fetch this): the spots left this Amsterdam calendar
 * month (`PROJECTS_PER_MONTH` minus the website orders paid this month, D39A-3) and the payment
 * methods the checkout offers with the configured provider (D39A-5).
 */
export function storefrontRoutes(
  services: Pick<AppServices, 'database'> & {
    now: () => Date;
    projectsPerMonth: number;
    paymentProvider: PaymentProviderName;
  },
) {
  return new Hono().get('/storefront', async (c) => {
    const { month, start, end } = amsterdamMonth(services.now());
    const paid = await services.database.read((db) => websiteOrdersPaid(db, start, end));
    const body: StorefrontStatus = {
      spots: {
        month,
        perMonth: services.projectsPerMonth,
        left: spotsLeft(services.projectsPerMonth, paid),
      },
      paymentMethods: offeredPaymentMethods(services.paymentProvider),
    };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });
}
