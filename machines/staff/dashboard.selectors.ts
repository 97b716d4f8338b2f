// Figures of the staff overview, computed from the admin API's lists. Money owed (open and
// overdue invoices, renewals included) is the server's count (GET /api/admin/overview), not a sum
// over the latest orders.

import { canMarkPaidByHand } from '#domain/admin.schema.ts';
import type { DashboardData } from './staff.actors.ts';

/** A lead counts as new for this many days. */
export const NEW_LEAD_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DashboardFigures {
  orders: number;
  newLeads: number;
  openTickets: number;
  upcomingBookings: number;
  mailsWaiting: number;
}

export function dashboardFigures(data: DashboardData, now: Date): DashboardFigures {
  const orderIds = new Set(data.orders.map((o) => o.id));
  const since = now.getTime() - NEW_LEAD_DAYS * DAY_MS;
  return {
    orders: orderIds.size,
    newLeads: data.leads.filter((l) => Date.parse(l.createdAt) >= since).length,
    openTickets: data.tickets.filter((t) => t.status === 'open').length,
    upcomingBookings: upcomingBookings(data, now).length,
    mailsWaiting: data.mails.filter((m) => m.status !== 'sent').length,
  };
}

/** Bookings that have not started yet, soonest first. */
export function upcomingBookings(data: DashboardData, now: Date) {
  return data.bookings
    .filter((b) => Date.parse(b.startTime) >= now.getTime())
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
}

/** Whether staff may mark the order's invoice paid by hand (`canMarkPaidByHand`). */
export function canMarkPaid(order: DashboardData['orders'][number]): boolean {
  return (
    order.invoiceNumber !== null &&
    canMarkPaidByHand({
      status: order.invoiceStatus,
      paymentProvider: order.paymentProvider,
      paymentStatus: order.paymentStatus,
    })
  );
}
