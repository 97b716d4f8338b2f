import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Tx } from '../db/database.ts';
import type { emailVerificationTokens, passwordResetTokens } from '../db/schema.ts';
import { hashToken, newToken } from '../security/tokens.ts';

/**
 * The single-use tokens of mailed links (email verification, password reset): each table keeps a
 * token's SHA-256 with its account, when it expires and when it was used. A new link does not
 * revoke an older one; using one is checked and done in one statement, so of two concurrent uses
 * one wins.
 */

export type LinkTokenTable = typeof emailVerificationTokens | typeof passwordResetTokens;

/** The two tables have the same columns; Drizzle's builders take one table type at a time. */
const columns = (table: LinkTokenTable) => table as typeof emailVerificationTokens;

/**
 * A new token for the account, valid `ttlMs` from `at`, in the caller's transaction. Expired and
 * used links of the account go, so the table stays small.
 */
export async function issueLinkToken(
  tx: Tx,
  table: LinkTokenTable,
  input: { userId: string; at: Date; ttlMs: number },
): Promise<string> {
  const t = columns(table);
  const token = newToken();
  await tx
    .delete(t)
    .where(and(eq(t.userId, input.userId), or(lt(t.expiresAt, input.at), isNotNull(t.usedAt))));
  await tx.insert(t).values({
    userId: input.userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(input.at.getTime() + input.ttlMs),
  });
  return token;
}

/** Uses the token: its account's id, or null for an unknown, used or expired token. */
export async function useLinkToken(
  tx: Tx,
  table: LinkTokenTable,
  token: string,
  at: Date,
): Promise<string | null> {
  const t = columns(table);
  const [used] = await tx
    .update(t)
    .set({ usedAt: at })
    .where(and(eq(t.tokenHash, hashToken(token)), isNull(t.usedAt), gt(t.expiresAt, at)))
    .returning({ userId: t.userId });
  return used?.userId ?? null;
}

/** Uses up every link of the account still unused: nothing is left to guess. */
export async function useUpLinkTokens(
  tx: Tx,
  table: LinkTokenTable,
  userId: string,
  at: Date,
): Promise<void> {
  const t = columns(table);
  await tx
    .update(t)
    .set({ usedAt: at })
    .where(and(eq(t.userId, userId), isNull(t.usedAt)));
}
