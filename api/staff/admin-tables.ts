import { shownStatus, staffCreditNotes } from '../credit-notes/credit-notes.service.ts';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import {
  billingPeriods,
  bookings,
  invoices,
  leads,
  orders,
  outbox,
  tickets,
  users,
} from '../db/schema.ts';

import { iso, readTable, type Spec, type TablePage, type TableQuery } from './admin-table-query.ts';
import { subscriptionsTable } from './admin-subscriptions-table.ts';
import { latestPaymentProvider, latestPaymentStatus } from '../invoices/invoices.ts';
import { withTicketMessages } from '../accounts/person-records.ts';
import type { AdminTable } from '#domain/admin.schema.ts';

export { tableQuerySchema, type TableQuery } from './admin-table-query.ts';

/**
 * The staff tables (orders, invoices, leads, tickets, bookings, outbox, subscriptions): search,
 * paging and sorting done by the database (admin-table-query.ts). Each table names the columns
 * it may be sorted by and the ones a search looks in.
 */

export { ADMIN_TABLES, type AdminTable } from '#domain/admin.schema.ts';

/** The columns of an order that both staff listings of orders show. */
export const adminOrderColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  interval: orders.interval,
  domainName: orders.domainName,
  domainType: orders.domainType,
  paymentMethod: orders.paymentMethod,
  email: users.email,
  name: users.name,
  smartLeadFormAnswers: orders.smartLeadFormAnswers,
};

export async function ordersTable(db: Db, query: TableQuery) {
  const spec: Spec = {
    sortable: {
      createdAt: orders.createdAt,
      email: users.email,
      total: orders.dueToday,
      status: orders.status,
    },
    defaultSort: 'createdAt',
    tieBreak: orders.id,
    search: [users.email, users.name, orders.domainName],
    status: orders.status,
  };
  return readTable(
    spec,
    query,
    (where) => ({
      rows: db
        .select({ ...adminOrderColumns, total: orders.dueToday })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(where)
        .$dynamic(),
      count: db
        .select({ n: count() })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(where),
    }),
    async (rows) => {
      const ids = rows.map((r) => r.id);
      const firstInvoices = ids.length
        ? await db
            .select({
              orderId: invoices.orderId,
              number: invoices.number,
              status: invoices.status,
            })
            .from(invoices)
            .where(inArray(invoices.orderId, ids))
            .orderBy(asc(invoices.issuedAt), asc(invoices.sequence))
        : [];
      return rows.map((r) => {
        const invoice = firstInvoices.find((i) => i.orderId === r.id);
        return {
          ...r,
          createdAt: r.createdAt.toISOString(),
          invoiceNumber: invoice?.number ?? null,
          invoiceStatus: invoice?.status ?? null,
        };
      });
    },
  );
}

/**
 * The days a renewal invoice covers: from the first period's start to the last period's end of
 * its lines (`billing_periods`, decision P4); null for an order's own invoice.
 */
const periodStart = sql<
  string | null
>`(select min(${billingPeriods.periodStart}) from ${billingPeriods} where ${billingPeriods.invoiceId} = ${invoices.id})`;
const periodEnd = sql<
  string | null
>`(select max(${billingPeriods.periodEnd}) from ${billingPeriods} where ${billingPeriods.invoiceId} = ${invoices.id})`;

export async function invoicesTable(db: Db, query: TableQuery) {
  const spec: Spec = {
    sortable: {
      issueDate: invoices.issuedAt,
      number: invoices.number,
      clientEmail: users.email,
      total: invoices.total,
      status: invoices.status,
      dueDate: invoices.dueDate,
      // An order's own invoice starts its first period on the day it was issued.
      period: sql`coalesce(${periodStart}, ${invoices.issueDate})`,
    },
    defaultSort: 'issueDate',
    tieBreak: invoices.sequence,
    search: [invoices.number, users.email, sql`${invoices.buyer}->>'name'`],
    status: invoices.status,
  };
  return readTable(
    spec,
    query,
    (where) => ({
      rows: db
        .select({
          number: invoices.number,
          clientEmail: users.email,
          clientName: sql<string>`${invoices.buyer}->>'name'`,
          issueDate: invoices.issueDate,
          dueDate: invoices.dueDate,
          total: invoices.total,
          status: invoices.status,
          lines: invoices.lines,
          orderId: invoices.orderId,
          periodStart,
          periodEnd,
          paymentProvider: latestPaymentProvider,
          paymentStatus: latestPaymentStatus,
        })
        .from(invoices)
        .innerJoin(users, eq(users.id, invoices.userId))
        .where(where)
        .$dynamic(),
      count: db
        .select({ n: count() })
        .from(invoices)
        .innerJoin(users, eq(users.id, invoices.userId))
        .where(where),
    }),
    async (rows) => {
      // Each invoice with its credit notes (issue 42); one with nothing left to credit is
      // `credited` (also a paid one refunded in full).
      const notes = await staffCreditNotes(
        db,
        rows.map((r) => r.number),
      );
      return rows.map((r) => {
        const creditNotes = notes.get(r.number) ?? [];
        const credited = -creditNotes.reduce((sum, n) => sum + n.total, 0);
        return {
          ...r,
          status: shownStatus(r, credited),
          creditNotes,
          kind: r.periodStart === null ? ('order' as const) : ('renewal' as const),
        };
      });
    },
  );
}

