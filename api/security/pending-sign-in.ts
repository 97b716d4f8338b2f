import { and, eq, gt, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import type { Database, Db, Tx } from '../db/database.ts';
import { pendingSignIns, users } from '../db/schema.ts';
import { hashToken, newToken } from './tokens.ts';
import { activeSecret } from './two-factor.ts';

/**
 * A sign-in waiting for its second factor (API.md section 13): after a right password, an account
 * with a second factor gets a row here and an HttpOnly cookie holding its token (the row's id is
 * the token's SHA-256) instead of a session; `POST /api/auth/login/2fa` finishes it with a code.
 */

/** The cookie of a sign-in waiting for its second factor (the token's sha256 is the row id). */
export const PENDING_COOKIE = 'sid2fa';
/** How long a right password waits for its code. */
export const PENDING_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * After a right password: an account with a second factor gets a pending sign-in (a row and an
 * HttpOnly cookie for this browser) instead of a session. True when one was made.
 */
export async function beginSecondFactor(
  c: Context,
  options: { database: Database; now: () => Date; secureCookies: boolean },
  userId: string,
): Promise<boolean> {
  const { database, now } = options;
  const secret = await database.read((db) => activeSecret(db, userId));
  if (!secret) return false;
  const token = newToken();
  const at = now();
  await database.write(async (tx) => {
    // The account's expired pending sign-ins go, so the table does not grow.
    await tx
      .delete(pendingSignIns)
      .where(and(eq(pendingSignIns.userId, userId), lt(pendingSignIns.expiresAt, at)));
    await tx.insert(pendingSignIns).values({
      id: hashToken(token),
      userId,
      expiresAt: new Date(at.getTime() + PENDING_SIGN_IN_MS),
    });
  });
  setCookie(c, PENDING_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'Lax',
    secure: options.secureCookies,
    maxAge: PENDING_SIGN_IN_MS / 1000,
  });
  return true;
}

/** The account a pending sign-in's token waits for, or null (unknown or expired). */
export async function pendingSignIn(
  db: Db | Tx,
  token: string,
  at: Date,
): Promise<{
  userId: string;
  email: string;
  name: string;
  role: (typeof users.$inferSelect)['role'];
} | null> {
  const [row] = await db
    .select({
      userId: pendingSignIns.userId,
      email: users.email,
      name: users.name,
      role: users.role,
    })
    .from(pendingSignIns)
    .innerJoin(users, eq(users.id, pendingSignIns.userId))
    .where(and(eq(pendingSignIns.id, hashToken(token)), gt(pendingSignIns.expiresAt, at)))
    .limit(1);
  return row ?? null;
}

/** Uses up the pending sign-in; false when another request finished it first. */
export async function finishPendingSignIn(tx: Tx, token: string): Promise<boolean> {
  const deleted = await tx
    .delete(pendingSignIns)
    .where(eq(pendingSignIns.id, hashToken(token)))
    .returning({ id: pendingSignIns.id });
  return deleted.length > 0;
}
