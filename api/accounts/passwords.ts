import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createHashPool, type HashPool } from './hash-pool.ts';

/**
 * Password hashing with scrypt (node:crypto, no native add-on). Stored as
 * `scrypt$N$r$p$<salt base64>$<hash base64>` so the cost can be raised later without breaking
 * existing hashes: `verifyPassword` reads the parameters from the stored string.
 */

const KEY_LENGTH = 64;
/**
 * N = 2^15, r = 8, p = 3: OWASP's minimum for scrypt at 32 MiB per hash (its Password Storage
 * Cheat Sheet lists 2^17/8/1 at 128 MiB and, as equal defence, 2^16/8/2, 2^15/8/3, 2^14/8/5 and
 * 2^13/8/10). The 32 MiB keeps memory small on a 2-core box; p = 3 runs the memory-hard mix three
 * times over the same buffer, so a hash costs three times the CPU of p = 1 (which is below the
 * minimum; decision M34). Hashes stored with other parameters still verify, and are replaced at
 * the next sign-in that proves the password (`needsRehash`).
 */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;

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

/** The cost parameters of a stored hash, or null when it is not one of ours. */
function parametersOf(stored: string): { N: number; r: number; p: number } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  return [N, r, p].every((n) => Number.isInteger(n) && n > 0) ? { N, r, p } : null;
}

/**
 * Whether a stored hash was made with other parameters than today's (an account from before the
 * cost was raised): after a sign-in proves the password, it is hashed again and stored.
 */
export function needsRehash(stored: string): boolean {
  const params = parametersOf(stored);
  if (!params) return false;
  const { N, r, p } = SCRYPT_PARAMS;
  return params.N !== N || params.r !== r || params.p !== p;
}

/** Constant-time comparison; false for a malformed stored hash. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const params = parametersOf(stored);
  if (!params) return false;
  const parts = stored.split('$');
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  const key = await scryptAsync(password, salt, params);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password: compared against when the email is unknown, so timing does not tell whether an account exists. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
