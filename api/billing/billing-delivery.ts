/**
 * Step 2 of the billing job (api/billing/billing.ts): getting the renewal invoices still
 * `pending` to the customer, after they were committed.
 *
 * - Bank transfer: mailed with their `/pay/{number}` link, `DELIVERY_BATCH` at a time: one
 *   transaction claims them (`pending` → `mailed`) and writes their mails, so each is mailed once.
 * - Mollie: one at a time, first charged against the customer's mandate (`sequenceType:
 *   "recurring"`, our payment id as Idempotency-Key) and mailed saying so; no valid mandate or a
 *   refused charge mails it with its payment link and a fresh one-off checkout instead. Mollie
 *   unreachable: it stays `pending` for the next run.
 *
 * The PDF is not drawn here: the mail refers to the invoice's PDF (`invoicePdfAttachment`) and the
 * server's mailer renders and stores it when it delivers the mail, as a download does when it
 * comes first (`renderAndStoreInvoicePdf`, the same bytes from then on; decision P12).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.ts';
import { invoices, payments, renewalInvoices } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { mailCustomers } from './billing-customers.ts';
import { renewalInvoiceMail, type RenewalInvoiceMailInput } from './billing-mail.ts';
import type { Mailer } from '../mail/mail.ts';
import { latestPayment, type InvoiceRow } from '../invoices/invoices.ts';
import { payPageUrl, type PaymentProvider } from '../invoices/payments.ts';

/** Renewal invoices mailed in one transaction (bank transfer). */
export const DELIVERY_BATCH = 200;

export interface DeliveryContext {
  database: Database;
  logger: Logger;
  publicUrl: string;
  provider: PaymentProvider;
  mailer?: Mailer | undefined;
  /** Renewals are charged against Mollie mandates (else mailed with a payment link). */
  charges: boolean;
}

/**
 * Mails renewal invoices in `tx` (`mandate`: collected; `link`: pay by link; `failed`: the
 * collection failed, pay by link). With Mollie, an invoice to pay by link also gets a payment
 * row for a fresh checkout, started after the commit (`startLinkPayment`): those are answered.
 */
export async function mailRenewalInvoices(
  ctx: DeliveryContext,
  tx: Tx,
  list: InvoiceRow[],
  collection: RenewalInvoiceMailInput['collection'],
): Promise<Array<{ paymentId: string; invoice: InvoiceRow }>> {
  if (list.length === 0) return [];
  let links: Array<{ paymentId: string; invoice: InvoiceRow }> = [];
  if (ctx.provider.name === 'mollie' && collection !== 'mandate') {
    const rows = await tx
      .insert(payments)
      .values(
        list.map((invoice) => ({
          invoiceId: invoice.id,
          provider: 'mollie' as const,
          method: '',
          amount: invoice.total,
          status: 'open' as const,
        })),
      )
      .returning({ id: payments.id, invoiceId: payments.invoiceId });
    links = rows.map((r) => ({
      paymentId: r.id,
      invoice: list.find((i) => i.id === r.invoiceId)!,
    }));
  }
  if (ctx.mailer)
    await mailCustomers(
      tx,
      ctx.mailer,
      list,
      (invoice) => invoice.userId,
      (invoice, to) =>
        renewalInvoiceMail({
          ...to,
          lang: invoice.lang,
          invoiceNumber: invoice.number,
          lines: invoice.lines,
          total: invoice.total,
          dueDate: invoice.dueDate,
          payLink: payPageUrl(ctx.publicUrl, invoice.number, invoice.lang),
          collection,
          invoiceId: invoice.id,
        }),
    );
  return links;
}

