import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  TOKEN_PATTERN,
} from '#domain/account.schema.ts';
import type { Lang } from '#domain/language.ts';
import { resetPasswordLink } from '#domain/links.ts';
import type { Database } from '../db/database.ts';
import { passwordResetTokens, sessions, users } from '../db/schema.ts';
import { ApiError, validateJson } from '../http/errors.ts';
import { requestLang } from '../http/language.ts';
import { t } from '../i18n.ts';
import { markEmailVerified } from './email-verification.ts';
import type { Mailer } from '../mail/mail.ts';
import { hashPassword } from './passwords.ts';
import { RATE_LIMITS, rateCounter, type RateCounter, type RateLimits } from '../http/rate-limit.ts';

/** A reset link is valid this long. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Reset mails per address asked for, and requests per network address, per hour. */
export const RESET_LIMITS = {
  perEmail: RATE_LIMITS.passwordResetPerEmail.limit,
  perAddress: RATE_LIMITS.passwordReset.limit,
};
/** Wrong or used tokens per network address in 15 minutes (no guessing). */
export const RESET_CONFIRM_LIMIT = { perAddress: RATE_LIMITS.passwordResetConfirm.limit };

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function resetMail(name: string, link: string, lang: Lang) {
  return {
    subject: t(lang, 'mail.passwordReset.subject'),
    text: [
      name ? t(lang, 'mail.common.hello', { name }) : t(lang, 'mail.common.helloNoName'),
      '',
      t(lang, 'mail.passwordReset.intro'),
      link,
      '',
      t(lang, 'mail.passwordReset.validity'),
    ].join('\n'),
  };
}

function refuse(retryAfter: number): never {
  throw new ApiError('RATE_LIMITED', { headers: { 'Retry-After': String(retryAfter) } });
}

/**
 * POST /api/auth/password-reset and POST /api/auth/password-reset/confirm (API.md section 6).
 * The answer to a request is the same 202 whether or not the address has an account; only an
 * account gets a mail. Tokens are 32 random bytes, stored as their sha256, single use, valid one
 * hour; a new request does not revoke an older link (both stay valid until used or expired), a
 * successful reset uses up every link of the account and ends every session.
 */
export function passwordResetRoutes(options: {
  database: Database;
  mailer?: Mailer | undefined;
  now: () => Date;
  publicUrl: string;
  rateLimits: RateLimits;
  limiters?: { email?: RateCounter; address?: RateCounter; confirm?: RateCounter };
}) {
  const { database, mailer, now } = options;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  // In the database, so the counts hold across app servers.
  const emailLimiter =
    options.limiters?.email ?? rateCounter(options.rateLimits, RATE_LIMITS.passwordResetPerEmail);
  const addressLimiter =
    options.limiters?.address ?? rateCounter(options.rateLimits, RATE_LIMITS.passwordReset);
  const confirmLimiter =
    options.limiters?.confirm ?? rateCounter(options.rateLimits, RATE_LIMITS.passwordResetConfirm);
  const clientAddress = (c: Parameters<RateLimits['address']>[0]) => options.rateLimits.address(c);

  return new Hono()
    .post('/auth/password-reset', validateJson(passwordResetRequestSchema), async (c) => {
      const { email } = c.req.valid('json');
      const address = clientAddress(c);
      const blocked = Math.max(
        await emailLimiter.check(email),
        await addressLimiter.check(address),
      );
      if (blocked > 0) refuse(blocked);
      await emailLimiter.hit(email);
      await addressLimiter.hit(address);
      const lang = requestLang(c);
      const at = now();
      await database.write(async (tx) => {
        const [user] = await tx
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(eq(users.email, email))
          .limit(1);
        if (!user) return;
        const token = randomBytes(32).toString('base64url');
        // Expired and used links of this account go, so the table stays small.
        await tx
          .delete(passwordResetTokens)
          .where(
            and(
              eq(passwordResetTokens.userId, user.id),
              or(lt(passwordResetTokens.expiresAt, at), isNotNull(passwordResetTokens.usedAt)),
            ),
          );
        await tx.insert(passwordResetTokens).values({
          userId: user.id,
          tokenHash: hashResetToken(token),
          expiresAt: new Date(at.getTime() + RESET_TOKEN_TTL_MS),
        });
        await mailer?.send(
          {
            to: email,
            ...resetMail(user.name, `${publicUrl}${resetPasswordLink(token, lang)}`, lang),
            kind: 'password-reset',
            lang,
          },
          tx,
        );
      });
      return c.json({ ok: true }, 202);
    })
    .post('/auth/password-reset/confirm', validateJson(passwordResetConfirmSchema), async (c) => {
      const { token, password } = c.req.valid('json');
      const address = clientAddress(c);
      const blocked = await confirmLimiter.check(address);
      if (blocked > 0) refuse(blocked);
      const invalid = async () => {
        await confirmLimiter.hit(address);
        return new ApiError('INVALID_TOKEN');
      };
      if (!TOKEN_PATTERN.test(token)) throw await invalid();
      const passwordHash = await hashPassword(password);
      const at = now();
      const userId = await database.write(async (tx) => {
        // Used up in the same statement that checks it: of two concurrent confirms, one wins.
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: at })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, hashResetToken(token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, at),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!used) return null;
        await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
        // The link reached the account's mailbox: the address is proven too (decision D38A-3).
        await markEmailVerified(tx, used.userId, at);
        // Every other link of the account is used up too, and every session ends.
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: at })
          .where(
            and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)),
          );
        await tx.delete(sessions).where(eq(sessions.userId, used.userId));
        return used.userId;
      });
      if (!userId) throw await invalid();
      return c.json({ ok: true });
    });
}
