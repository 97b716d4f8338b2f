/**
 * Withdrawals and refunds (issue 42, API.md section 10, migration 0019). A withdrawal is recorded
 * once per order (unique `order_id`) with the statement and the time it was received. A refund is
 * the money of one credit note going back (unique `credit_note_id`): through Mollie (created with
 * the refund's id as Idempotency-Key, then followed through the webhook) or by bank transfer
 * (staff pay it and mark it refunded). A server claims a pending Mollie refund with a conditional
 * UPDATE (`claimed_until`), so two servers or a retry never create it twice.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { creditNotes } from './schema-money.ts';
import { invoices, orders, payments } from './schema-orders.ts';
import { users } from './schema-users.ts';

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    statement: text('statement').notNull().default(''),
    lang: text('lang').$type<'nl' | 'en'>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** Null when nothing was left to credit (e.g. only a registered domain on the order). */
    creditNoteId: uuid('credit_note_id').references(() => creditNotes.id, {
      onDelete: 'restrict',
    }),
    /** Positive cents incl. VAT credited. */
    refund: integer('refund').notNull(),
  },
  (t) => [uniqueIndex('withdrawals_order_id_key').on(t.orderId)],
);

export const refundMethods = ['mollie', 'banktransfer'] as const;
export type RefundMethod = (typeof refundMethods)[number];
export const refundStatuses = ['pending', 'refunded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creditNoteId: uuid('credit_note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'restrict' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    /** Our payment row that paid the invoice (Mollie: the payment refunded). */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    method: text('method').$type<RefundMethod>().notNull(),
    /** Positive cents. */
    amount: integer('amount').notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    /** Mollie's `re_...` once created. */
    providerRefundId: text('provider_refund_id'),
    /** Mollie's own status of the refund (queued, pending, processing, refunded, failed, canceled). */
    providerStatus: text('provider_status'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refunds_credit_note_id_key').on(t.creditNoteId),
    uniqueIndex('refunds_provider_refund_id_key').on(t.providerRefundId),
    index('refunds_status_idx').on(t.status, t.nextAttemptAt),
    check('refunds_method_check', sql`${t.method} in ('mollie', 'banktransfer')`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'refunded', 'failed')`),
    check('refunds_amount_check', sql`${t.amount} > 0`),
  ],
);
