/**
 * An order placed without an Idempotency-Key whose payment could not be started (the provider
 * failed after the commit) waits here, per account, keyed by the request's hash (password left
 * out), so the same order again finishes it, never a second one. Decision D38B-3.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.ts';
import { idempotencyKeys, invoices } from '../db/schema.ts';
import type { PendingOrder } from './checkout-types.ts';

/** Where an account's unfinished orders wait. */
function unfinishedScope(userId: string): string {
  return `checkout-unfinished:${userId}`;
}

/** The account's unfinished order of this request, only while its invoice is open. */
export async function findUnfinished(
  database: Database,
  userId: string,
  fingerprint: string,
): Promise<PendingOrder | undefined> {
  // Only while its invoice is open (paid some other way meanwhile: this is a new order).
  const [unfinished] = await database.read((db) =>
    db
      .select({ response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .innerJoin(
        invoices,
        and(
          eq(invoices.number, sql`${idempotencyKeys.response}->>'invoiceNumber'`),
          eq(invoices.status, 'open'),
        ),
      )
      .where(
        and(
          eq(idempotencyKeys.scope, unfinishedScope(userId)),
          eq(idempotencyKeys.key, fingerprint),
        ),
      )
      .limit(1),
  );
  return unfinished ? (unfinished.response as PendingOrder) : undefined;
}

/** Keeps the order findable by its request until its payment has started. */
export async function rememberUnfinished(
  tx: Tx,
  userId: string,
  fingerprint: string,
  pending: PendingOrder,
): Promise<void> {
  await tx.insert(idempotencyKeys).values({
    scope: unfinishedScope(userId),
    key: fingerprint,
    requestHash: fingerprint,
    statusCode: 0,
    response: pending,
  });
}

/** The payment has started: the unfinished order of this payment is finished. */
export async function forgetUnfinished(tx: Tx, userId: string, paymentId: string): Promise<void> {
  await tx
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, unfinishedScope(userId)),
        sql`${idempotencyKeys.response}->>'paymentId' = ${paymentId}`,
      ),
    );
}
