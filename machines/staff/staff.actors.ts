// The staff area's calls to the admin API (all need a staff session cookie), through the one API
// client with the answer schemas of domain/admin.schema.ts. A refusal or a network failure
// throws: for staff that is unexpected, and the machines turn it into their `failed` states.

import type * as v from 'valibot';
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

export interface DashboardData {
  orders: AdminOrder[];
  leads: AdminLead[];
  tickets: AdminTicket[];
  bookings: AdminBooking[];
  mails: AdminMail[];
  chatOnline: boolean;
  /** This staff member's own chat availability (GET /api/admin/chat-availability). */
  chatAvailable: boolean;
}

/** The data of a successful call; a failure becomes an error naming the status and code. */
function dataOf<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw new Error(`API call failed: ${result.status} ${result.code}`);
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
  const [orders, leads, tickets, bookings, outbox, chat, own] = await Promise.all([
    getData('/admin/orders', adminOrdersAnswerSchema, signal),
    getData('/admin/leads', adminLeadsAnswerSchema, signal),
    getData('/admin/tickets', adminTicketsAnswerSchema, signal),
    getData('/admin/bookings', adminBookingsAnswerSchema, signal),
    getData('/admin/outbox', adminOutboxAnswerSchema, signal),
    getData('/chat-status', chatStatusAnswerSchema, signal),
    getData('/admin/chat-availability', ownAvailabilityAnswerSchema, signal),
  ]);
  return {
    orders: orders.orders,
    leads: leads.leads,
    tickets: tickets.tickets,
    bookings: bookings.bookings,
    mails: outbox.mails,
    chatOnline: chat.online,
    chatAvailable: own.available,
  };
}

/** POST /api/admin/invoices/{number}/mark-paid: a bank transfer has arrived. */
export async function markInvoicePaid(number: string): Promise<void> {
  dataOf(await api.post(`/admin/invoices/${encodeURIComponent(number)}/mark-paid`, anyBody));
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
