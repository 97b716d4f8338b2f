/**
 * The checkout's payment (API.md section 4): the payment row written with the invoice inside the
 * order's transaction (a provider that asks no one, or nothing to pay, is started there), and
 * step 3, `startPayment`, which starts any other provider's payment after the commit.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Lang } from '#domain/language.ts';
import { cachedQuery, slots } from '../db/cached-query.ts';
import type { Tx } from '../db/database.ts';
import { invoices, payments, subscriptions, users } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import type { InvoiceRow } from '../invoices/invoices.ts';
import { thankYouUrl, type StartedPayment } from '../invoices/payments.ts';
import type { CheckoutAnswer, CheckoutServices, Once, PendingOrder } from './checkout-types.ts';
import { forgetUnfinished } from './checkout-unfinished.ts';

// The statement, its SQL built once (decision M15, api/db/cached-query.ts).
const PAYMENT_KEYS = [
  'id',
  'invoiceId',
  'provider',
  'method',
  'amount',
  'status',
  'providerPaymentId',
  'checkoutUrl',
] as const;
const insertPayment = cachedQuery<Record<(typeof PAYMENT_KEYS)[number], unknown>>((tx) =>
  tx.insert(payments).values(slots(PAYMENT_KEYS)),
);

/**
 * The invoice's payment row, in the order's transaction. Nothing to pay: the customer goes
 * straight to the thank-you page. A provider that asks no one (bank transfer) is started here;
 * any other after the commit (`startPayment`), so `started` is null.
 */
export async function insertOrderPayment(
  tx: Tx,
  payments: CheckoutServices['payments'],
  input: {
    invoice: Pick<InvoiceRow, 'id' | 'number'>;
    orderId: string;
    amount: number;
    method: string;
    lang: Lang;
    free: boolean;
  },
): Promise<{ paymentId: string; started: StartedPayment | null }> {
  const { invoice, orderId, amount, method, lang, free } = input;
  const paymentId = randomUUID();
  const started: StartedPayment | null = free
    ? {
        providerPaymentId: null,
        checkoutUrl: thankYouUrl('', invoice.number, lang),
        status: 'paid',
      }
    : payments.local
      ? await payments.start({
          paymentId,
          invoiceNumber: invoice.number,
          amount,
          method,
          lang,
          orderId,
        })
      : null;
  await insertPayment(tx, [
    {
      id: paymentId,
      invoiceId: invoice.id,
      provider: payments.name,
      method,
      amount,
      status: started?.status ?? 'open',
      providerPaymentId: started?.providerPaymentId ?? null,
      checkoutUrl: started?.checkoutUrl ?? null,
    },
  ]);
  return { paymentId, started };
}

/**
 * Step 3, after the commit: starts the provider's payment once (a retry finds the stored link)
 * and stores the final answer for the Idempotency-Key.
 */
export async function startPayment(
  services: CheckoutServices,
  pending: PendingOrder,
  once: Once,
): Promise<CheckoutAnswer> {
  const { database, logger } = services;
  const [row] = await database.read((db) =>
    db
      .select({
        amount: payments.amount,
        method: payments.method,
        lang: invoices.lang,
        checkoutUrl: payments.checkoutUrl,
        userId: invoices.userId,
        email: users.email,
        name: users.name,
        // An order that starts paid subscriptions: with Mollie its first payment makes the
        // mandate renewals are charged against (issue 16, decision P6).
        recurring: sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.orderId} = ${invoices.orderId} and ${subscriptions.price} > 0)`,
      })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(eq(payments.id, pending.paymentId))
      .limit(1),
  );
  if (!row) throw new Error('payment row missing');
  const answerWith = (paymentLink: string): CheckoutAnswer => ({
    paymentLink,
    invoiceNumber: pending.invoiceNumber,
    orderId: pending.orderId,
  });
  if (row.checkoutUrl) {
    const answer = answerWith(row.checkoutUrl);
    await database.write(async (tx) => {
      await once.remember(tx, 201, answer);
      await forgetUnfinished(tx, row.userId, pending.paymentId);
    });
    return answer;
  }
  let started;
  try {
    started = await services.payments.start({
      paymentId: pending.paymentId,
      invoiceNumber: pending.invoiceNumber,
      amount: row.amount,
      method: row.method,
      lang: row.lang,
      orderId: pending.orderId,
      ...(row.recurring
        ? { customer: { userId: row.userId, email: row.email, name: row.name ?? row.email } }
        : {}),
    });
  } catch (error) {
    logger.error(
      { err: (error as Error).message, invoice: pending.invoiceNumber },
      'payment could not be started',
    );
    throw new ApiError('SERVICE_UNAVAILABLE');
  }
  const answer = answerWith(started.checkoutUrl);
  await database.write(async (tx) => {
    await tx
      .update(payments)
      .set({
        providerPaymentId: started.providerPaymentId,
        checkoutUrl: started.checkoutUrl,
        status: started.status,
      })
      .where(eq(payments.id, pending.paymentId));
    await once.remember(tx, 201, answer);
    await forgetUnfinished(tx, row.userId, pending.paymentId);
  });
  return answer;
}
