import * as v from 'valibot';
import { isIsoDay } from './format.ts';

/** `POST /api/admin/billing/run` (API.md section 8): `{ asOf?: "YYYY-MM-DD" }`, body optional. */
export const billingRunRequestSchema = v.optional(
  v.object({
    asOf: v.optional(v.pipe(v.string(), v.check(isIsoDay, 'form.validation.invalid'))),
  }),
  {},
);

export const billingRunAnswerSchema = v.object({
  issued: v.array(v.string()),
  reminded: v.array(v.string()),
});
export type BillingRunAnswer = v.InferOutput<typeof billingRunAnswerSchema>;

/** A number of invoices and their sum in cents. */
export const invoiceCountSchema = v.object({ count: v.number(), total: v.number() });

/** `GET /api/admin/billing`: money owed that staff should chase (open invoices past due). */
export const billingSummarySchema = v.object({
  overdue: invoiceCountSchema,
  open: invoiceCountSchema,
});
export type BillingSummary = v.InferOutput<typeof billingSummarySchema>;
