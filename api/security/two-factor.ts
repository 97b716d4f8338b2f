import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.ts';
import { recoveryCodes, twoFactorSecrets, twoFactorUsedSteps } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { matchingTotpStep } from './totp.ts';
import { hashToken } from './tokens.ts';

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
  return hashToken(normal);
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

/**
 * A new secret for the account, not yet active (set up again while not enabled: replaced);
 * `409 TWO_FACTOR_ENABLED` when the account already has an active one.
 */
export async function setUpSecret(tx: Tx, userId: string, secret: string): Promise<void> {
  const [existing] = await tx
    .select({ enabledAt: twoFactorSecrets.enabledAt })
    .from(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, userId))
    .for('update');
  if (existing?.enabledAt) throw new ApiError('TWO_FACTOR_ENABLED');
  await tx
    .insert(twoFactorSecrets)
    .values({ userId, secret, enabledAt: null })
    .onConflictDoUpdate({ target: twoFactorSecrets.userId, set: { secret } });
}

/**
 * Turns the set-up secret on with a TOTP code from the phone (only such a code proves the phone
 * has the secret) and stores the recovery codes' hashes in place of any earlier ones. `wrong` for
 * a wrong code; no secret set up is `INVALID_CODE`, an active one `TWO_FACTOR_ENABLED`.
 */
export async function enableSecret(
  tx: Tx,
  userId: string,
  code: string,
  at: Date,
  codes: readonly string[],
): Promise<'ok' | 'wrong'> {
  const [row] = await tx
    .select()
    .from(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, userId))
    .for('update');
  if (!row) throw new ApiError('INVALID_CODE');
  if (row.enabledAt) throw new ApiError('TWO_FACTOR_ENABLED');
  if ((await spendCode(tx, userId, row.secret, code, at)) !== 'totp') return 'wrong';
  await tx
    .update(twoFactorSecrets)
    .set({ enabledAt: at })
    .where(eq(twoFactorSecrets.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((value) => ({ userId, codeHash: recoveryCodeHash(value) })));
  return 'ok';
}

/** Turns the second factor off with a code (TOTP or recovery): its secret and codes go. */
export async function disableSecret(
  tx: Tx,
  userId: string,
  code: string,
  at: Date,
): Promise<'ok' | 'wrong' | 'none'> {
  const secret = await activeSecret(tx, userId);
  if (!secret) return 'none';
  if (!(await spendCode(tx, userId, secret, code, at))) return 'wrong';
  await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(twoFactorUsedSteps).where(eq(twoFactorUsedSteps.userId, userId));
  return 'ok';
}
