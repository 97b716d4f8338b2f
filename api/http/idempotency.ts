import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { ApiError } from './errors.ts';
import { hashToken } from '../security/tokens.ts';

/**
 * `Idempotency-Key` (API.md section 3), the one API: `idempotency(c, scope, body)`. The header is
 * read once (trimmed; a malformed key is a 400). A repeat with the same key and body gets the
 * stored answer; the same key with another body is refused (422). Simple writes call `replay`
 * and `remember` inside their transaction; a write with an outside step after its commit
 * (checkout starts a payment) `claim`s the key in its transaction, `remember`s a pending answer
 * (status 0) there and the final answer after the outside step. A concurrent twin waits on the
 * row's primary key and then finds it. A request that fails rolls back and leaves no key, so it
 * can simply be retried. Everything lives in the database, so every app server agrees.
 */

export const IDEMPOTENCY_KEY_PATTERN = /^[\w.:-]{8,200}$/;

/** The header's value (trimmed), or null; a malformed key is a 400. */
function readIdempotencyKey(raw: string | undefined): string | null {
  const header = raw?.trim();
  if (header === undefined || header === '') return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(header))
    throw new ApiError('VALIDATION_FAILED', {
      fields: { 'Idempotency-Key': 'form.validation.invalid' },
    });
  return header;
}

/** sha256 of a canonical JSON of the body (keys sorted), secrets left out by the caller. */
export function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>)
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
  return hashToken(JSON.stringify(canonical(body)));
}

export type Claim = { claimed: true } | { claimed: false; statusCode: number; response: unknown };

/**
 * Claims `key` in `scope` for this transaction, or returns what the first request stored.
 * `statusCode` 0 means the first request committed its writes but has not stored a final answer
 * (the caller decides how to finish it).
 */
async function claimIdempotencyKey(
  tx: Tx,
  input: { scope: string; key: string; hash: string },
): Promise<Claim> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ scope: input.scope, key: input.key, requestHash: input.hash, statusCode: 0 })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { claimed: true };
  const prior = await findIdempotentResponse(tx, input);
  if (!prior) throw new Error('idempotency key vanished');
  return prior;
}

/**
 * What an earlier request with this key stored, or null when the key is new. Checked before
 * anything else, so a retry is answered even when the first request changed what the checks see
 * (e.g. the account it created). The same key with another body is a 422.
 */
async function findIdempotentResponse(
  db: Db | Tx,
  input: { scope: string; key: string; hash: string },
): Promise<Extract<Claim, { claimed: false }> | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key)))
    .limit(1);
  if (!row) return null;
  if (row.requestHash !== input.hash)
    throw new ApiError('VALIDATION_FAILED', {
      status: 422,
      fields: { 'Idempotency-Key': 'checkout.error.idempotencyKeyReused' },
    });
  return { claimed: false, statusCode: row.statusCode, response: row.response };
}

async function storeIdempotentResponse(
  tx: Tx,
  input: { scope: string; key: string; statusCode: number; response: unknown },
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: input.statusCode, response: input.response })
    .where(and(eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key)));
}

export type IdempotentAnswer<T> = { status: number; body: T };

/**
 * The one Idempotency-Key API for a write route. Without the header every method does nothing
 * (`replay` and `claim` answer null / claimed).
 */
export function idempotency(
  c: { req: { header(name: string): string | undefined } },
  scope: string,
  body: unknown,
) {
  const key = readIdempotencyKey(c.req.header('Idempotency-Key'));
  // Only a request with a key needs the body's hash.
  const hash = key === null ? '' : requestHash(body);
  /** The key's row exists (claimed here, or found by `replay`): `remember` updates it. */
  let claimed = false;
  return {
    /** Whether the request carried a key. */
    hasKey: key !== null,
    /** The first answer for this key and body (status 0: committed, final answer pending). */
    async replay<T>(db: Db | Tx): Promise<IdempotentAnswer<T> | null> {
      if (!key) return null;
      const previous = await findIdempotentResponse(db, { scope, key, hash });
      if (previous) claimed = true;
      return previous ? { status: previous.statusCode, body: previous.response as T } : null;
    },
    /** Claims the key in `tx`; null when claimed (or no key), else what the first request stored. */
    async claim<T>(tx: Tx): Promise<IdempotentAnswer<T> | null> {
      if (!key) return null;
      const claim = await claimIdempotencyKey(tx, { scope, key, hash });
      // Claimed here or found (a concurrent twin claimed it first): either way the row exists,
      // so `remember` must update it; inserting would fail on the primary key (a 500).
      claimed = true;
      return claim.claimed ? null : { status: claim.statusCode, body: claim.response as T };
    },
    /**
     * Stores the answer: a key this request claimed is updated; otherwise inserted, so a
     * concurrent twin that got past `replay` fails on the primary key and rolls back.
     */
    async remember(tx: Tx, status: number, response: unknown): Promise<void> {
      if (!key) return;
      if (claimed) await storeIdempotentResponse(tx, { scope, key, statusCode: status, response });
      else
        await tx
          .insert(idempotencyKeys)
          .values({ key, scope, requestHash: hash, statusCode: status, response });
    },
  };
}
