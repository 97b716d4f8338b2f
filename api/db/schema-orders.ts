/**
 * Orders, invoices, subscriptions and payments (issue 5). Money in integer cents; calendar days
 * (`date`) are Europe/Amsterdam days as `YYYY-MM-DD` strings. Every write happens in one
 * transaction with the order (see api/orders/checkout.routes.ts).
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
import type { SmartLeadFormAnswers } from '#domain/smart-answers.ts';
import type { VatCategory } from '#domain/vat.ts';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './schema-users.ts';

const cents = (name: string) => integer(name).notNull();

/** The customer details given at checkout; updated by a later order of the same account. */
export const customerProfiles = pgTable(
  'customer_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    company: text('company').notNull().default(''),
    address1: text('address1').notNull(),
    postalcode: text('postalcode').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull().default(''),
    country: text('country').notNull(),
    phone: text('phone').notNull().default(''),
    kvk: text('kvk').notNull().default(''),
    vat: text('vat').notNull().default(''),
    lang: text('lang').$type<'nl' | 'en'>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('customer_profiles_country_check', sql`${t.country} in ('NL', 'BE')`)],
);

export const viesStatuses = ['valid', 'unknown'] as const;
export type ViesStatus = (typeof viesStatuses)[number];

export const orderStatuses = ['open', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').$type<OrderStatus>().notNull().default('open'),
    interval: text('interval').$type<'monthly' | 'yearly'>().notNull(),
    currency: text('currency').notNull().default('EUR'),
    lang: text('lang').$type<'nl' | 'en'>().notNull(),
    domainName: text('domain_name'),
    domainType: text('domain_type').notNull(),
    paymentMethod: text('payment_method').notNull(),
    oneTime: cents('one_time'),
    monthly: cents('monthly'),
    yearly: cents('yearly'),
    vatRate: integer('vat_rate').notNull(),
    vat: cents('vat'),
    dueToday: cents('due_today'),
    /** What the customer answered in the planner, the quiz or the lead form before ordering. */
    smartLeadFormAnswers: jsonb('smart_lead_form_answers').$type<SmartLeadFormAnswers>(),
    /** The VAT number the order was placed with (issue 43), and VIES's answer on it. */
    vatNumber: text('vat_number'),
    /** `valid`: VIES confirmed it; `unknown`: VIES could not be asked, staff check it by hand. */
    viesStatus: text('vies_status').$type<ViesStatus>(),
    viesCheckedAt: timestamp('vies_checked_at', { withTimezone: true }),
    viesRequestId: text('vies_request_id'),
    viesName: text('vies_name'),

    /**
     * The consumer asked at checkout for work to start within the 14-day withdrawal period
     * (issue 42): a withdrawal then keeps the days of subscriptions used (domain/withdrawal.ts).
     */
    startNow: boolean('start_now').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in ('open', 'paid', 'cancelled')`),
    check('orders_vies_status_check', sql`${t.viesStatus} in ('valid', 'unknown')`),
    check('orders_interval_check', sql`${t.interval} in ('monthly', 'yearly')`),
    index('orders_user_id_idx').on(t.userId),
    index('orders_created_at_idx').on(t.createdAt),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** plan id, or domain_external / domain_none / consultation */
    planId: text('plan_id').notNull(),
    productId: integer('product_id'),
    kind: text('kind').notNull(),
    displayName: text('display_name').notNull(),
    billing: text('billing').notNull(),
    price: cents('price'),
    domainName: text('domain_name'),
  },
  (t) => [
    uniqueIndex('order_lines_order_position_key').on(t.orderId, t.position),
    index('order_lines_domain_name_idx').on(t.domainName),
  ],
);

/** The numbered document series: invoices `YYYY-NNNN`, credit notes `CN-YYYY-NNNN` (issue 42). */
export const documentSeries = ['invoice', 'credit-note'] as const;
export type DocumentSeries = (typeof documentSeries)[number];

/** One row per series and calendar year: the last sequence number handed out. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').$type<DocumentSeries>().notNull().default('invoice'),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [
    primaryKey({ name: 'invoice_counters_pkey', columns: [t.series, t.year] }),
    check('invoice_counters_series_check', sql`${t.series} in ('invoice', 'credit-note')`),
  ],
);

export type InvoiceParty = {
  name: string;
  company?: string;
  lines: string[];
  email?: string;
  kvk?: string;
  vat?: string;
};
export type InvoiceLine = {
  description: string;
  billing: string;
  amount: number;
  /**
   * A monthly line that bills several months at once (the first invoice with yearly billing: 12):
   * how many. Absent when it bills one month.
   */
  months?: number;
  /** The VAT rule's category and rate of the line (issue 43; absent on older invoices). */
  vatCategory?: VatCategory;
  vatRate?: number;
  /** Renewal lines (the billing job): the subscription and the period billed, inclusive days. */
  subscriptionId?: string;
  periodStart?: string;
  periodEnd?: string;
};

/** `credited`: an open invoice credited in full (issue 42) is no longer due. */
export const invoiceStatuses = ['open', 'paid', 'credited'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/**
 * Issued invoices. Everything but `status`/`paid_at` is written once, at issue, and never changed
 * (a database trigger refuses it); corrections would be credit notes.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    lang: text('lang').$type<'nl' | 'en'>().notNull(),
    currency: text('currency').notNull().default('EUR'),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    subtotal: cents('subtotal'),
    vatRate: integer('vat_rate').notNull(),
    vat: cents('vat'),
    total: cents('total'),
    /** The VAT rule's verdict (domain/vat.ts, issue 43): S 21%, E the KOR, AE reverse charge. */
    vatCategory: text('vat_category').$type<VatCategory>().notNull().default('E'),
    /** The country whose VAT this is: NL, or the customer's under OSS (and reverse charge). */
    taxCountry: text('tax_country').notNull().default('NL'),
    buyerCountry: text('buyer_country').notNull().default('NL'),
    /** The buyer's VAT number on a reverse-charged invoice. */
    buyerVat: text('buyer_vat'),
    status: text('status').$type<InvoiceStatus>().notNull().default('open'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_year_sequence_key').on(t.year, t.sequence),
    index('invoices_user_id_idx').on(t.userId),
    index('invoices_order_id_idx').on(t.orderId),
    index('invoices_issue_date_idx').on(t.issueDate),
    check('invoices_status_check', sql`${t.status} in ('open', 'paid', 'credited')`),
    check('invoices_vat_category_check', sql`${t.vatCategory} in ('S', 'E', 'AE')`),
  ],
);

export const subscriptionStatuses = ['pending', 'active', 'cancelled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * What renews: monthly plans run a 12-month term (`term_end`); yearly plans and domains renew a
 * year on. `next_payment_date` is the first renewal as the order quoted it (the billing schedule's
 * period 1); the next invoice day after that is computed from `billing_periods` with the same
 * schedule (domain/subscriptions.ts `nextInvoiceOn`, decision P11). `pending` until the first
 * invoice is paid.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    productId: integer('product_id'),
    displayName: text('display_name').notNull(),
    billing: text('billing').$type<'monthly' | 'yearly'>().notNull(),
    price: cents('price'),
    domainName: text('domain_name'),
    status: text('status').$type<SubscriptionStatus>().notNull().default('pending'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    nextPaymentDate: date('next_payment_date', { mode: 'string' }).notNull(),
    termEnd: date('term_end', { mode: 'string' }),
    /**
     * Set when the customer cancels (issue 15, domain/subscriptions.ts): the subscription stops at
     * the start of this day and no billing period starting on or after it is invoiced. The status
     * the API shows (active, cancelling, ended) follows from it and the day.
     */
    endsOn: date('ends_on', { mode: 'string' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('subscriptions_billing_check', sql`${t.billing} in ('monthly', 'yearly')`),
    check('subscriptions_status_check', sql`${t.status} in ('pending', 'active', 'cancelled')`),
    index('subscriptions_user_id_idx').on(t.userId),
    index('subscriptions_order_id_idx').on(t.orderId),
  ],
);

export const paymentStatuses = [
  'open',
  'pending',
  'authorized',
  'paid',
  'canceled',
  'expired',
  'failed',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    provider: text('provider').$type<'banktransfer' | 'mollie'>().notNull(),
    /** Mollie's `tr_...`; null for bank transfers */
    providerPaymentId: text('provider_payment_id'),
    method: text('method').notNull(),
    amount: cents('amount'),
    status: text('status').$type<PaymentStatus>().notNull().default('open'),
    checkoutUrl: text('checkout_url'),
    /** staff user who marked a bank transfer as received */
    markedPaidBy: uuid('marked_paid_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_id_key').on(t.providerPaymentId),
    index('payments_invoice_id_idx').on(t.invoiceId),
    check('payments_provider_check', sql`${t.provider} in ('banktransfer', 'mollie')`),
    check(
      'payments_status_check',
      sql`${t.status} in ('open', 'pending', 'authorized', 'paid', 'canceled', 'expired', 'failed')`,
    ),
  ],
);
