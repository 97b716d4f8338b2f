import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/database.ts';
import {
  bookings,
  cancelledBookings,
  chatConversations,
  customerProfiles,
  leads,
  orderLines,
  orders,
  outbox,
  ticketMessages,
  tickets,
  users,
} from '../db/schema.ts';
import { EMAIL_VERIFICATION_MAIL_KIND } from './email-verification.ts';

/**
 * What the client area (account.ts) and the data export and erasure (personal-data.ts) read about
 * one person: the account and profile, the orders with their lines, the tickets with their
 * messages, the bookings, the leads, the chats and the mails. Each caller shapes the rows for its
 * own answer; the queries, and the gate below, are the same.
 *
 * THE GATE (API.md section 13, decision D38A-1). Tickets, bookings, chats, leads and mails are
 * found by the address they were made with, and anyone can type any address. So a record made
 * with the account's address belongs to the account only when
 * - the account's address is proven (`users.email_verified_at`: the mailed link was used), or
 * - the account itself was signed in when the record was made (`user_id`);
 * until then the others are not listed, not exported and not erased with the account. Every read
 * and erasure of those records by address goes through `recordsOf` (and `mailsOf`), nowhere else.
 */

/** The person the client area and the data export are about. */
export interface Person {
  userId: string;
  /** the account's address (lowercased); tickets, leads, chats and bookings are found by it */
  email: string;
  /** whether the owner proved the address (users.email_verified_at is set) */
  emailVerified: boolean;
}

/** The person of an account as stored now (null when the account is gone). */
export async function personOf(db: Db | Tx, userId: string): Promise<Person | null> {
  const [row] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { userId, email: row.email, emailVerified: row.verifiedAt !== null } : null;
}

/** A table of records made with an address, by someone who may or may not have been signed in. */
interface MadeWithAddress {
  email: AnyPgColumn;
  userId: AnyPgColumn;
}

/** The gate: the rows of `table` made with the person's address that are the person's. */
export function recordsOf(person: Person, table: MadeWithAddress): SQL {
  const sameAddress = eq(table.email, person.email);
  return person.emailVerified ? sameAddress : and(sameAddress, eq(table.userId, person.userId))!;
}

/**
 * Mails about the account itself (its orders, invoices, renewals, password and address), which
 * reach only the address's owner and the account's own doings. Every other mail to the address
 * (ticket, booking, chat and Blueprint mails, and any kind added later) is about records someone
 * may have made without an account, so it stays behind the gate like those records.
 */
export const ACCOUNT_MAIL_KINDS = [
  'order-confirmation',
  'payment-received',
  'renewal-invoice',
  'renewal-payment-failed',
  'renewal-reminder',
  'overdue-reminder',
  'password-reset',
  EMAIL_VERIFICATION_MAIL_KIND,
] as const;

/** The gate for the outbox: every mail to a proven address, else only the account's own mails. */
export function mailsOf(person: Person): SQL {
  const sameAddress = eq(outbox.to, person.email);
  return person.emailVerified
    ? sameAddress
    : and(sameAddress, inArray(outbox.kind, [...ACCOUNT_MAIL_KINDS]))!;
}

/** The person's leads (the gate applied). */
export function leadsOf(person: Person): SQL {
  return recordsOf(person, leads);
}

/** The person's live-chat conversations (the gate applied). */
export function chatsOf(person: Person): SQL {
  return recordsOf(person, chatConversations);
}

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

/** The person's tickets in the given order, each with its messages, oldest first. */
export async function ticketsWithMessages(db: Db | Tx, person: Person, orderBy: SQL) {
  const rows = await db.select().from(tickets).where(recordsOf(person, tickets)).orderBy(orderBy);
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

/** The person's consultations: those still booked and those cancelled. */
export async function bookingsOf(db: Db | Tx, person: Person) {
  const booked = await db.select().from(bookings).where(recordsOf(person, bookings));
  const cancelled = await db
    .select()
    .from(cancelledBookings)
    .where(recordsOf(person, cancelledBookings));
  return { booked, cancelled };
}