/** After the commit: a Mollie checkout for the pay page (best effort; bank details remain). */
export async function startLinkPayment(
  ctx: DeliveryContext,
  link: { paymentId: string; invoice: InvoiceRow },
): Promise<void> {
  const { invoice } = link;
  try {
    const started = await ctx.provider.start({
      paymentId: link.paymentId,
      invoiceNumber: invoice.number,
      amount: invoice.total,
      method: '',
      lang: invoice.lang,
      orderId: invoice.orderId,
    });
    await ctx.database.write((tx) =>
      tx
        .update(payments)
        .set({
          providerPaymentId: started.providerPaymentId,
          checkoutUrl: started.checkoutUrl,
          status: started.status,
        })
        .where(eq(payments.id, link.paymentId)),
    );
  } catch (error) {
    ctx.logger.warn(
      { err: (error as Error).message, invoice: invoice.number },
      'billing: payment link could not be started',
    );
  }
}

/** Moves pending renewal invoices on to `delivery`; the ids this transaction claimed. */
async function claim(
  tx: Tx,
  ids: string[],
  delivery: 'collecting' | 'mailed',
): Promise<Set<string>> {
  const rows = await tx
    .update(renewalInvoices)
    .set({ delivery })
    .where(and(inArray(renewalInvoices.invoiceId, ids), eq(renewalInvoices.delivery, 'pending')))
    .returning({ id: renewalInvoices.invoiceId });
  return new Set(rows.map((r) => r.id));
}

/** One renewal invoice with Mollie: charge against the mandate, or mail it with a link. */
async function collect(ctx: DeliveryContext, invoice: InvoiceRow): Promise<void> {
  const payment = await ctx.database.read((db) => latestPayment(db, invoice.id));
  if (!payment) return;
  let started;
  try {
    started = await ctx.provider.chargeRecurring!({
      paymentId: payment.id,
      invoiceNumber: invoice.number,
      amount: invoice.total,
      lang: invoice.lang,
      userId: invoice.userId,
    });
  } catch (error) {
    // Mollie unreachable: the invoice stays `pending` and the next run tries again with the
    // same payment id (Mollie's Idempotency-Key), so nothing is charged twice.
    ctx.logger.warn(
      { err: (error as Error).message, invoice: invoice.number },
      'billing: recurring charge postponed',
    );
    return;
  }
  const links = await ctx.database.write(async (tx) => {
    const claimed = await claim(tx, [invoice.id], started ? 'collecting' : 'mailed');
    if (!claimed.has(invoice.id)) return [];
    if (!started) {
      await tx.update(payments).set({ status: 'canceled' }).where(eq(payments.id, payment.id));
      return mailRenewalInvoices(ctx, tx, [invoice], 'link');
    }
    await tx
      .update(payments)
      .set({
        providerPaymentId: started.providerPaymentId,
        status: started.status,
        checkoutUrl: null,
      })
      .where(eq(payments.id, payment.id));
    return mailRenewalInvoices(ctx, tx, [invoice], 'mandate');
  });
  for (const link of links) await startLinkPayment(ctx, link);
}

export async function deliverRenewals(ctx: DeliveryContext): Promise<void> {
  const pending = (
    await ctx.database.read((db) =>
      db
        .select({ invoice: invoices })
        .from(renewalInvoices)
        .innerJoin(invoices, eq(invoices.id, renewalInvoices.invoiceId))
        .where(eq(renewalInvoices.delivery, 'pending'))
        .orderBy(asc(invoices.number)),
    )
  ).map((r) => r.invoice);
  if (ctx.charges) {
    for (const invoice of pending) await collect(ctx, invoice);
    return;
  }
  for (let i = 0; i < pending.length; i += DELIVERY_BATCH) {
    const batch = pending.slice(i, i + DELIVERY_BATCH);
    const links = await ctx.database.write(async (tx) => {
      const claimed = await claim(
        tx,
        batch.map((invoice) => invoice.id),
        'mailed',
      );
      return mailRenewalInvoices(
        ctx,
        tx,
        batch.filter((invoice) => claimed.has(invoice.id)),
        'link',
      );
    });
    for (const link of links) await startLinkPayment(ctx, link);
  }
}
