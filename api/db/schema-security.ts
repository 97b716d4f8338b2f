/**
 * Sign-in security (issue 45, API.md section 13): second factors (TOTP), their recovery codes and
 * used steps, sign-ins waiting for their second factor, and the append-only audit log. Conventions
 * as in schema.ts. Everything two app servers must agree on (a code used once, the wrong codes of a
 * pending sign-in) is here, not in memory.
 */
import {
  bigint,
  bigserial,
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
import { createdAt } from './columns.ts';
import { users } from './schema-users.ts';

/**
 * An account's TOTP secret: written by setup (`enabled_at` null: not yet active), active from the
 * code that confirms it. The secret is kept as the phone app has it (TOTP needs it to check codes).
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** TOTP steps an account has used: a code is accepted once, on whichever server. */
export const twoFactorUsedSteps = pgTable(
  'two_factor_used_steps',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: bigint('step', { mode: 'number' }).notNull(),
    usedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.step] })],
);

/** Single-use recovery codes: only their sha256 is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_id_code_hash_key').on(t.userId, t.codeHash)],
);

/**
 * A sign-in whose password was right, waiting for the second factor: bound to the browser by a
 * cookie whose token's sha256 is the id; counts its wrong codes.
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_sign_ins_user_id_idx').on(t.userId)],
);

/**
 * The audit log: append-only (a trigger refuses UPDATE and DELETE, as for issued invoices). No
 * foreign keys: an entry outlives the accounts it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * the id of the account that acted (null: nobody signed in, e.g. a failed sign-in); text, not a
     * foreign key: the entry outlives the account
     */
    actorId: text('actor_id'),
    /** the address the actor gave or had at the time */
    actor: text('actor'),
    action: text('action').notNull(),
    target: text('target'),
    ip: text('ip'),
    details: jsonb('details'),
  },
  (t) => [index('audit_log_action_idx').on(t.action, t.id)],
);
