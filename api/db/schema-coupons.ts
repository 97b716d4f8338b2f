/**
 * Coupons (issue 46, API.md section 14, migration 0022). A coupon's code is unique regardless of
 * letter case (a unique index on `upper(code)`). `uses` counts the orders that used it: the
 * checkout raises it with one conditional UPDATE in the order's own transaction (api/coupons/
 * coupons.service.ts), so `max_uses` holds exactly however many servers take orders at once; the
 * row lock that UPDATE takes also serialises the once-per-customer check on `coupon_uses`. A use
 * is the money one invoice gave away (the order's, or a renewal's for a coupon of every payment);
 * `coupon_subscriptions` says which subscriptions an every-payment coupon keeps discounting.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { invoices, orders, subscriptions } from './schema-orders.ts';
import { users } from './schema-users.ts';

export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    kind: text('kind').$type<'percent' | 'amount'>().notNull(),
    /** Percent (1..100) or cents. */
    value: integer('value').notNull(),
    appliesTo: text('applies_to').$type<'firstPayment' | 'everyPayment'>().notNull(),
    /** Plan ids it discounts; null: every paid line. */
    planIds: jsonb('plan_ids').$type<string[]>(),
    maxUses: integer('max_uses'),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    /** Orders that used it (raised in the order's transaction). */
    uses: integer('uses').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupons_code_key').using('btree', sql`upper(${t.code})`),
    check('coupons_kind_check', sql`${t.kind} in ('percent', 'amount')`),
    check('coupons_applies_to_check', sql`${t.appliesTo} in ('firstPayment', 'everyPayment')`),
    check(
      'coupons_value_check',
      sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`,
    ),
    check(
      'coupons_uses_check',
      sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`,
    ),
  ],
);

export const couponUses = pgTable(
  'coupon_uses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    /** `order`: the order's own invoice (counts as a use); `renewal`: a renewal invoice. */
    kind: text('kind').$type<'order' | 'renewal'>().notNull(),
    /** Positive cents excl. VAT: what the discount line gave away. */
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('coupon_uses_kind_check', sql`${t.kind} in ('order', 'renewal')`),
    uniqueIndex('coupon_uses_invoice_key').on(t.couponId, t.invoiceId),
    index('coupon_uses_coupon_user_idx').on(t.couponId, t.userId),
  ],
);

/** The subscriptions an every-payment coupon discounts at each renewal. */
export const couponSubscriptions = pgTable('coupon_subscriptions', {
  subscriptionId: uuid('subscription_id')
    .primaryKey()
    .references(() => subscriptions.id, { onDelete: 'cascade' }),
  couponId: uuid('coupon_id')
    .notNull()
    .references(() => coupons.id, { onDelete: 'restrict' }),
});
