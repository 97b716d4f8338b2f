// Answer shapes of the staff-only listings (`GET /api/admin/...`), read by the staff machines
// through the one API client.

import * as v from 'valibot';
import { isPaymentEndedUnpaid } from './payment-status.ts';

const iso = v.string();

/** The staff tables `GET /api/admin/tables/{table}` answers (searched, paged and sorted). */
export const ADMIN_TABLES = [
  'orders',
  'invoices',
  'leads',
  'tickets',
  'bookings',
  'outbox',
  'subscriptions',
] as const;
export type AdminTable = (typeof ADMIN_TABLES)[number];

export const adminOrderSchema = v.object({
  id: v.string(),
  createdAt: iso,
  status: v.string(),
  interval: v.string(),
  domainName: v.nullable(v.string()),
  paymentMethod: v.string(),
  /** The provider of the invoice's latest payment (`banktransfer`, `mollie`); null without one. */
  paymentProvider: v.nullable(v.string()),
  /** That payment's status (`open`, `paid`, `expired`, ...); null without one. */
  paymentStatus: v.nullable(v.string()),
  dueToday: v.number(),
  monthly: v.number(),
  yearly: v.number(),
  email: v.string(),
  name: v.string(),
  invoiceNumber: v.nullable(v.string()),
  invoiceStatus: v.nullable(v.string()),
});
export type AdminOrder = v.InferOutput<typeof adminOrderSchema>;

export const adminLeadSchema = v.object({
  id: v.string(),
  source: v.string(),
  name: v.string(),
  email: v.string(),
  createdAt: iso,
});
export type AdminLead = v.InferOutput<typeof adminLeadSchema>;

export const adminTicketSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  subject: v.string(),
  status: v.string(),
  createdAt: iso,
});
export type AdminTicket = v.InferOutput<typeof adminTicketSchema>;

export const adminBookingSchema = v.object({
  id: v.string(),
  title: v.string(),
  name: v.string(),
  email: v.string(),
  startTime: iso,
  endTime: iso,
});
export type AdminBooking = v.InferOutput<typeof adminBookingSchema>;

export const adminMailSchema = v.object({
  id: v.union([v.number(), v.string()]),
  to: v.string(),
  subject: v.string(),
  status: v.string(),
  createdAt: iso,
});
export type AdminMail = v.InferOutput<typeof adminMailSchema>;

export const adminOrdersAnswerSchema = v.object({ orders: v.array(adminOrderSchema) });
export const adminLeadsAnswerSchema = v.object({ leads: v.array(adminLeadSchema) });
export const adminTicketsAnswerSchema = v.object({ tickets: v.array(adminTicketSchema) });
export const adminBookingsAnswerSchema = v.object({ bookings: v.array(adminBookingSchema) });
export const adminOutboxAnswerSchema = v.object({ mails: v.array(adminMailSchema) });

/**
 * Whether staff may mark an invoice paid by hand: it is open, and its latest payment is a bank
 * transfer to the studio, or a provider's payment (Mollie) that ended without the money
 * (expired, canceled, failed), after which the customer may have paid to the account on the
 * invoice. A provider's payment still under way is settled by the provider's webhook only, so
 * the customer is never asked to pay twice. The server's mark-paid and the staff pages' buttons
 * use this one rule.
 */
export function canMarkPaidByHand(invoice: {
  status: string | null;
  paymentProvider: string | null;
  paymentStatus: string | null;
}): boolean {
  if (invoice.status !== 'open' || invoice.paymentProvider === null) return false;
  return invoice.paymentProvider === 'banktransfer' || isPaymentEndedUnpaid(invoice.paymentStatus);
}
