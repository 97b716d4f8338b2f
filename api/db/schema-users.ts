/**
 * The people who sign in (staff and clients) and their sessions; most other tables point here.
 * Conventions: api/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const userRoles = ['staff', 'client'] as const;
export type UserRole = (typeof userRoles)[number];

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** always stored lowercased (enforced by a CHECK constraint) */
    email: text('email').notNull(),
    /** null: no password set yet (e.g. a client created at checkout) */
    passwordHash: text('password_hash'),
    name: text('name').notNull().default(''),
    role: text('role').$type<UserRole>().notNull(),
    /**
     * When the owner proved the address (the mailed link, or a password reset through it; staff
     * from STAFF_EMAIL). Until then, records made with this address by someone who was not signed
     * in stay out of the account (API.md section 13, api/accounts/person-records.ts).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lowercase_check', sql`${t.email} = lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('staff', 'client')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** hex sha256 of the session token; the token itself is only in the cookie */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** the browser's User-Agent when the session was made (first 200 characters) */
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);
