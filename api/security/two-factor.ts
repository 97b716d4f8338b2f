import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.ts';
import { recoveryCodes, twoFactorSecrets, twoFactorUsedSteps } from '../db/schema.ts';
import { matchingTotpStep } from './totp.ts';

/** How many recovery codes an account gets when it turns the second factor on. */
export const RECOVERY_CODE_COUNT = 10;

/** A recovery code: 10 letters and digits from a 32-sign alphabet (50 bits), as `xxxxx-xxxxx`. */
export function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i
  const bytes = randomBytes(10);
  let code = '';
  for (const byte of bytes) code += alphabet[byte % alphabet.length];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The form a recovery code is hashed in: lowercase, without spaces and dashes. */
export function recoveryCodeHash(code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normal).digest('hex');
}

/** The active secret of an account, or null (none, or set up but not confirmed). */
export async function activeSecret(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ secret: twoFactorSecrets.secret })
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.enabledAt)))
    .limit(1);
  return row?.secret ?? null;
}

/**
 * Spends `code` for the account, in the caller's transaction: a TOTP code of a step not used
 * before (the step is recorded; the primary key makes a second server's attempt at the same step
 * find it taken), or an unused recovery code (marked used). What it was, or null.
 */
export async function spendCode(
  tx: Tx,
  userId: string,
  secret: string,
  code: string,
  at: Date,
): Promise<'totp' | 'recovery' | null> {
  const trimmed = code.replace(/\s/g, '');
  const step = matchingTotpStep(secret, trimmed, at);
  if (step !== null) {
    const inserted = await tx
      .insert(twoFactorUsedSteps)
      .values({ userId, step })
      .onConflictDoNothing()
      .returning({ step: twoFactorUsedSteps.step });
    return inserted.length > 0 ? 'totp' : null;
  }
  if (/^\d+$/.test(trimmed)) return null;
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(trimmed)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0 ? 'recovery' : null;
}
