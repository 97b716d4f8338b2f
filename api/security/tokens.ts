import { createHash, randomBytes } from 'node:crypto';

/**
 * The server's one way to make a random token and the one way to hash it (issue 41). A token is a
 * secret in a link or a cookie (email verification, password reset, sessions, pending sign-ins,
 * booking pages, Blueprint drafts); the database keeps only its SHA-256, so a leaked table opens
 * nothing. The shape of a default token is `TOKEN_PATTERN` of domain/account.schema.ts.
 */

/** A new random token: `bytes` random bytes (32 unless told), base64url unless told hex. */
export function newToken(bytes = 32, encoding: 'base64url' | 'hex' = 'base64url'): string {
  return randomBytes(bytes).toString(encoding);
}

/** The SHA-256 of a token (or of any text that stands in for a secret), as 64 hex characters. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
