import { Hono } from 'hono';
import {
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  TOKEN_PATTERN,
} from '#domain/account.schema.ts';
import type { Database } from '../db/database.ts';
import { ApiError, validateJson } from '../http/errors.ts';
import { requestLang } from '../http/language.ts';
import { resetPassword, sendPasswordReset } from './password-reset.ts';
import type { Mailer } from '../mail/mail.ts';
import { hashPassword } from './passwords.ts';
import { RATE_LIMITS, rateCounter, type RateCounter, type RateLimits } from '../http/rate-limit.ts';

/** Reset mails per address asked for, and requests per network address, per hour. */
export const RESET_LIMITS = {
  perEmail: RATE_LIMITS.passwordResetPerEmail.limit,
  perAddress: RATE_LIMITS.passwordReset.limit,
};
/** Wrong or used tokens per network address in 15 minutes (no guessing). */
export const RESET_CONFIRM_LIMIT = { perAddress: RATE_LIMITS.passwordResetConfirm.limit };

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
      await database.write((tx) => sendPasswordReset(tx, mailer, { email, lang, publicUrl, at }));
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
      const userId = await database.write((tx) => resetPassword(tx, token, passwordHash, at));
      if (!userId) throw await invalid();
      return c.json({ ok: true });
    });
}