export async function leadsTable(db: Db, query: TableQuery) {
  const spec: Spec = {
    sortable: {
      createdAt: leads.createdAt,
      name: leads.name,
      email: leads.email,
      source: leads.source,
    },
    defaultSort: 'createdAt',
    tieBreak: leads.id,
    search: [leads.name, leads.email, leads.source],
    status: leads.source,
  };
  return readTable(
    spec,
    query,
    (where) => ({
      rows: db
        .select({
          id: leads.id,
          source: leads.source,
          name: leads.name,
          email: leads.email,
          lang: leads.lang,
          subscribe: leads.subscribe,
          recommendedProducts: leads.recommendedProducts,
          answers: leads.answers,
          createdAt: leads.createdAt,
        })
        .from(leads)
        .where(where)
        .$dynamic(),
      count: db.select({ n: count() }).from(leads).where(where),
    }),
    (rows) => rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  );
}

export async function ticketsTable(db: Db, query: TableQuery) {
  const spec: Spec = {
    sortable: {
      createdAt: tickets.createdAt,
      name: tickets.name,
      email: tickets.email,
      status: tickets.status,
      subject: tickets.subject,
    },
    defaultSort: 'createdAt',
    tieBreak: tickets.id,
    search: [tickets.name, tickets.email, tickets.message],
    status: tickets.status,
  };
  return readTable(
    spec,
    query,
    (where) => ({
      rows: db.select().from(tickets).where(where).$dynamic(),
      count: db.select({ n: count() }).from(tickets).where(where),
    }),
    // With its thread, so staff see what they (or the customer) wrote after the first message.
    async (rows) =>
      (await withTicketMessages(db, rows)).map((r) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
        messages: r.messages.map((m) => ({
          author: m.author,
          body: m.body,
          createdAt: m.createdAt.toISOString(),
        })),
      })),
  );
}

export async function bookingsTable(db: Db, query: TableQuery) {
  const spec: Spec = {
    sortable: { startTime: bookings.startTime, name: bookings.name, email: bookings.email },
    defaultSort: 'startTime',
    tieBreak: bookings.id,
    search: [bookings.name, bookings.email],
  };
  return readTable(
    spec,
    query,
    (where) => ({
      rows: db.select().from(bookings).where(where).$dynamic(),
      count: db.select({ n: count() }).from(bookings).where(where),
    }),
    (rows) =>
      rows.map((r) => ({
        id: r.id,
        title: r.title,
        name: r.name,
        email: r.email,
        lang: r.lang,
        startTime: iso(r.startTime)!,
        endTime: iso(r.endTime)!,
        createdAt: iso(r.createdAt)!,
      })),
  );
}

export async function outboxTable(db: Db, query: TableQuery) {
  const spec: Spec = {
    sortable: {
      createdAt: outbox.id,
      to: outbox.to,
      status: outbox.status,
      kind: outbox.kind,
    },
    defaultSort: 'createdAt',
    tieBreak: outbox.id,
    search: [outbox.to, outbox.subject, outbox.kind],
    status: outbox.status,
  };
  return readTable(
    spec,
    query,
    (where) => ({
      rows: db
        .select({
          id: outbox.id,
          to: outbox.to,
          subject: outbox.subject,
          kind: outbox.kind,
          lang: outbox.lang,
          status: outbox.status,
          attempts: outbox.attempts,
          lastError: outbox.lastError,
          failure: outbox.failure,
          nextAttemptAt: outbox.nextAttemptAt,
          failingSince: outbox.failingSince,
          createdAt: outbox.createdAt,
          sentAt: outbox.sentAt,
          text: outbox.text,
          // The names only (the bytes can be large): GET /api/admin/outbox/{id}/attachments/{i}.
          attachments: sql<
            Array<{ filename: string; contentType: string }>
          >`(select coalesce(jsonb_agg(jsonb_build_object('filename', a.v->>'filename', 'contentType', a.v->>'contentType') order by a.i), '[]'::jsonb) from jsonb_array_elements(${outbox.attachments}) with ordinality as a(v, i))`,
        })
        .from(outbox)
        .where(where)
        .$dynamic(),
      count: db.select({ n: count() }).from(outbox).where(where),
    }),
    (rows) =>
      rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), sentAt: iso(r.sentAt) })),
  );
}

export const TABLE_READERS = {
  orders: ordersTable,
  invoices: invoicesTable,
  leads: leadsTable,
  tickets: ticketsTable,
  bookings: bookingsTable,
  outbox: outboxTable,
  subscriptions: subscriptionsTable,
} satisfies Record<
  AdminTable,
  (db: Db, query: TableQuery, now: Date) => Promise<TablePage<unknown>>
>;
