import { and, eq, gt, ne } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.ts';
import { sessions, users } from '../db/schema.ts';

/**
 * An account's sign-in facts as the routers of accounts and security need them: the account of an
 * address, its stored password hash, a new password (which ends every session) and the ending of
 * sessions.
 */

export type AccountRow = typeof users.$inferSelect;

/** The account of an address (stored lowercased), or null. */
export async function accountByEmail(db: Db | Tx, email: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** Whether an account has this address. */
export async function accountExists(db: Db | Tx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row !== undefined;
}

/** The account's password hash (null: none set, or no such account). */
export async function storedPasswordHash(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row?.hash ?? null;
}

/** The account's address, name and whether the address is proven, or null. */
export async function accountAddress(
  db: Db | Tx,
  userId: string,
): Promise<{ email: string; name: string; verifiedAt: Date | null } | null> {
  const [row] = await db
    .select({ email: users.email, name: users.name, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Ends the account's sessions, all of them or all but `except` (this request's), inside the
 * caller's transaction.
 */
export async function endSessions(
  tx: Tx,
  userId: string,
  except: string | null = null,
): Promise<void> {
  await tx
    .delete(sessions)
    .where(
      except
        ? and(eq(sessions.userId, userId), ne(sessions.id, except))
        : eq(sessions.userId, userId),
    );
}

/** A new password for the account: every session of it ends (a stolen one too). */
export async function replacePassword(tx: Tx, userId: string, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await endSessions(tx, userId);
}

export type SessionRow = typeof sessions.$inferSelect;

/** The account's sessions that have not expired, oldest first. */
export async function liveSessions(db: Db | Tx, userId: string, at: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, at)))
    .orderBy(sessions.createdAt);
}

/** Ends one session of the account (its id is the token's hash); false when it has none such. */
export async function endSession(tx: Tx, userId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}
