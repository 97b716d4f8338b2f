import { Hono } from 'hono';
import { emailVerificationSchema, TOKEN_PATTERN } from '#domain/account.schema.ts';
import type { Database } from '../db/database.ts';
import { requireUser, type CurrentUser } from '../http/auth.ts';
import { ApiError, validateJson } from '../http/errors.ts';
import { requestLang } from '../http/language.ts';
import { sendEmailVerification, verifyEmailToken } from './email-verification.ts';
import { accountAddress } from './credentials.ts';
import type { Mailer } from '../mail/mail.ts';
import { RATE_LIMITS, rateCounter, rateLimitedError, type RateLimits } from '../http/rate-limit.ts';

/**
 * Proving an account's address (API.md section 13; api/accounts/email-verification.ts):
 * - `POST /api/auth/verify-email { token }`: `200 { ok: true }` and the address is proven; an
 *   unknown, used or expired token `400 INVALID_TOKEN` (counted per client address: after 10 in
 *   15 minutes `429`). No session needed: the link may be opened in another browser.
 * - `POST /api/auth/verify-email/resend` (signed in; README "API additions"): a new link is mailed,
 *   `202 { emailVerified: false }`; an address already proven `200 { emailVerified: true }` and no
 *   mail. At most 3 per account an hour (`429` with `Retry-After`).
 */
export function emailVerificationRoutes(options: {
  database: Database;
  mailer?: Mailer | undefined;
  now: () => Date;
  publicUrl: string;
  currentUser?: CurrentUser | undefined;
  rateLimits: RateLimits;
}) {
  const { database, mailer, now, publicUrl, rateLimits } = options;
  const signedIn = requireUser(options.currentUser ?? (async () => null));
  const confirmLimiter = rateCounter(rateLimits, RATE_LIMITS.verifyEmailConfirm);

  return new Hono()
    .post('/auth/verify-email', validateJson(emailVerificationSchema), async (c) => {
      const { token } = c.req.valid('json');
      const address = rateLimits.address(c);
      const blocked = await confirmLimiter.check(address);
      if (blocked > 0) throw rateLimitedError(blocked);
      const proven = TOKEN_PATTERN.test(token)
        ? await database.write((tx) => verifyEmailToken(tx, token, now()))
        : null;
      if (!proven) {
        await confirmLimiter.hit(address);
        throw new ApiError('INVALID_TOKEN');
      }
      return c.json({ ok: true });
    })
    .post(
      '/auth/verify-email/resend',
      signedIn,
      rateLimits.limit(RATE_LIMITS.verifyEmailResend, { key: (c) => c.get('user').id }),
      async (c) => {
        const user = c.get('user');
        const lang = requestLang(c);
        const sent = await database.write(async (tx) => {
          const row = await accountAddress(tx, user.id);
          if (!row) throw new ApiError('UNAUTHORIZED');
          if (row.verifiedAt) return false;
          await sendEmailVerification(tx, mailer, {
            userId: user.id,
            email: row.email,
            name: row.name,
            lang,
            publicUrl,
            at: now(),
          });
          return true;
        });
        return sent ? c.json({ emailVerified: false }, 202) : c.json({ emailVerified: true });
      },
    );
}
