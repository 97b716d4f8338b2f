import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  billingRunRequestSchema,
  type BillingRunAnswer,
  type BillingSummary,
} from '#domain/billing.schema.ts';
import { amsterdamDay } from '#domain/format.ts';
import type { Database } from '../db/database.ts';
import { invoices } from '../db/schema.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { validateJson } from '../http/errors.ts';
import type { BillingJob } from '../services/billing.ts';

/**
 * Staff only: POST /api/admin/billing/run (API.md section 8) runs the billing job as of a day
 * (default today in Amsterdam), waiting for a run another server may have under way; and
 * GET /api/admin/billing, the overdue and open money for the staff overview.
 */
export function billingRoutes(services: {
  database: Database;
  now: () => Date;
  billingJob: BillingJob;
  currentUser?: CurrentUser | undefined;
}) {
  const staff = requireStaff(services.currentUser ?? (async () => null));
  return new Hono()
    .post('/admin/billing/run', staff, validateJson(billingRunRequestSchema), async (c) => {
      const { asOf } = c.req.valid('json');
      const result = await services.billingJob.run(asOf, { wait: true });
      const answer: BillingRunAnswer = {
        issued: result?.issued ?? [],
        reminded: result?.reminded ?? [],
      };
      return c.json(answer);
    })
    .get('/admin/billing', staff, async (c) => {
      const today = amsterdamDay(services.now());
      const [row] = await services.database.read((db) =>
        db
          .select({
            openCount: sql<number>`count(*)::int`,
            openTotal: sql<number>`coalesce(sum(${invoices.total}), 0)::int`,
            overdueCount: sql<number>`(count(*) filter (where ${invoices.dueDate} < ${today}))::int`,
            overdueTotal: sql<number>`coalesce(sum(${invoices.total}) filter (where ${invoices.dueDate} < ${today}), 0)::int`,
          })
          .from(invoices)
          .where(sql`${invoices.status} = 'open'`),
      );
      const answer: BillingSummary = {
        overdue: { count: row?.overdueCount ?? 0, total: row?.overdueTotal ?? 0 },
        open: { count: row?.openCount ?? 0, total: row?.openTotal ?? 0 },
      };
      return c.json(answer);
    });
}
