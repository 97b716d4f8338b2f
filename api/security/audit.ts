import { and, asc, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db, Tx } from '../db/database.ts';
import type { RateLimits } from '../http/rate-limit.ts';
import { auditLog, users } from '../db/schema.ts';

/**
 * The audit log (API.md section 13): written with `recordAudit` inside the transaction of the
 * change it records, so an entry exists exactly when the change committed. The table refuses
 * UPDATE, DELETE and TRUNCATE (migration 0018), so nothing can rewrite it.
 */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'second_factor_failed',
  'two_factor_setup',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_code_used',
  'session_ended',
  'invoice_mark_paid',
  'ticket_reply',
  'ticket_status',
  'outbox_resend',
  'booking_cancel',
  'chat_close',
  'billing_run',

  'invoice_credit',
  'refund_marked',
  'coupon_created',
  'coupon_disabled',
  'domain_retry',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  /** who acted: an account id and address, or nobody (a failed sign-in of an unknown) */
  actor: { id: string | null; email: string | null };
  action: AuditAction;
  /** what it was done to (an invoice number, a ticket id, an account address, ...) */
  target?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor.id,
    actor: entry.actor.email,
    action: entry.action,
    target: entry.target ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? null,
  });
}

export interface AuditPage {
  entries: {
    id: number;
    at: string;
    actor: string | null;
    action: string;
    target: string | null;
    ip: string | null;
  }[];
}

/** Newest first; `before` an entry id (the previous page's last), `action` one kind only. */
export async function readAudit(
  db: Db,
  query: { before?: number | undefined; limit: number; action?: string | undefined },
): Promise<AuditPage> {
  const conditions: SQL[] = [];
  if (query.before !== undefined) conditions.push(lt(auditLog.id, query.before));
  if (query.action !== undefined) conditions.push(eq(auditLog.action, query.action));
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actor: auditLog.actor,
      actorEmail: users.email,
      action: auditLog.action,
      target: auditLog.target,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .leftJoin(users, sql`${users.id}::text = ${auditLog.actorId}`)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(query.limit);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor ?? row.actorEmail,
      action: row.action,
      target: row.target,
      ip: row.ip,
    })),
  };
}

/**
 * A staff action that changed something, in the change's transaction: who (the signed-in staff
 * member), what, to what, and from which client address (as the rate limits see it).
 */
export function recordStaffAction(
  tx: Tx,
  c: Context,
  who: { id: string; email: string },
  action: AuditAction,
  target: string,
  options: {
    rateLimits?: Pick<RateLimits, 'address'> | undefined;
    details?: Record<string, unknown>;
  } = {},
): Promise<void> {
  return recordAudit(tx, {
    actor: { id: who.id, email: who.email },
    action,
    target,
    ip: options.rateLimits?.address(c) ?? null,
    ...(options.details ? { details: options.details } : {}),
  });
}

/**
 * The entries about one person, oldest first, for their data export (GDPR art. 15): what they did
 * (as actor) and what was done to their account (as target). The entries themselves stay when the
 * account is erased: the log is append-only and kept as the security record (decision D45C-1).
 */
export async function auditEntriesAbout(
  db: Db | Tx,
  person: { userId: string; email: string },
): Promise<
  { at: string; action: string; actor: string | null; target: string | null; ip: string | null }[]
> {
  const rows = await db
    .select({
      at: auditLog.at,
      action: auditLog.action,
      actor: auditLog.actor,
      target: auditLog.target,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .where(or(eq(auditLog.actorId, person.userId), eq(auditLog.target, person.email)))
    .orderBy(asc(auditLog.id));
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
