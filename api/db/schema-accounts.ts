/**
 * Accounts and self-service (issue 15): password-reset tokens, the messages of a ticket (staff
 * replies by mail), and consultations that were cancelled. Conventions as in schema.ts.
 *
 * A cancelled booking leaves `bookings` (whose UNIQUE index on the start is what makes a slot
 * taken) and is kept here, so the slot is free again at once and the visitor's manage page and
 * the data export can still tell what happened to it.
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
import { madeByUser, tickets } from './schema-bookings.ts';
import { users } from './schema-users.ts';

/**
 * Links that prove an account's address (API.md section 13): only the sha256 of the token is
 * stored; single use, valid EMAIL_VERIFICATION_TTL_MS (api/accounts/email-verification.ts).
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** hex sha256 of the token; the token itself is only in the mailed link */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_verification_tokens_token_hash_key').on(t.tokenHash),
    index('email_verification_tokens_user_id_idx').on(t.userId),
  ],
);

/** Single-use password-reset links: only the sha256 of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** hex sha256 of the token; the token itself is only in the mailed link */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_id_idx').on(t.userId),
  ],
);

export const ticketMessageAuthors = ['customer', 'staff'] as const;

/** The conversation of a ticket after its first message (which stays on `tickets.message`). */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    author: text('author').$type<(typeof ticketMessageAuthors)[number]>().notNull(),
    /** the staff member who wrote a reply */
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** the mail that carried a staff reply */
    outboxId: integer('outbox_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('ticket_messages_author_check', sql`${t.author} in ('customer', 'staff')`),
    index('ticket_messages_ticket_id_idx').on(t.ticketId, t.createdAt),
  ],
);

/** Consultations that were cancelled by the visitor (manage link) or by staff. */
export const cancelledBookings = pgTable(
  'cancelled_bookings',
  {
    /** the booking's own id, so the calendar UID stays the same */
    id: uuid('id').primaryKey(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    lang: text('lang').$type<'nl' | 'en'>().notNull(),
    title: text('title').notNull(),
    manageTokenHash: text('manage_token_hash'),
    /** the SEQUENCE of the METHOD:CANCEL that was mailed */
    sequence: integer('sequence').notNull(),
    cancelledBy: text('cancelled_by').$type<'visitor' | 'staff'>().notNull(),
    /** the booking's maker, carried over from `bookings.user_id` */
    userId: madeByUser(),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cancelled_bookings_cancelled_by_check', sql`${t.cancelledBy} in ('visitor', 'staff')`),
    uniqueIndex('cancelled_bookings_manage_token_hash_key').on(t.manageTokenHash),
    index('cancelled_bookings_email_idx').on(t.email),
  ],
);
