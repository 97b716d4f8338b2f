import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import * as v from 'valibot';
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

/**
 * The staff tables (orders, invoices, leads, tickets, bookings, outbox): search, paging and
 * sorting done by the database. Each table names the columns it may be sorted by and the ones a
 * search looks in; anything else in the query is refused as VALIDATION_FAILED by the schema.
 */

export const ADMIN_TABLES = [
  'orders',
  'invoices',
  'leads',
  'tickets',
  'bookings',
  'outbox',
] as const;
export type AdminTable = (typeof ADMIN_TABLES)[number];

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const positive = (fallback: string, max: number) =>
  v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1), v.maxValue(max)),
    fallback,
  );

export const tableQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  page: positive('1', 100_000),
  pageSize: positive(String(DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE),
  sort: v.optional(v.pipe(v.string(), v.regex(/^[a-zA-Z]{1,40}$/))),
  dir: v.optional(v.picklist(['asc', 'desc'])),
  status: v.optional(v.pipe(v.string(), v.regex(/^[a-z]{1,20}$/))),
});
export type TableQuery = v.InferOutput<typeof tableQuerySchema>;

export interface TablePage<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
  sort: string;
  dir: 'asc' | 'desc';
}

/** `%text%` for ILIKE with the wildcards of the search text itself escaped. */
function pattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

function searchIn(q: string, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const p = pattern(q);
  return or(...columns.map((col) => ilike(col as AnyColumn, p)));
}

interface Spec {
  sortable: Record<string, AnyColumn | SQL>;
  defaultSort: string;
  /** tie-breaker, so paging is stable */
  tieBreak: AnyColumn;
}

function ordering(spec: Spec, query: TableQuery): { sort: string; dir: 'asc' | 'desc'; by: SQL[] } {
  const sort = query.sort && query.sort in spec.sortable ? query.sort : spec.defaultSort;
  const dir = query.dir ?? (query.sort && query.sort in spec.sortable ? 'asc' : 'desc');
  const column = spec.sortable[sort]!;
  const fn = dir === 'asc' ? asc : desc;
  return { sort, dir, by: [fn(column), fn(spec.tieBreak)] };
}

function paging(query: TableQuery) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function pageOf<T>(
  rows: T[],
  total: number | undefined,
  query: TableQuery,
  order: { sort: string; dir: 'asc' | 'desc' },
): TablePage<T> {
  return { rows, total: total ?? 0, page: query.page, pageSize: query.pageSize, ...order };
}

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
  };
  const where = and(
    searchIn(query.q, [users.email, users.name, orders.domainName]),
    query.status ? eq(orders.status, query.status as 'open') : undefined,
  );
  const { sort, dir, by } = ordering(spec, query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        status: orders.status,
        interval: orders.interval,
        domainName: orders.domainName,
        paymentMethod: orders.paymentMethod,
        total: orders.dueToday,
        email: users.email,
        name: users.name,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(...by)
      .limit(paging(query).limit)
      .offset(paging(query).offset),
    db
      .select({ n: count() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const firstInvoices = ids.length
    ? await db
        .select({ orderId: invoices.orderId, number: invoices.number, status: invoices.status })
        .from(invoices)
        .where(inArray(invoices.orderId, ids))
        .orderBy(asc(invoices.issuedAt), asc(invoices.sequence))
    : [];
  return pageOf(
    rows.map((r) => {
      const invoice = firstInvoices.find((i) => i.orderId === r.id);
      return {
        ...r,
        createdAt: r.createdAt.toISOString(),
        invoiceNumber: invoice?.number ?? null,
        invoiceStatus: invoice?.status ?? null,
      };
    }),
    counted?.n,
    query,
    { sort, dir },
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
  };
  const where = and(
    searchIn(query.q, [invoices.number, users.email, sql`${invoices.buyer}->>'name'`]),
    query.status ? eq(invoices.status, query.status as 'open') : undefined,
  );
  const { sort, dir, by } = ordering(spec, query);
  const [rows, [counted]] = await Promise.all([
    db
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
      })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(where)
      .orderBy(...by)
      .limit(paging(query).limit)
      .offset(paging(query).offset),
    db
      .select({ n: count() })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(where),
  ]);
  return pageOf(
    rows.map((r) => ({
      ...r,
      kind: r.periodStart === null ? ('order' as const) : ('renewal' as const),
    })),
    counted?.n,
    query,
    { sort, dir },
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
  };
  const where = and(
    searchIn(query.q, [leads.name, leads.email, leads.source]),
    query.status ? eq(leads.source, query.status as 'quiz') : undefined,
  );
  const { sort, dir, by } = ordering(spec, query);
  const [rows, [counted]] = await Promise.all([
    db
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
      .orderBy(...by)
      .limit(paging(query).limit)
      .offset(paging(query).offset),
    db.select({ n: count() }).from(leads).where(where),
  ]);
  return pageOf(
    rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    counted?.n,
    query,
    { sort, dir },
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
  };
  const where = and(
    searchIn(query.q, [tickets.name, tickets.email, tickets.message]),
    query.status ? eq(tickets.status, query.status as 'open') : undefined,
  );
  const { sort, dir, by } = ordering(spec, query);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(tickets)
      .where(where)
      .orderBy(...by)
      .limit(paging(query).limit)
      .offset(paging(query).offset),
    db.select({ n: count() }).from(tickets).where(where),
  ]);
  return pageOf(
    rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    counted?.n,
    query,
    { sort, dir },
  );
}

export async function bookingsTable(db: Db, query: TableQuery) {
  const spec: Spec = {
    sortable: { startTime: bookings.startTime, name: bookings.name, email: bookings.email },
    defaultSort: 'startTime',
    tieBreak: bookings.id,
  };
  const where = searchIn(query.q, [bookings.name, bookings.email]);
  const { sort, dir, by } = ordering(spec, query);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(bookings)
      .where(where)
      .orderBy(...by)
      .limit(paging(query).limit)
      .offset(paging(query).offset),
    db.select({ n: count() }).from(bookings).where(where),
  ]);
  return pageOf(
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
    counted?.n,
    query,
    { sort, dir },
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
  };
  const where = and(
    searchIn(query.q, [outbox.to, outbox.subject, outbox.kind]),
    query.status ? eq(outbox.status, query.status as 'failed') : undefined,
  );
  const { sort, dir, by } = ordering(spec, query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: outbox.id,
        to: outbox.to,
        subject: outbox.subject,
        kind: outbox.kind,
        lang: outbox.lang,
        status: outbox.status,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
        text: outbox.text,
      })
      .from(outbox)
      .where(where)
      .orderBy(...by)
      .limit(paging(query).limit)
      .offset(paging(query).offset),
    db.select({ n: count() }).from(outbox).where(where),
  ]);
  return pageOf(
    rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), sentAt: iso(r.sentAt) })),
    counted?.n,
    query,
    { sort, dir },
  );
}

export const TABLE_READERS = {
  orders: ordersTable,
  invoices: invoicesTable,
  leads: leadsTable,
  tickets: ticketsTable,
  bookings: bookingsTable,
  outbox: outboxTable,
} satisfies Record<AdminTable, (db: Db, query: TableQuery) => Promise<TablePage<unknown>>>;
