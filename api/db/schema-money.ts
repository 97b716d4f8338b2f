/**
 * The money path (issue 10): an issued invoice's PDF, rendered once and kept (the same bytes are
 * served and attached every time), and the mails sent once per invoice ("payment received"),
 * guaranteed by the primary key.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CreditNoteLine } from '#domain/credit-note.ts';
import type { VatCategory } from '#domain/vat.ts';
import { createdAt } from './columns.ts';
import { users } from './schema-users.ts';
import { invoices, orders, subscriptions } from './schema-orders.ts';

export const invoiceDocuments = pgTable('invoice_documents', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'restrict' }),
  /** the PDF, base64 */
  pdf: text('pdf').notNull(),
  /**
   * The paid day this PDF says ("Paid on"); null: drawn while the invoice was open. A paid
   * invoice whose stored PDF is the open one is drawn again (D39A-4).
   */
  paidOn: date('paid_on', { mode: 'string' }),
  createdAt: createdAt(),
});

export const invoiceMailKinds = ['payment-received'] as const;
export type InvoiceMailKind = (typeof invoiceMailKinds)[number];

/** One row per invoice and kind of mail: a second insert for the same pair is refused. */
export const invoiceMails = pgTable(
  'invoice_mails',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<InvoiceMailKind>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'invoice_mails_pkey', columns: [t.invoiceId, t.kind] })],
);

/**
 * Credit notes (issue 42, API.md section 10): the correction of an issued invoice, numbered in
 * their own gap-free series per calendar year (`CN-YYYY-NNNN`, the `credit-note` row of
 * `invoice_counters`). Amounts negative, the VAT rate of the invoice. Written once and never
 * changed or deleted (a database trigger refuses it).
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The staff member who issued it (null: issued by the system, e.g. a withdrawal). */
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    lang: text('lang').$type<'nl' | 'en'>().notNull(),
    reason: text('reason').notNull(),
    lines: jsonb('lines').$type<CreditNoteLine[]>().notNull(),
    subtotal: integer('subtotal').notNull(),
    vatRate: integer('vat_rate').notNull(),
    vat: integer('vat').notNull(),
    total: integer('total').notNull(),
    /** The invoice's VAT category and tax country (issue 43), as the VAT rule decided them. */
    vatCategory: text('vat_category').$type<VatCategory>().notNull().default('E'),
    taxCountry: text('tax_country').notNull().default('NL'),
  },
  (t) => [
    uniqueIndex('credit_notes_number_key').on(t.number),
    uniqueIndex('credit_notes_year_sequence_key').on(t.year, t.sequence),
    index('credit_notes_invoice_id_idx').on(t.invoiceId),
    index('credit_notes_user_id_idx').on(t.userId),
    index('credit_notes_issue_date_idx').on(t.issueDate),
    check('credit_notes_total_check', sql`${t.total} < 0`),
    check('credit_notes_vat_category_check', sql`${t.vatCategory} in ('S', 'E', 'AE')`),
  ],
);

/**
 * Coupons (issue 46, API.md section 14, migration 0022). A coupon's code is unique regardless of
 * letter case (a unique index on `upper(code)`). `uses` counts the orders that used it: the
 * checkout raises it with one conditional UPDATE in the order's own transaction (api/coupons/
 * coupons.service.ts), so `max_uses` holds exactly however many servers take orders at once; the
 * row lock that UPDATE takes also serialises the once-per-customer check on `coupon_uses`. A use
 * is the money one invoice gave away (the order's, or a renewal's for a coupon of every payment);
 * `coupon_subscriptions` says which subscriptions an every-payment coupon keeps discounting.
 */
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
