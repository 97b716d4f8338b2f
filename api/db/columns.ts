import { timestamp } from 'drizzle-orm/pg-core';

// Columns that many tables carry, in the conventions of schema.ts (every timestamp with time zone).
// Not a schema file: drizzle.config.ts reads schema.ts and schema-*.ts only.

/** When the row was written (the database's clock). */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed: the database's clock at insert, the server's at every update. */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
