/**
 * Domains at the registrar (issue 44, API.md section 12). One `domains` row per order with a
 * domain to register or transfer; its life (`status`) moves on through `domain_operations`, the
 * durable jobs that talk to the registrar: each is claimed by one server at a time (a lease in
 * `claimed_until`), retried with back-off, and exists once per domain (register, transfer) or once
 * per paid renewal invoice (renew), so a repeated webhook or a second server never doubles a step.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { domainStatusValues } from '#domain/nameservers.ts';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './schema-users.ts';
import { invoices, orders } from './schema-orders.ts';

/** The statuses of API.md section 12, and `cancelled` (withdrawn before the registrar was asked). */
export const domainStatuses = [...domainStatusValues, 'cancelled'] as const;
export type DomainStatus = (typeof domainStatuses)[number];
export type DomainKind = 'register' | 'transfer';

export const domains = pgTable(
  'domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** ASCII (punycode) form, lower case. */
    name: text('name').notNull(),
    kind: text('kind').$type<DomainKind>().notNull(),
    status: text('status').$type<DomainStatus>().notNull().default('pending'),
    /** The transfer code; never shown back, never logged. */
    authCode: text('auth_code'),
    /** Chosen by the customer; empty: the configured DOMAIN_NAMESERVERS (or the registrar's). */
    nameservers: jsonb('nameservers').$type<string[]>().notNull().default([]),
    expiresOn: date('expires_on', { mode: 'string' }),
    /** The registrar's id of the domain (Openprovider's domain id). */
    registrarId: bigint('registrar_id', { mode: 'number' }),
    /** The registrar's last word (an error or a note), for staff. */
    lastMessage: text('last_message'),
    /** When the customer was asked for the transfer code (once, by the domain jobs). */
    authCodeMailedAt: timestamp('auth_code_mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('domains_order_id_key').on(t.orderId),
    index('domains_user_id_idx').on(t.userId),
    index('domains_name_idx').on(t.name),
    check('domains_kind_check', sql`${t.kind} in ('register', 'transfer')`),
    check(
      'domains_status_check',
      sql`${t.status} in ('pending', 'registering', 'transferring', 'awaitingAuthCode', 'active', 'failed', 'cancelled')`,
    ),
  ],
);

export type DomainOperationKind = 'register' | 'transfer' | 'renew';
export type DomainOperationStatus = 'queued' | 'done' | 'failed' | 'cancelled';

export const domainOperations = pgTable(
  'domain_operations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    domainId: uuid('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DomainOperationKind>().notNull(),
    /** The paid renewal invoice (renew only). */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    status: text('status').$type<DomainOperationStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A server works on it until then; after that (a crash) another may take it. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('domain_operations_once_key')
      .on(t.domainId, t.kind)
      .where(sql`${t.kind} in ('register', 'transfer')`),
    uniqueIndex('domain_operations_renewal_key')
      .on(t.domainId, t.invoiceId)
      .where(sql`${t.invoiceId} is not null`),
    index('domain_operations_due_idx').on(t.status, t.nextAttemptAt),
    check('domain_operations_kind_check', sql`${t.kind} in ('register', 'transfer', 'renew')`),
    check(
      'domain_operations_status_check',
      sql`${t.status} in ('queued', 'done', 'failed', 'cancelled')`,
    ),
  ],
);

/** The customer's contact handle at the registrar: made once from the order's details, reused. */
export const registrarCustomers = pgTable('registrar_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  registrar: text('registrar').notNull(),
  handle: text('handle').notNull(),
  createdAt: createdAt(),
});
