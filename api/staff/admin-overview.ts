import { and, asc, count, eq, gte, lt, sql, sum } from 'drizzle-orm';
import { amsterdamTime } from '#domain/amsterdam-time.ts';
import type { BillingSummary } from '#domain/billing.schema.ts';
import { addDays, addMonths, amsterdamDay, type IsoDay } from '#domain/format.ts';
import type { Db } from '../db/database.ts';
import { bookings, invoices, leads, orders, tickets } from '../db/schema.ts';

/** Months shown in the orders-and-revenue chart. */
export const OVERVIEW_MONTHS = 12;
/** "New" leads: created in this many days. */
export const NEW_LEAD_DAYS = 30;
/** "Upcoming" bookings: in this many days after today. */
export const UPCOMING_DAYS = 7;

export interface OverviewFigures {
  /** oldest first, `YYYY-MM` in Amsterdam; revenue = paid invoices by month paid, in cents */
  months: Array<{ month: string; orders: number; revenue: number }>;
  openInvoices: { count: number; total: number };
  /** open invoices whose due date has passed (decision P7): the money to chase */
  overdueInvoices: { count: number; total: number };
  newLeads: number;
  openTickets: number;
  bookingsToday: Array<{ id: string; name: string; startTime: string }>;
  bookingsUpcoming: Array<{ id: string; name: string; startTime: string }>;
  /** distinct lead addresses that later ordered, of all distinct lead addresses */
  conversion: { leads: number; converted: number; rate: number };
}

const monthOf = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'Europe/Amsterdam', 'YYYY-MM')`;

/**
 * Money owed (every open invoice, order or renewal) and the part of it that is overdue: open with
 * a due date before `today`. The one count behind the overview and `GET /api/admin/billing`.
 */
export async function invoiceMoney(db: Db, today: IsoDay): Promise<BillingSummary> {
  const overdue = sql`${invoices.dueDate} < ${today}`;
  const [row] = await db
    .select({
      openCount: sql<number>`count(*)::int`,
      openTotal: sql<number>`coalesce(sum(${invoices.total}), 0)::int`,
      overdueCount: sql<number>`(count(*) filter (where ${overdue}))::int`,
      overdueTotal: sql<number>`coalesce(sum(${invoices.total}) filter (where ${overdue}), 0)::int`,
    })
    .from(invoices)
    .where(eq(invoices.status, 'open'));
  return {
    overdue: { count: row?.overdueCount ?? 0, total: row?.overdueTotal ?? 0 },
    open: { count: row?.openCount ?? 0, total: row?.openTotal ?? 0 },
  };
}

/** The staff overview's figures, all from the database as of `now`. */
export async function overviewFigures(db: Db, now: Date): Promise<OverviewFigures> {
  const today = amsterdamDay(now);
  const firstMonth = `${addMonths(today, -(OVERVIEW_MONTHS - 1)).slice(0, 7)}-01`;
  const since = amsterdamTime(firstMonth, 0);
  const todayStart = amsterdamTime(today, 0);
  const tomorrowStart = amsterdamTime(addDays(today, 1), 0);
  const upcomingEnd = amsterdamTime(addDays(today, 1 + UPCOMING_DAYS), 0);

  const [orderMonths, revenueMonths, money, [newLeads], [openTickets], today_, upcoming, [conv]] =
    await Promise.all([
      db
        .select({ month: monthOf(orders.createdAt), n: count() })
        .from(orders)
        .where(gte(orders.createdAt, since))
        .groupBy(monthOf(orders.createdAt)),
      db
        .select({ month: monthOf(invoices.paidAt), total: sum(invoices.total) })
        .from(invoices)
        .where(and(eq(invoices.status, 'paid'), gte(invoices.paidAt, since)))
        .groupBy(monthOf(invoices.paidAt)),
      invoiceMoney(db, today),
      db
        .select({ n: count() })
        .from(leads)
        .where(gte(leads.createdAt, new Date(now.getTime() - NEW_LEAD_DAYS * 86_400_000))),
      db.select({ n: count() }).from(tickets).where(eq(tickets.status, 'open')),
      db
        .select({ id: bookings.id, name: bookings.name, startTime: bookings.startTime })
        .from(bookings)
        .where(and(gte(bookings.startTime, todayStart), lt(bookings.startTime, tomorrowStart)))
        .orderBy(asc(bookings.startTime)),
      db
        .select({ id: bookings.id, name: bookings.name, startTime: bookings.startTime })
        .from(bookings)
        .where(and(gte(bookings.startTime, tomorrowStart), lt(bookings.startTime, upcomingEnd)))
        .orderBy(asc(bookings.startTime))
        .limit(20),
      db
        .select({
          leads: sql<number>`count(distinct l.email)`.mapWith(Number),
          converted: sql<number>`count(distinct l.email) filter (where exists (
            select 1 from orders o join users u on u.id = o.user_id
            where u.email = l.email and o.created_at >= l.created_at))`.mapWith(Number),
        })
        .from(sql`leads l`),
    ]);

  const months: OverviewFigures['months'] = [];
  for (let i = 0; i < OVERVIEW_MONTHS; i++) {
    const month = addMonths(firstMonth, i).slice(0, 7);
    months.push({
      month,
      orders: orderMonths.find((m) => m.month === month)?.n ?? 0,
      revenue: Number(revenueMonths.find((m) => m.month === month)?.total ?? 0),
    });
  }
  const leadsCount = conv?.leads ?? 0;
  const converted = conv?.converted ?? 0;
  const slot = (b: { id: string; name: string; startTime: Date }) => ({
    id: b.id,
    name: b.name,
    startTime: b.startTime.toISOString(),
  });
  return {
    months,
    openInvoices: money.open,
    overdueInvoices: money.overdue,
    newLeads: newLeads?.n ?? 0,
    openTickets: openTickets?.n ?? 0,
    bookingsToday: today_.map(slot),
    bookingsUpcoming: upcoming.map(slot),
    conversion: {
      leads: leadsCount,
      converted,
      rate: leadsCount === 0 ? 0 : Math.round((converted / leadsCount) * 1000) / 10,
    },
  };
}
