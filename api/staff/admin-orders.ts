import { desc, eq } from 'drizzle-orm';
import { canMarkPaidByHand } from '#domain/admin.schema.ts';
import type { Db, Tx } from '../db/database.ts';
import { invoices, orders, payments, users } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import type { Mailer } from '../mail/mail.ts';
import {
  findInvoice,
  latestPayment,
  latestPaymentProvider,
  latestPaymentStatus,
} from '../invoices/invoices.ts';
import { applyPaymentStatus } from '../orders/orders.ts';
import { adminOrderColumns } from './admin-tables.ts';

/** The staff's order list and an invoice marked paid by hand (a bank transfer has arrived). */

/** The newest orders with their invoices and latest payment, at most `limit`. */
export async function latestOrders(db: Db | Tx, limit: number) {
  const rows = await db
    .select({
      ...adminOrderColumns,
      dueToday: orders.dueToday,
      monthly: orders.monthly,
      yearly: orders.yearly,
      invoiceNumber: invoices.number,
      invoiceStatus: invoices.status,
      paymentProvider: latestPaymentProvider,
      paymentStatus: latestPaymentStatus,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .orderBy(desc(orders.createdAt), desc(invoices.number))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * Marks invoice `number` paid by hand: `changed: false` when it already was; 404 for an unknown
 * invoice (or one without a payment), 409 for one credited in full or with a provider's payment
 * under way (settled by its webhook, never by hand). Also queues "payment received" for the
 * customer (once per invoice).
 */
export async function markInvoicePaid(
  tx: Tx,
  input: { number: string; staffId: string; at: Date; mailer: Mailer | undefined },
): Promise<{ number: string; status: 'paid'; changed: boolean }> {
  const { number } = input;
  const invoice = await findInvoice(tx, number);
  if (!invoice) throw new ApiError('NOT_FOUND');
  if (invoice.status === 'paid') return { number, status: 'paid', changed: false };
  // Credited in full (issue 42): nothing is due, so nothing can be paid.
  if (invoice.status === 'credited')
    throw new ApiError('VALIDATION_FAILED', {
      status: 409,
      fields: { number: 'admin.orders.credited' },
    });
  const payment = await latestPayment(tx, invoice.id);
  if (!payment) throw new ApiError('NOT_FOUND');
  // A provider's payment under way (Mollie) is settled by its webhook, never by hand.
  if (
    !canMarkPaidByHand({
      status: invoice.status,
      paymentProvider: payment.provider,
      paymentStatus: payment.status,
    })
  )
    throw new ApiError('VALIDATION_FAILED', {
      status: 409,
      fields: { number: 'admin.orders.providerPayment' },
    });
  // After a provider's payment that ended unpaid, the money came by transfer: that is a payment
  // of its own, and the provider's record keeps what the provider said.
  const received =
    payment.provider === 'banktransfer'
      ? payment
      : (
          await tx
            .insert(payments)
            .values({
              invoiceId: invoice.id,
              provider: 'banktransfer',
              method: 'banktransfer',
              amount: invoice.total,
              status: 'open',
            })
            .returning()
        )[0]!;
  await applyPaymentStatus(
    tx,
    { paymentId: received.id, status: 'paid', at: input.at, markedPaidBy: input.staffId },
    { mailer: input.mailer },
  );
  return { number, status: 'paid', changed: true };
}
