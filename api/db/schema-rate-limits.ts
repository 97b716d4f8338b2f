/**
 * Rate limits (issue 11/17): one fixed-window counter per rule and subject, shared by every app
 * server on the database (API.md section 9). A row is upserted atomically on each counted
 * attempt; rows whose window has passed are pruned (api/http/rate-limit.ts).
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimits = pgTable(
  'rate_limits',
  {
    /** `<rule>:<subject>`, e.g. `login.email:ann@example.nl` or `contact:192.0.2.7` */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** end of the window: the row means nothing after it */
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
