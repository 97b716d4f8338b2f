/**
 * Steps 3 and 4 of the billing job (api/billing/billing.ts), `REMINDER_BATCH` at a time, each
 * batch in one transaction whose marker rows (unique keys) and mails go together:
 *
 * - renewal reminders for yearly items (domains), 14 days before each renewal, once per period
 *   (`renewal_reminders`, decision P7);
 * - overdue reminders, once per open invoice, 14 days after its due date (`overdue_reminders`).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { OVERDUE_REMINDER_DAYS, periodAmount, reminderDue } from '#domain/billing.ts';
import { addDays, type IsoDay } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import type { Database } from '../db/database.ts';
import {
  invoices,
  orders,
  overdueReminders,
  renewalReminders,
  subscriptions,
} from '../db/schema.ts';
import { mailCustomers } from './billing-customers.ts';
import {
  BILLED_STATUSES,
  billedSubscriptionColumns,
  type BilledSubscription,
} from './billing-issue.ts';
import { overdueReminderMail, renewalReminderMail } from './billing-mail.ts';
import type { Mailer } from '../mail/mail.ts';
import { payPageUrl } from '../invoices/payments.ts';

/** Reminders sent in one transaction. */
export const REMINDER_BATCH = 200;

export interface ReminderContext {
  database: Database;
  publicUrl: string;
  mailer?: Mailer | undefined;
}

/** The account page a reminder links to (the client area of issue 15). */
export function accountPageUrl(publicUrl: string, lang: Lang): string {
  return `${publicUrl}/account?lang=${lang}`;
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Renewal reminders due on `asOf`; the subscriptions reminded. */
export async function sendRenewalReminders(ctx: ReminderContext, asOf: IsoDay): Promise<string[]> {
  const rows = (await ctx.database.read((db) =>
    db
      .select(billedSubscriptionColumns)
      .from(subscriptions)
      .innerJoin(orders, eq(orders.id, subscriptions.orderId))
      .where(
        and(BILLED_STATUSES, eq(subscriptions.billing, 'yearly'), sql`${subscriptions.price} > 0`),
      )
      .orderBy(asc(subscriptions.userId), asc(subscriptions.id)),
  )) as BilledSubscription[];
  const due = rows.flatMap((sub) => {
    const period = reminderDue(sub, asOf);
    return period ? [{ sub, period }] : [];
  });
  const reminded: string[] = [];
  for (const batch of chunks(due, REMINDER_BATCH)) {
    const sent = await ctx.database.write(async (tx) => {
      const inserted = await tx
        .insert(renewalReminders)
        .values(
          batch.map(({ sub, period }) => ({ subscriptionId: sub.id, periodStart: period.start })),
        )
        .onConflictDoNothing()
        .returning({ id: renewalReminders.subscriptionId });
      const fresh = new Set(inserted.map((r) => r.id));
      const mine = batch.filter(({ sub }) => fresh.has(sub.id));
      if (ctx.mailer && mine.length > 0)
        await mailCustomers(
          tx,
          ctx.mailer,
          mine,
          ({ sub }) => sub.userId,
          ({ sub, period }, to) => {
            const lang = to.lang ?? 'nl';
            return renewalReminderMail({
              ...to,
              lang,
              item: sub.displayName,
              renewsOn: period.start,
              amount: periodAmount(sub, sub.price),
              accountLink: accountPageUrl(ctx.publicUrl, lang),
            });
          },
        );
      return mine.map(({ sub }) => sub.id);
    });
    reminded.push(...sent);
  }
  return reminded;
}

/** Overdue reminders due on `asOf`; the invoice numbers reminded. */
export async function sendOverdueReminders(ctx: ReminderContext, asOf: IsoDay): Promise<string[]> {
  // overdueReminderDay(dueDate) <= asOf, i.e. due on or before this day:
  const overdueBefore = addDays(asOf, -OVERDUE_REMINDER_DAYS);
  const rows = (
    await ctx.database.read((db) =>
      db
        .select({ invoice: invoices })
        .from(invoices)
        .leftJoin(overdueReminders, eq(overdueReminders.invoiceId, invoices.id))
        .where(
          and(
            eq(invoices.status, 'open'),
            sql`${invoices.dueDate} <= ${overdueBefore}`,
            sql`${overdueReminders.invoiceId} is null`,
          ),
        )
        .orderBy(asc(invoices.number)),
    )
  ).map((r) => r.invoice);
  const sent: string[] = [];
  for (const batch of chunks(rows, REMINDER_BATCH)) {
    const done = await ctx.database.write(async (tx) => {
      const inserted = await tx
        .insert(overdueReminders)
        .values(batch.map((invoice) => ({ invoiceId: invoice.id })))
        .onConflictDoNothing()
        .returning({ id: overdueReminders.invoiceId });
      const fresh = new Set(inserted.map((r) => r.id));
      const mine = batch.filter((invoice) => fresh.has(invoice.id));
      if (ctx.mailer && mine.length > 0)
        await mailCustomers(
          tx,
          ctx.mailer,
          mine,
          (invoice) => invoice.userId,
          (invoice, to) =>
            overdueReminderMail({
              ...to,
              lang: invoice.lang,
              invoiceNumber: invoice.number,
              total: invoice.total,
              dueDate: invoice.dueDate,
              payLink: payPageUrl(ctx.publicUrl, invoice.number, invoice.lang),
            }),
        );
      return mine.map((invoice) => invoice.number);
    });
    sent.push(...done);
  }
  return sent;
}
