import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';

/**
 * `Idempotency-Key` (API.md section 3): the first request with a key claims it inside its own
 * transaction (a row in `idempotency_keys`); a concurrent twin waits on that row's unique index
 * and then finds it. A repeat with the same key and body gets the stored answer; the same key
 * with another body is refused (422). A request that fails rolls back and leaves no key, so it can
 * simply be retried.
 */

export const IDEMPOTENCY_KEY_PATTERN = /^[\w.:-]{8,200}$/;

/** The header's value, or null; a malformed key is a 400. */
export function readIdempotencyKey(header: string | undefined): string | null {
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
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

export type Claim = { claimed: true } | { claimed: false; statusCode: number; response: unknown };

/**
 * Claims `key` in `scope` for this transaction, or returns what the first request stored.
 * `statusCode` 0 means the first request committed its writes but has not stored a final answer
 * (the caller decides how to finish it).
 */
export async function claimIdempotencyKey(
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
export async function findIdempotentResponse(
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

export async function storeIdempotentResponse(
  tx: Tx,
  input: { scope: string; key: string; statusCode: number; response: unknown },
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: input.statusCode, response: input.response })
    .where(and(eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key)));
}

/**
 * The usual shape for a write route: inside the write's transaction, `replay` answers a repeat
 * with the first answer (or refuses the same key with another body), and `remember` stores the
 * answer in the same transaction. Without the header both do nothing.
 */
export function idempotency(
  c: { req: { header(name: string): string | undefined } },
  scope: string,
  body: unknown,
) {
  const key = readIdempotencyKey(c.req.header('Idempotency-Key')?.trim());
  const hash = requestHash(body);
  return {
    async replay<T>(tx: Tx): Promise<{ status: number; body: T } | null> {
      if (!key) return null;
      const previous = await findIdempotentResponse(tx, { scope, key, hash });
      return previous ? { status: previous.statusCode, body: previous.response as T } : null;
    },
    async remember(tx: Tx, status: number, response: unknown): Promise<void> {
      if (!key) return;
      await tx
        .insert(idempotencyKeys)
        .values({ key, scope, requestHash: hash, statusCode: status, response });
    },
  };
}
