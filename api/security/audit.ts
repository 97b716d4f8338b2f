import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.ts';
import { auditLog, users } from '../db/schema.ts';

/**
 * The audit log (API.md section 13): written with `recordAudit` inside the transaction of the
 * change it records, so an entry exists exactly when the change committed. The table refuses
 * UPDATE, DELETE and TRUNCATE (migration 0018), so nothing can rewrite it.
 */
export const AUDIT_ACTIONS = [
  'auth.signIn',
  'auth.signInFailed',
  'auth.secondFactorFailed',
  'twoFactor.setup',
  'twoFactor.enabled',
  'twoFactor.disabled',
  'twoFactor.recoveryCodeUsed',
  'session.ended',
  'invoice.markPaid',
  'ticket.reply',
  'ticket.status',
  'outbox.resend',
  'booking.cancel',
  'chat.close',
  'billing.run',
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
    .leftJoin(users, eq(users.id, auditLog.actorId))
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
