/**
 * Database schema (Drizzle pg-core). Only PostgreSQL 15 features: the same generated SQL runs on
 * PGlite (PostgreSQL 18 inside) and on Debian's PostgreSQL 15 in CI.
 *
 * Conventions:
 * - every timestamp is `timestamp with time zone`, read as a JS Date;
 * - enumerations are `text` with a CHECK constraint (easy to extend in a migration, unlike enums);
 * - ids: `uuid` with the database default `gen_random_uuid()` (built in since PostgreSQL 13, and in
 *   PGlite), or an identity column for internal queues; never PostgreSQL 18-only `uuidv7()`.
 *
 * After changing this file run `npm run db:generate` and commit the new SQL in api/db/migrations.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export type MailAttachment = {
  filename: string;
  contentType: string;
  /** base64; empty when the bytes are read at delivery (`invoiceId`) */
  content: string;
  /** The stored PDF of this invoice, read at delivery (api/invoices/invoices.ts). */
  invoiceId?: string;
};

export const outboxStatuses = ['pending', 'sent', 'failed'] as const;
/**
 * Why a mail's last attempt failed: the mail server could not be reached (or timed out), refused
 * our sign-in, asked us to try later (4xx), refused the mail (5xx), an attachment was not ready,
 * or something else.
 */
export const mailFailures = [
  'unreachable',
  'auth',
  'deferred',
  'rejected',
  'attachment',
  'other',
] as const;
export type MailFailure = (typeof mailFailures)[number];
export type OutboxStatus = (typeof outboxStatuses)[number];

/** Every outgoing mail: kept here when no SMTP server is configured or a send fails. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    /** what the mail is about, e.g. 'order-confirmation' */
    kind: text('kind').notNull(),
    lang: text('lang').$type<'nl' | 'en'>().notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * Set by the app server that is delivering the mail right now (a lease), so two servers on
     * one database never send the same mail twice; a lease past its time is free again.
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /**
     * When a pending mail is tried next (null: now). Set after each failed attempt with a growing
     * back-off (api/mail/mail.ts), so the schedule survives a restart and every server keeps it.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The first failed attempt since the mail was queued or last resent; given up 5 days later. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** Why the last attempt failed, in one word staff read in their language (`MailFailure`). */
    failure: text('failure').$type<MailFailure>(),
  },
  (t) => [
    check('outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
    check('outbox_lang_check', sql`${t.lang} in ('nl', 'en')`),
    check(
      'outbox_failure_check',
      sql`${t.failure} in ('unreachable', 'auth', 'deferred', 'rejected', 'attachment', 'other')`,
    ),
    index('outbox_status_created_at_idx').on(t.status, t.createdAt),
    index('outbox_status_next_attempt_at_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** Replayed responses of POST requests that carried an Idempotency-Key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    /** e.g. the route and the session/user, so two clients cannot collide */
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.scope, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

export * from './schema-users.ts';
export * from './schema-leads.ts';
export * from './schema-bookings.ts';
export * from './schema-orders.ts';
export * from './schema-chat.ts';
export * from './schema-billing.ts';
export * from './schema-accounts.ts';
export * from './schema-money.ts';
export * from './schema-rate-limits.ts';
export * from './schema-blueprint.ts';
export * from './schema-security.ts';
export * from './schema-registrar.ts';

export * from './schema-withdrawals.ts';
