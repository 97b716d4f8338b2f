/**
 * Refunds (issue 42, API.md section 10, INTEGRATIONS.md section 8): the money of a credit note on
 * a paid invoice going back, each exactly once.
 *
 * - `recordRefund(tx, ...)` writes the refund in the credit note's own transaction (unique per
 *   credit note): `mollie` when the invoice was paid through Mollie, else `banktransfer` (staff pay
 *   it by hand and mark it refunded).
 * - `refunds.process(id)` creates a Mollie refund: a server first claims the row with a
 *   conditional UPDATE (pending, not yet created at Mollie, not claimed by another server, due),
 *   so two servers or a retry never both call; the refund's id is the Idempotency-Key, so even a
 *   claim that expired mid-call cannot refund twice at Mollie. Mollie down (5xx, no answer): the
 *   credit note stands, the row stays `pending` with the error and a later try (`retryDue`, run
 *   by the server every minute); Mollie refusing (4xx): `failed`, for staff to see.
 * - `refunds.syncPayment(tr_...)`: Mollie calls the payment's webhook when a refund's status
 *   changes; its real status is fetched from Mollie and recorded.
 */
import { and, asc, desc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Lang } from '#domain/language.ts';
import type { StaffRefund } from '#domain/refund.ts';
import type { Database, Db, Tx } from '../db/database.ts';
import {
  creditNotes,
  invoices,
  payments,
  refunds,
  users,
  type RefundStatus,
} from '../db/schema.ts';
import { MollieError, type MollieRefundStatus } from '../invoices/mollie.ts';
import type { PaymentProvider } from '../invoices/payments.ts';
import type { Logger } from '../logger.ts';

export type RefundRow = typeof refunds.$inferSelect;

/** How long a server holds its claim on a refund while it asks Mollie. */
export const REFUND_CLAIM_MS = 60_000;

/** The wait before the next try after `attempts` failed ones: 1, 2, 4, ... minutes, at most 1 hour. */
export function refundRetryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

