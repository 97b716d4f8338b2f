/**
 * Recurring billing (issue 16, API.md section 8). The unique keys here are what make the billing
 * job safe to repeat and to run on several app servers at once: a period is invoiced, a renewal
 * reminder and an overdue reminder are sent, at most once, whatever the advisory lock did.
 * Calendar days (`date`) are Europe/Amsterdam days as `YYYY-MM-DD` strings; money in cents.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './schema-users.ts';
import { invoices, subscriptions } from './schema-orders.ts';

/**
 * One row per invoiced renewal period of a subscription (period 0, the order's own, is on the
 * order's invoice). Inserted in the same transaction as the invoice that bills it; the primary
 * key on (subscription, period start) means no period is ever billed twice.
 */
export const billingPeriods = pgTable(
  'billing_periods',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'restrict' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    /** last day of the period, inclusive */
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'billing_periods_pkey', columns: [t.subscriptionId, t.periodStart] }),
    index('billing_periods_invoice_id_idx').on(t.invoiceId),
  ],
);

export const renewalDeliveries = ['pending', 'collecting', 'mailed'] as const;
export type RenewalDelivery = (typeof renewalDeliveries)[number];

/**
 * The renewal invoices the job issued: one per customer per day (unique), and how the invoice
 * reaches the customer: `pending` (issued; not yet mailed, nor charged with Mollie),
 * `collecting` (created against the mandate; the invoice was mailed saying so), `mailed` (mailed
 * with its payment link: bank transfer, no valid mandate, or a failed recurring payment).
 */
export const renewalInvoices = pgTable(
  'renewal_invoices',
  {
    invoiceId: uuid('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    delivery: text('delivery').$type<RenewalDelivery>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('renewal_invoices_user_day_key').on(t.userId, t.issueDate),
    index('renewal_invoices_delivery_idx').on(t.delivery),
    check(
      'renewal_invoices_delivery_check',
      sql`${t.delivery} in ('pending', 'collecting', 'mailed')`,
    ),
  ],
);

/** A renewal reminder (yearly items, 14 days before), sent once per subscription and period. */
export const renewalReminders = pgTable(
  'renewal_reminders',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'restrict' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'renewal_reminders_pkey', columns: [t.subscriptionId, t.periodStart] }),
  ],
);

/** The one overdue reminder of an invoice (any invoice, 14 days past its due date). */
export const overdueReminders = pgTable('overdue_reminders', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'restrict' }),
  createdAt: createdAt(),
});

/** The Mollie customer of an account (made for the first payment of an order with subscriptions). */
export const mollieCustomers = pgTable('mollie_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique('mollie_customers_customer_id_key'),
  createdAt: createdAt(),
});
