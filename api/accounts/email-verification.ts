import { eq, sql } from 'drizzle-orm';
import type { Lang } from '#domain/language.ts';
import { verifyEmailLink } from '#domain/links.ts';
import type { Tx } from '../db/database.ts';
import { emailVerificationTokens, users } from '../db/schema.ts';
import { t } from '../i18n.ts';
import type { Mailer } from '../mail/mail.ts';
import { issueLinkToken, useLinkToken, useUpLinkTokens } from './link-tokens.ts';

/**
 * Proving an account's address (API.md section 13, decision D38A-1). When an account is made, a
 * link to `/verify-email?token=...` is mailed to its address; `POST /api/auth/verify-email` with
 * that token marks the address proven. Tokens are 32 random bytes, stored only as their sha256,
 * single use and valid EMAIL_VERIFICATION_TTL_MS (long enough for a mail held up by an SMTP
 * outage). A new link does not revoke an older one; proving the address uses up every link of the
 * account. Until then the account does not reach records others made with its address
 * (person-records.ts).
 */

/** A verification link is valid this long (seven days). */
export const EMAIL_VERIFICATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The mail kind of the verification link (also one of the account's own mails). */
export const EMAIL_VERIFICATION_MAIL_KIND = 'email-verification';

function verificationMail(name: string, link: string, lang: Lang) {
  return {
    subject: t(lang, 'mail.verifyEmail.subject'),
    text: [
      name ? t(lang, 'mail.common.hello', { name }) : t(lang, 'mail.common.helloNoName'),
      '',
      t(lang, 'mail.verifyEmail.intro'),
      link,
      '',
      t(lang, 'mail.verifyEmail.why'),
      t(lang, 'mail.verifyEmail.validity'),
    ].join('\n'),
  };
}

/**
 * A new verification link for the account, mailed to its address in the caller's transaction (the
 * mail exists exactly when the account or the request commits). Expired and used links of the
 * account go, so the table stays small.
 */
export async function sendEmailVerification(
  tx: Tx,
  mailer: Mailer | undefined,
  input: { userId: string; email: string; name: string; lang: Lang; publicUrl: string; at: Date },
): Promise<void> {
  const token = await issueLinkToken(tx, emailVerificationTokens, {
    userId: input.userId,
    at: input.at,
    ttlMs: EMAIL_VERIFICATION_TTL_MS,
  });
  const origin = input.publicUrl.replace(/\/+$/, '');
  await mailer?.send(
    {
      to: input.email,
      ...verificationMail(input.name, `${origin}${verifyEmailLink(token, input.lang)}`, input.lang),
      kind: EMAIL_VERIFICATION_MAIL_KIND,
      lang: input.lang,
    },
    tx,
  );
}

/** Marks the account's address proven (once: a later proof keeps the first moment). */
export async function markEmailVerified(tx: Tx, userId: string, at: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, userId));
  // Every other link of the account is used up: nothing is left to guess.
  await useUpLinkTokens(tx, emailVerificationTokens, userId, at);
}

/**
 * Uses the token: the account it was mailed for has a proven address. Null for an unknown, used or
 * expired token. Checked and used up in one statement, so of two concurrent uses one wins.
 */
export async function verifyEmailToken(
  tx: Tx,
  token: string,
  at: Date,
): Promise<{ userId: string } | null> {
  const userId = await useLinkToken(tx, emailVerificationTokens, token, at);
  if (!userId) return null;
  await markEmailVerified(tx, userId, at);
  return { userId };
}