/** Mollie's refund status as ours. */
export function refundStatusOf(status: MollieRefundStatus): RefundStatus {
  if (status === 'refunded') return 'refunded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/**
 * The refund of a credit note, when its invoice was paid: in the credit note's transaction.
 * Null when the invoice was not paid (the credit only lowers what is due) or the credit note
 * already has its refund.
 */
export async function recordRefund(
  tx: Tx,
  input: {
    creditNote: { id: string; total: number };
    invoice: { id: string; status: string };
    at: Date;
  },
): Promise<RefundRow | null> {
  if (input.invoice.status !== 'paid' || input.creditNote.total >= 0) return null;
  const [payment] = await tx
    .select({
      id: payments.id,
      provider: payments.provider,
      tr: payments.providerPaymentId,
      markedPaidBy: payments.markedPaidBy,
    })
    .from(payments)
    .where(and(eq(payments.invoiceId, input.invoice.id), eq(payments.status, 'paid')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  // Marked paid by staff (a transfer arrived) is a bank transfer, whatever the payment row began as.
  const method =
    payment?.provider === 'mollie' && payment.tr && !payment.markedPaidBy
      ? 'mollie'
      : 'banktransfer';
  const [row] = await tx
    .insert(refunds)
    .values({
      creditNoteId: input.creditNote.id,
      invoiceId: input.invoice.id,
      paymentId: payment?.id ?? null,
      method,
      amount: -input.creditNote.total,
      nextAttemptAt: input.at,
    })
    .onConflictDoNothing({ target: refunds.creditNoteId })
    .returning();
  return row ?? null;
}

/** The staff list (API.md section 10, with the customer's details and Mollie's retry). */
export async function staffRefunds(db: Db): Promise<StaffRefund[]> {
  const rows = await db
    .select({
      refund: refunds,
      creditNoteNumber: creditNotes.number,
      invoiceNumber: invoices.number,
      buyer: invoices.buyer,
      email: users.email,
    })
    .from(refunds)
    .innerJoin(creditNotes, eq(creditNotes.id, refunds.creditNoteId))
    .innerJoin(invoices, eq(invoices.id, refunds.invoiceId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .orderBy(desc(refunds.createdAt))
    .limit(500);
  return rows.map(({ refund, creditNoteNumber, invoiceNumber, buyer, email }) => ({
    id: refund.id,
    creditNoteNumber,
    invoiceNumber,
    amount: refund.amount,
    method: refund.method,
    status: refund.status,
    createdAt: refund.createdAt.toISOString(),
    refundedAt: refund.refundedAt?.toISOString() ?? null,
    attempts: refund.attempts,
    lastError: refund.lastError,
    nextAttemptAt:
      refund.method === 'mollie' && refund.status === 'pending' && !refund.providerRefundId
        ? refund.nextAttemptAt.toISOString()
        : null,
    customer: { name: buyer.name, email: buyer.email ?? email, address: buyer.lines },
  }));
}

/**
 * Staff paid a bank-transfer refund by hand. Once: the UPDATE only moves a pending transfer, so a
 * second click (or a second server) changes nothing and answers the refund as it is.
 */
export async function markRefunded(
  tx: Tx,
  input: { id: string; staffId: string; at: Date },
): Promise<{ refund: RefundRow | null; changed: boolean }> {
  const [updated] = await tx
    .update(refunds)
    .set({ status: 'refunded', refundedAt: input.at, markedBy: input.staffId })
    .where(
      and(
        eq(refunds.id, input.id),
        eq(refunds.method, 'banktransfer'),
        eq(refunds.status, 'pending'),
      ),
    )
    .returning();
  if (updated) return { refund: updated, changed: true };
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, input.id)).limit(1);
  return { refund: row ?? null, changed: false };
}

export interface Refunds {
  /** Creates this Mollie refund now if no one else is (a claimed or finished one is left alone). */
  process(id: string): Promise<void>;
  /** Tries every pending Mollie refund that is due (the server's retry loop). */
  retryDue(): Promise<number>;
  /** The webhook said this payment changed: record its refunds' statuses as Mollie has them. */
  syncPayment(providerPaymentId: string): Promise<void>;
}

export function createRefunds(options: {
  database: Database;
  payments: PaymentProvider;
  now: () => Date;
  logger: Logger;
}): Refunds {
  const { database, payments: provider, now, logger } = options;

  const claim = (id: string) =>
    database.write(async (tx) => {
      const at = now();
      const [row] = await tx
        .update(refunds)
        .set({
          claimedUntil: new Date(at.getTime() + REFUND_CLAIM_MS),
          attempts: sql`${refunds.attempts} + 1`,
        })
        .where(
          and(
            eq(refunds.id, id),
            eq(refunds.method, 'mollie'),
            eq(refunds.status, 'pending'),
            isNull(refunds.providerRefundId),
            lte(refunds.nextAttemptAt, at),
            or(isNull(refunds.claimedUntil), lte(refunds.claimedUntil, at)),
          ),
        )
        .returning();
      if (!row) return null;
      const [details] = await tx
        .select({
          tr: payments.providerPaymentId,
          number: creditNotes.number,
          lang: creditNotes.lang,
        })
        .from(refunds)
        .innerJoin(creditNotes, eq(creditNotes.id, refunds.creditNoteId))
        .leftJoin(payments, eq(payments.id, refunds.paymentId))
        .where(eq(refunds.id, id));
      return { row, tr: details?.tr ?? null, number: details!.number, lang: details!.lang as Lang };
    });

  async function process(id: string): Promise<void> {
    const claimed = await claim(id);
    if (!claimed) return;
    const { row } = claimed;
    try {
      if (!provider.refund || !claimed.tr) throw new MollieError('Mollie is not configured', 422);
      const created = await provider.refund({
        refundId: row.id,
        providerPaymentId: claimed.tr,
        amount: row.amount,
        creditNoteNumber: claimed.number,
        lang: claimed.lang,
      });
      const status = refundStatusOf(created.status);
      await database.write((tx) =>
        tx
          .update(refunds)
          .set({
            providerRefundId: created.providerRefundId,
            providerStatus: created.status,
            status,
            claimedUntil: null,
            lastError: null,
            ...(status === 'refunded' ? { refundedAt: now() } : {}),
          })
          .where(and(eq(refunds.id, row.id), isNull(refunds.providerRefundId))),
      );
      logger.info(
        { refundId: row.id, providerRefundId: created.providerRefundId },
        'refund created',
      );
    } catch (error) {
      const refused = error instanceof MollieError && error.status !== null && error.status < 500;
      const message = (error as Error).message.slice(0, 500);
      await database.write((tx) =>
        tx
          .update(refunds)
          .set({
            claimedUntil: null,
            lastError: message,
            ...(refused
              ? { status: 'failed' as const }
              : { nextAttemptAt: new Date(now().getTime() + refundRetryDelayMs(row.attempts)) }),
          })
          .where(and(eq(refunds.id, row.id), isNull(refunds.providerRefundId))),
      );
      logger.warn({ refundId: row.id, err: message, refused }, 'refund not created');
    }
  }

  return {
    process,
    async retryDue() {
      const at = now();
      const due = await database.read((db) =>
        db
          .select({ id: refunds.id })
          .from(refunds)
          .where(
            and(
              eq(refunds.method, 'mollie'),
              eq(refunds.status, 'pending'),
              isNull(refunds.providerRefundId),
              lte(refunds.nextAttemptAt, at),
            ),
          )
          .orderBy(asc(refunds.nextAttemptAt))
          .limit(50),
      );
      for (const { id } of due) await process(id);
      return due.length;
    },
    async syncPayment(providerPaymentId) {
      if (!provider.refundStatuses) return;
      const rows = await database.read((db) =>
        db
          .select({ id: refunds.id, re: refunds.providerRefundId, status: refunds.providerStatus })
          .from(refunds)
          .innerJoin(payments, eq(payments.id, refunds.paymentId))
          .where(
            and(
              eq(payments.providerPaymentId, providerPaymentId),
              isNotNull(refunds.providerRefundId),
              eq(refunds.status, 'pending'),
            ),
          ),
      );
      if (rows.length === 0) return;
      const statuses = await provider.refundStatuses(providerPaymentId);
      for (const row of rows) {
        const status = statuses.get(row.re!);
        if (!status || status === row.status) continue;
        const ours = refundStatusOf(status);
        await database.write((tx) =>
          tx
            .update(refunds)
            .set({
              providerStatus: status,
              status: ours,
              ...(ours === 'refunded' ? { refundedAt: now() } : {}),
            })
            .where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending'))),
        );
        logger.info({ refundId: row.id, status }, 'refund status');
      }
    },
  };
}
