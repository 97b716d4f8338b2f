// The staff area's calls to the admin API (all need a staff session cookie), through the one API
// client with the answer schemas of domain/admin.schema.ts. A refusal or a network failure
// throws: for staff that is unexpected, and the machines turn it into their `failed` states.

import * as v from 'valibot';
import { invoiceCountSchema } from '#domain/billing.schema.ts';
import {
  adminBookingsAnswerSchema,
  adminLeadsAnswerSchema,
  adminOrdersAnswerSchema,
  adminOutboxAnswerSchema,
  adminTicketsAnswerSchema,
  type AdminBooking,
  type AdminLead,
  type AdminMail,
  type AdminOrder,
  type AdminTicket,
} from '#domain/admin.schema.ts';
import { chatAvailabilityAnswerSchema as ownAvailabilityAnswerSchema } from '#domain/chat.schema.ts';
import {
  chatAvailabilityAnswerSchema,
  chatStatusAnswerSchema,
} from '#domain/consultation.schema.ts';
import { anyBody, api, type ApiResult } from '#machines/shared/api-client.ts';

export type { AdminBooking, AdminLead, AdminMail, AdminOrder, AdminTicket };

export const overviewSchema = v.object({
  months: v.array(v.object({ month: v.string(), orders: v.number(), revenue: v.number() })),
  openInvoices: invoiceCountSchema,
  /** open invoices past their due date */
  overdueInvoices: invoiceCountSchema,
  newLeads: v.number(),
  openTickets: v.number(),
  bookingsToday: v.array(v.object({ id: v.string(), name: v.string(), startTime: v.string() })),
  bookingsUpcoming: v.array(v.object({ id: v.string(), name: v.string(), startTime: v.string() })),
  conversion: v.object({ leads: v.number(), converted: v.number(), rate: v.number() }),
  /** what the server's configuration leaves undone: `bankDetails`, `smtp` (api/env.ts) */
  setup: v.array(v.string()),
});
export type OverviewFigures = v.InferOutput<typeof overviewSchema>;

/** GET /api/admin/vat (issue 43): the year's KOR turnover against the threshold. */
export const vatOverviewSchema = v.object({
  scheme: v.picklist(['kor', 'standard']),
  year: v.number(),
  korTurnover: v.number(),
  korThreshold: v.number(),
  korUsed: v.number(),
  korWarning: v.boolean(),
  korPassed: v.boolean(),
  viesUnconfirmed: v.number(),
});
export type VatOverview = v.InferOutput<typeof vatOverviewSchema>;

export interface DashboardData {
  /** GET /api/admin/overview: fetched with the lists, so Refresh and Mark as paid update it. */
  figures: OverviewFigures;
  orders: AdminOrder[];
  leads: AdminLead[];
  tickets: AdminTicket[];
  bookings: AdminBooking[];
  mails: AdminMail[];
  chatOnline: boolean;
  /** This staff member's own chat availability (GET /api/admin/chat-availability). */
  chatAvailable: boolean;
  /** The VAT figures (GET /api/admin/vat); null when they could not be read. */
  vat?: VatOverview | null;
}

/** A refused or failed staff call: its status and code (e.g. `403 TWO_FACTOR_REQUIRED`). */
export class StaffCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`API call failed: ${status} ${code}`);
    this.name = 'StaffCallError';
  }
}

/** The data of a successful call; a failure becomes an error naming the status and code. */
function dataOf<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw new StaffCallError(result.status, result.code);
}

/** Whether a staff call was refused because this account has no second factor yet. */
export function isTwoFactorRequired(error: unknown): boolean {
  return error instanceof StaffCallError && error.code === 'TWO_FACTOR_REQUIRED';
}

async function getData<T extends v.GenericSchema>(
  path: string,
  schema: T,
  signal?: AbortSignal,
): Promise<v.InferOutput<T>> {
  return dataOf(await api.get(path, schema, signal ? { signal } : {}));
}

/** Everything the overview shows, fetched side by side. */
export async function fetchDashboard(signal?: AbortSignal): Promise<DashboardData> {
  const [figures, orders, leads, tickets, bookings, outbox, chat, own] = await Promise.all([
    getData('/admin/overview', overviewSchema, signal),
    getData('/admin/orders', adminOrdersAnswerSchema, signal),
    getData('/admin/leads', adminLeadsAnswerSchema, signal),
    getData('/admin/tickets', adminTicketsAnswerSchema, signal),
    getData('/admin/bookings', adminBookingsAnswerSchema, signal),
    getData('/admin/outbox', adminOutboxAnswerSchema, signal),
    getData('/chat-status', chatStatusAnswerSchema, signal),
    getData('/admin/chat-availability', ownAvailabilityAnswerSchema, signal),
  ]);
  // The VAT panel is extra: the overview works without it.
  const vat = await getData('/admin/vat', vatOverviewSchema, signal).catch(() => null);
  return {
    figures,
    orders: orders.orders,
    leads: leads.leads,
    tickets: tickets.tickets,
    bookings: bookings.bookings,
    mails: outbox.mails,
    chatOnline: chat.online,
    chatAvailable: own.available,
    vat,
  };
}

/** POST /api/admin/invoices/{number}/mark-paid: a bank transfer has arrived. */
export function postMarkPaid(number: string): Promise<ApiResult<unknown>> {
  return api.post(`/admin/invoices/${encodeURIComponent(number)}/mark-paid`, anyBody);
}

/** The overview's mark-paid: a refusal throws (the button is shown only where it may). */
export async function markInvoicePaid(number: string): Promise<void> {
  dataOf(await postMarkPaid(number));
}

/** PUT /api/admin/chat-availability; answers whether chat is online now. */
export async function putChatAvailability(
  available: boolean,
): Promise<{ available: boolean; online: boolean }> {
  return dataOf(
    await api.put('/admin/chat-availability', chatAvailabilityAnswerSchema, {
      json: { available },
    }),
  );
}

/** POST /api/auth/logout (204 with or without a session). */
export async function postLogout(): Promise<void> {
  dataOf(await api.post('/auth/logout', anyBody));
}
