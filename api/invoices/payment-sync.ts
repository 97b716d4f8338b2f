import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { payments, type PaymentStatus } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mail.ts';
import { applyPaymentStatus } from '../orders/orders.ts';
import type { PaymentProvider } from './payments.ts';

/** Called with our payment id and its new status after the change is committed. */
export type PaymentStatusListener = (paymentId: string, status: PaymentStatus) => Promise<void>;

/**
 * Asks the provider for the real status of one of our payments and records it. Used by the
 * webhook (which carries only an id) and when a customer comes back to the thank-you page (so
 * payments are also checked where Mollie cannot reach our webhook, e.g. on localhost).
 * Returns false when the id is not one of ours.
 */
export async function syncProviderPayment(options: {
  database: Database;
  provider: PaymentProvider;
  providerPaymentId: string;
  now: () => Date;
  logger: Logger;
  /** Told of every status change after it is committed (the billing job's failed-charge mail). */
  onStatusChange?: PaymentStatusListener | undefined;
  mailer?: Mailer | undefined;
}): Promise<boolean> {
  const { database, provider, providerPaymentId, logger } = options;
  if (!provider.fetchStatus) return false;
  const [row] = await database.read((db) =>
    db
      .select({ id: payments.id, status: payments.status })
      .from(payments)
      .where(eq(payments.providerPaymentId, providerPaymentId))
      .limit(1),
  );
  if (!row) return false;
  // The provider's answer, never the caller's word, decides (a forged webhook changes nothing).
  const { status } = await provider.fetchStatus(providerPaymentId);
  if (status !== row.status) {
    await database.write((tx) =>
      applyPaymentStatus(
        tx,
        { paymentId: row.id, status, at: options.now() },
        { mailer: options.mailer },
      ),
    );
    logger.info({ providerPaymentId, from: row.status, to: status }, 'payment status');
    await options.onStatusChange?.(row.id, status);
  }
  return true;
}
