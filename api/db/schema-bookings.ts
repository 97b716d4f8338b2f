/**
 * Consultations and contact (issue 7): booked slots, survey answers, contact tickets and the
 * staff's live-chat availability. Conventions as in schema.ts.
 *
 * Double booking is impossible by construction: `bookings_start_time_key` is a UNIQUE index on
 * the slot start, so of any number of concurrent inserts for one slot exactly one commits and the
 * others fail with SQLSTATE 23505 (mapped to `409 SLOT_TAKEN`).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { users } from './schema-users.ts';

/**
 * The account that was signed in when the record was made (null: made without signing in). Such
 * a record is its maker's even before the account's address is proven (person-records.ts).
 */
export const madeByUser = () =>
  uuid('user_id').references(() => users.id, { onDelete: 'set null' });

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    lang: text('lang').$type<'nl' | 'en'>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    videoCallUrl: text('video_call_url').notNull(),
    /** sha256 of the visitor's manage token (issue 15); null for bookings made before it */
    manageTokenHash: text('manage_token_hash'),
    /** iCalendar SEQUENCE: raised on every reschedule */
    sequence: integer('sequence').notNull().default(0),
    userId: madeByUser(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bookings_start_time_key').on(t.startTime),
    uniqueIndex('bookings_manage_token_hash_key').on(t.manageTokenHash),
    index('bookings_email_idx').on(t.email),
    check('bookings_lang_check', sql`${t.lang} in ('nl', 'en')`),
    check('bookings_end_after_start_check', sql`${t.endTime} > ${t.startTime}`),
  ],
);

export const consultationSurveys = pgTable(
  'consultation_surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** as sent by the confirmation page; not a foreign key (the survey never fails) */
    bookingId: text('booking_id'),
    priority: text('priority').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'consultation_surveys_priority_check',
      sql`${t.priority} in ('', 'increaseSales', 'improveRetention', 'optimizeOperations', 'other')`,
    ),
    index('consultation_surveys_booking_id_idx').on(t.bookingId),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** '' when the visitor chose none */
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    lang: text('lang').$type<'nl' | 'en'>().notNull(),
    /** open, answered (staff replied, issue 15) or closed */
    status: text('status').$type<'open' | 'answered' | 'closed'>().notNull().default('open'),
    userId: madeByUser(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'tickets_subject_check',
      sql`${t.subject} in ('', 'general', 'support', 'collaboration', 'upgrade')`,
    ),
    check('tickets_status_check', sql`${t.status} in ('open', 'answered', 'closed')`),
    index('tickets_email_idx').on(t.email),
    check('tickets_lang_check', sql`${t.lang} in ('nl', 'en')`),
    index('tickets_created_at_idx').on(t.createdAt),
  ],
);

/** One row per staff member who said they are (not) available for live chat. */
export const chatAvailability = pgTable('chat_availability', {
  staffId: text('staff_id').primaryKey(),
  available: boolean('available').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
