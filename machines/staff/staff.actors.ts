// The staff area's calls to the admin API (all need a staff session cookie). Each answer is
// checked with valibot; a refusal or a network failure throws, and the machines turn that into
// their `failed` states.

import ky from 'ky';
import * as v from 'valibot';

const iso = v.string();

export const adminOrderSchema = v.object({
  id: v.string(),
  createdAt: iso,
  status: v.string(),
  interval: v.string(),
  domainName: v.nullable(v.string()),
  paymentMethod: v.string(),
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

export interface DashboardData {
  orders: AdminOrder[];
  leads: AdminLead[];
  tickets: AdminTicket[];
  bookings: AdminBooking[];
  mails: AdminMail[];
  chatOnline: boolean;
}

const OPTIONS = { credentials: 'include', retry: 0, timeout: 20_000 } as const;

async function getJson<T extends v.GenericSchema>(
  path: string,
  schema: T,
  signal?: AbortSignal,
): Promise<v.InferOutput<T>> {
  const body: unknown = await ky.get(path, { ...OPTIONS, ...(signal ? { signal } : {}) }).json();
  return v.parse(schema, body);
}

/** Everything the overview shows, fetched side by side. */
export async function fetchDashboard(signal?: AbortSignal): Promise<DashboardData> {
  const [orders, leads, tickets, bookings, outbox, chat] = await Promise.all([
    getJson('/api/admin/orders', v.object({ orders: v.array(adminOrderSchema) }), signal),
    getJson('/api/admin/leads', v.object({ leads: v.array(adminLeadSchema) }), signal),
    getJson('/api/admin/tickets', v.object({ tickets: v.array(adminTicketSchema) }), signal),
    getJson('/api/admin/bookings', v.object({ bookings: v.array(adminBookingSchema) }), signal),
    getJson('/api/admin/outbox', v.object({ mails: v.array(adminMailSchema) }), signal),
    getJson('/api/chat-status', v.object({ online: v.boolean() }), signal),
  ]);
  return {
    orders: orders.orders,
    leads: leads.leads,
    tickets: tickets.tickets,
    bookings: bookings.bookings,
    mails: outbox.mails,
    chatOnline: chat.online,
  };
}

/** POST /api/admin/invoices/{number}/mark-paid: a bank transfer has arrived. */
export async function markInvoicePaid(number: string): Promise<void> {
  await ky.post(`/api/admin/invoices/${encodeURIComponent(number)}/mark-paid`, OPTIONS).json();
}

/** PUT /api/admin/chat-availability; answers whether chat is online now. */
export async function putChatAvailability(
  available: boolean,
): Promise<{ available: boolean; online: boolean }> {
  const body: unknown = await ky
    .put('/api/admin/chat-availability', { ...OPTIONS, json: { available } })
    .json();
  return v.parse(v.object({ available: v.boolean(), online: v.boolean() }), body);
}

/** POST /api/auth/logout (204 with or without a session). */
export async function postLogout(): Promise<void> {
  await ky.post('/api/auth/logout', OPTIONS);
}

/**
 * Copies text to the clipboard: the Clipboard API first, then a hidden textarea and
 * `document.execCommand('copy')` when that API is missing or refuses. Resolves true on success.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, insecure context): fall through to the textarea.
  }
  if (typeof document === 'undefined') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '-9999px';
  area.style.opacity = '0';
  const previous = document.activeElement;
  document.body.append(area);
  try {
    area.focus();
    area.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    // Give keyboard focus back to where it was (normally the Copy button).
    if (previous instanceof HTMLElement) previous.focus();
  }
}
