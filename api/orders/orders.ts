import { startDomainWork } from '../registrar/domain-steps.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.ts';
import {
  invoices,
  orderLines,
  orders,
  payments,
  subscriptions,
  type PaymentStatus,
} from '../db/schema.ts';
import type { Mailer } from '../mail/mail.ts';
import { queuePaymentReceivedMail } from './order-mail.ts';

/**
 * Records a payment's new status. `paid` marks the invoice and the order paid, starts the
 * order's subscriptions and queues "payment received" (only the first open-to-paid transition
 * passes the conditional update, and the mail has its own once-per-invoice key); every other
 * status leaves the invoice as it is (open). Idempotent.
 */
export async function applyPaymentStatus(
  tx: Tx,
  input: { paymentId: string; status: PaymentStatus; at: Date; markedPaidBy?: string },
  services: { mailer?: Mailer | undefined } = {},
): Promise<void> {
  const [payment] = await tx
    .update(payments)
    .set({
      status: input.status,
      ...(input.markedPaidBy ? { markedPaidBy: input.markedPaidBy } : {}),
    })
    .where(eq(payments.id, input.paymentId))
    .returning({ invoiceId: payments.invoiceId });
  if (!payment || input.status !== 'paid') return;
  const [invoice] = await tx
    .update(invoices)
    .set({ status: 'paid', paidAt: input.at })
    .where(and(eq(invoices.id, payment.invoiceId), eq(invoices.status, 'open')))
    .returning();
  if (!invoice) return;
  await queuePaymentReceivedMail(tx, services.mailer, { invoice });
  await tx.update(orders).set({ status: 'paid' }).where(eq(orders.id, invoice.orderId));
  await tx
    .update(subscriptions)
    .set({ status: 'active' })
    .where(and(eq(subscriptions.orderId, invoice.orderId), eq(subscriptions.status, 'pending')));
  // The order's domain is registered or transferred, a paid domain renewal renewed (issue 44).
  await startDomainWork(tx, invoice);
}

/** `services.domainOwnership`: true when the client has `domainName` on one of their orders. */
export function createDomainOwnership(database: Database) {
  return async (userId: string, domainName: string): Promise<boolean> => {
    const name = domainName.trim().toLowerCase();
    if (!name) return false;
    const rows = await database.read((db) =>
      db
        .select({ id: orderLines.id })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(
          and(
            eq(orders.userId, userId),
            sql`lower(${orderLines.domainName}) = ${name}`,
            sql`${orders.status} <> 'cancelled'`,
          ),
        )
        .limit(1),
    );
    return rows.length > 0;
  };
}
