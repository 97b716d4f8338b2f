// The staff refunds list (issue 42, API.md section 10): what `GET /api/admin/refunds` answers, one
// schema for the server's type and the staff screen's check of the answer.

import * as v from 'valibot';

export const refundMethods = ['mollie', 'banktransfer'] as const;
export const refundStatuses = ['pending', 'refunded', 'failed'] as const;

export const staffRefundSchema = v.object({
  id: v.string(),
  creditNoteNumber: v.string(),
  invoiceNumber: v.string(),
  /** Positive cents incl. VAT. */
  amount: v.number(),
  method: v.picklist(refundMethods),
  status: v.picklist(refundStatuses),
  createdAt: v.string(),
  refundedAt: v.nullable(v.string()),
  attempts: v.number(),
  /** Mollie's last error (a pending refund being retried, or why it failed). */
  lastError: v.nullable(v.string()),
  /** When the server tries a pending Mollie refund again (null: not waiting for a try). */
  nextAttemptAt: v.nullable(v.string()),
  /** The buyer as on the invoice: where a bank transfer goes back to. */
  customer: v.object({ name: v.string(), email: v.string(), address: v.array(v.string()) }),
});
export type StaffRefund = v.InferOutput<typeof staffRefundSchema>;

export const staffRefundsSchema = v.object({ refunds: v.array(staffRefundSchema) });

/** `POST /api/admin/refunds/{id}/mark-refunded` */
export const markRefundedSchema = v.object({
  refund: v.object({ id: v.string(), status: v.picklist(refundStatuses) }),
});
