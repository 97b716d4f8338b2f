import type { Lang } from '#domain/language.ts';
import { resetPasswordLink } from '#domain/links.ts';
import type { Tx } from '../db/database.ts';
import { passwordResetTokens } from '../db/schema.ts';
import { t } from '../i18n.ts';
import type { Mailer } from '../mail/mail.ts';
import { accountByEmail, replacePassword } from './credentials.ts';
import { markEmailVerified } from './email-verification.ts';
import { issueLinkToken, useLinkToken, useUpLinkTokens } from './link-tokens.ts';

/**
 * Password reset links (API.md section 6): 32 random bytes, stored as their sha256, single use,
 * valid one hour; a new request does not revoke an older link (both stay valid until used or
 * expired), a successful reset uses up every link of the account and ends every session.
 */

/** A reset link is valid this long. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

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

/**
 * A new reset link mailed to the account of `email`, in the caller's transaction; nothing for an
 * address without an account (the caller answers the same either way).
 */
export async function sendPasswordReset(
  tx: Tx,
  mailer: Mailer | undefined,
  input: { email: string; lang: Lang; publicUrl: string; at: Date },
): Promise<void> {
  const { email, lang, at } = input;
  const user = await accountByEmail(tx, email);
  if (!user) return;
  const token = await issueLinkToken(tx, passwordResetTokens, {
    userId: user.id,
    at,
    ttlMs: RESET_TOKEN_TTL_MS,
  });
  await mailer?.send(
    {
      to: email,
      ...resetMail(user.name, `${input.publicUrl}${resetPasswordLink(token, lang)}`, lang),
      kind: 'password-reset',
      lang,
    },
    tx,
  );
}

/**
 * Uses the token to give its account the new password: the address counts as proven, every other
 * link of the account is used up and every session ends. The account's id, or null for an unknown,
 * used or expired token.
 */
export async function resetPassword(
  tx: Tx,
  token: string,
  passwordHash: string,
  at: Date,
): Promise<string | null> {
  // Used up in the same statement that checks it: of two concurrent confirms, one wins.
  const userId = await useLinkToken(tx, passwordResetTokens, token, at);
  if (!userId) return null;
  // The link reached the account's mailbox: the address is proven too (decision D38A-3).
  await markEmailVerified(tx, userId, at);
  // Every other link of the account is used up too, and every session ends.
  await useUpLinkTokens(tx, passwordResetTokens, userId, at);
  await replacePassword(tx, userId, passwordHash);
  return userId;
}
