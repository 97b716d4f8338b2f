import { recordStaffAction } from '../security/audit.ts';
import type { RateLimits } from '../http/rate-limit.ts';
import { Hono } from 'hono';
import {
  billingRunRequestSchema,
  type BillingRunAnswer,
  type BillingSummary,
} from '#domain/billing.schema.ts';
import { amsterdamDay } from '#domain/format.ts';
import type { Database } from '../db/database.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { validateJson } from '../http/errors.ts';
import { invoiceMoney } from '../staff/admin-overview.ts';
import type { BillingJob } from './billing.ts';

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
  rateLimits?: RateLimits | undefined;
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
      // The run is many transactions of its own (one per invoice); the audit entry records the
      // staff member's run and what it did, right after it.
      await services.database.write((tx) =>
        recordStaffAction(tx, c, c.get('user'), 'billing_run', asOf ?? 'today', {
          rateLimits: services.rateLimits,
          details: { issued: answer.issued.length, reminded: answer.reminded.length },
        }),
      );
      return c.json(answer);
    })
    .get('/admin/billing', staff, async (c) => {
      const answer: BillingSummary = await services.database.read((db) =>
        invoiceMoney(db, amsterdamDay(services.now())),
      );
      return c.json(answer);
    });
}
