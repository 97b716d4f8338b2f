import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createHashPool, type HashPool } from './hash-pool.ts';

/**
 * Password hashing with scrypt (node:crypto, no native add-on). Stored as
 * `scrypt$N$r$p$<salt base64>$<hash base64>` so the cost can be raised later without breaking
 * existing hashes: `verifyPassword` reads the parameters from the stored string.
 */

const KEY_LENGTH = 64;
/** N = 2^15, r = 8, p = 1: about 50 ms and 32 MB per hash on a small server (OWASP's minimum is 2^17/8/1 for 128 MB; 2^15 keeps memory small on a 2-core box). */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;

// One pool per process, started on the first hash (see hash-pool.ts for why not crypto.scrypt).
let pool: HashPool | undefined;

function scryptAsync(
  password: string,
  salt: Buffer,
  options: { N: number; r: number; p: number },
): Promise<Buffer> {
  pool ??= createHashPool();
  return pool.scrypt({
    password: password.normalize('NFKC'),
    salt,
    keyLength: KEY_LENGTH,
    options: { ...options, maxmem: 256 * options.N * options.r },
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = SCRYPT_PARAMS;
  const key = await scryptAsync(password, salt, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time comparison; false for a malformed stored hash. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  const key = await scryptAsync(password, salt, { N, r, p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password: compared against when the email is unknown, so timing does not tell whether an account exists. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
