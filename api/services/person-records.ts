import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.ts';
import {
  bookings,
  cancelledBookings,
  customerProfiles,
  orderLines,
  orders,
  ticketMessages,
  tickets,
  users,
} from '../db/schema.ts';

/**
 * What the client area (account.ts) and the data export (personal-data.ts) both read about one
 * person: the account and profile, the orders with their lines, the tickets with their messages,
 * the bookings. Each caller shapes the rows for its own answer; the queries are the same.
 */

/** The user's account row and their customer profile (either may be missing). */
export async function userWithProfile(db: Db | Tx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const [profile] = await db
    .select()
    .from(customerProfiles)
    .where(eq(customerProfiles.userId, userId));
  return { user, profile };
}

/**
 * The children of some parent rows in one query (none at all without parents), as a lookup by the
 * parent's id that keeps the query's order.
 */
export async function childrenByParent<C>(
  parentIds: readonly string[],
  load: (ids: string[]) => Promise<C[]>,
  parentOf: (child: C) => string | null,
): Promise<(parentId: string) => C[]> {
  const children = parentIds.length ? await load([...parentIds]) : [];
  return (parentId) => children.filter((c) => parentOf(c) === parentId);
}

/** The user's orders in the given order, each with its lines by position. */
export async function ordersWithLines(db: Db | Tx, userId: string, ...orderBy: SQL[]) {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(...orderBy);
  const linesOf = await childrenByParent(
    rows.map((r) => r.id),
    (ids) =>
      db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .orderBy(asc(orderLines.position)),
    (l) => l.orderId,
  );
  return rows.map((order) => ({ ...order, lines: linesOf(order.id) }));
}

/** The tickets sent from an address in the given order, each with its messages, oldest first. */
export async function ticketsWithMessages(db: Db | Tx, email: string, orderBy: SQL) {
  const rows = await db.select().from(tickets).where(eq(tickets.email, email)).orderBy(orderBy);
  return withTicketMessages(db, rows);
}

/** Tickets, each with its messages (the replies and follow-ups), oldest first: one query. */
export async function withTicketMessages<T extends { id: string }>(db: Db | Tx, rows: T[]) {
  const messagesOf = await childrenByParent(
    rows.map((r) => r.id),
    (ids) =>
      db
        .select()
        .from(ticketMessages)
        .where(inArray(ticketMessages.ticketId, ids))
        .orderBy(asc(ticketMessages.createdAt)),
    (m) => m.ticketId,
  );
  return rows.map((ticket) => ({ ...ticket, messages: messagesOf(ticket.id) }));
}

/** The consultations booked under an address: those still booked and those cancelled. */
export async function bookingsOf(db: Db | Tx, email: string) {
  const booked = await db.select().from(bookings).where(eq(bookings.email, email));
  const cancelled = await db
    .select()
    .from(cancelledBookings)
    .where(eq(cancelledBookings.email, email));
  return { booked, cancelled };
}
