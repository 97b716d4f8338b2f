import { startDomainWork } from '../registrar/domain-steps.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { formatCreditNoteNumber } from '#domain/credit-note.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import { amsterdamDay } from '#domain/format.ts';
import { cachedQuery, slot } from '../db/cached-query.ts';
import type { Database, Db, Tx } from '../db/database.ts';
import {
  invoiceCounters,
  invoices,
  orderLines,
  orders,
  payments,
  subscriptions,
  type DocumentSeries,
  type PaymentStatus,
} from '../db/schema.ts';
import type { BankDetails, InvoiceDocument } from '../invoices/invoice-pdf.ts';
import type { Mailer } from '../mail/mail.ts';
import { queuePaymentReceivedMail } from './order-mail.ts';

const bumpCounter = cachedQuery<
  { series: DocumentSeries; year: number; count: number },
  Array<{ last: number }>
>((tx) =>
  tx
    .insert(invoiceCounters)
    .values({ series: slot(0, 'series'), year: slot(0, 'year'), last: slot(0, 'count') })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + ${slot(0, 'count')}` },
    })
    .returning({ last: invoiceCounters.last }),
);

const FORMAT: Record<DocumentSeries, (year: number, sequence: number) => string> = {
  invoice: formatInvoiceNumber,
  'credit-note': formatCreditNoteNumber,
};

/**
 * The next `count` numbers of a document series (invoices, credit notes) in `year`, gap-free: the
 * series' counter row of the year is bumped with `INSERT ... ON CONFLICT DO UPDATE ... RETURNING`
 * inside the caller's transaction. The row stays locked until that transaction ends, so a
 * concurrent issue waits and takes the next numbers; a rolled-back transaction gives its numbers
 * back with the rollback. The one numbering mechanism of every numbered document.
 */
export async function nextDocumentNumbers(
  tx: Tx,
  series: DocumentSeries,
  year: number,
  count: number,
): Promise<Array<{ number: string; sequence: number }>> {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('document count');
  const [row] = await bumpCounter(tx, [{ series, year, count }]);
  const first = row!.last - count + 1;
  return Array.from({ length: count }, (_, i) => ({
    number: FORMAT[series](year, first + i),
    sequence: first + i,
  }));
}

/** The next `count` invoice numbers of `year` (nextDocumentNumbers of the invoice series). */
export function nextInvoiceNumbers(
  tx: Tx,
  year: number,
  count: number,
): Promise<Array<{ number: string; sequence: number }>> {
  return nextDocumentNumbers(tx, 'invoice', year, count);
}

export type InvoiceRow = typeof invoices.$inferSelect;

export async function findInvoice(db: Db | Tx, number: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.number, number)).limit(1);
  return row ?? null;
}

export async function latestPayment(db: Db | Tx, invoiceId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

/** A column of an invoice's latest payment, as a column of a select from invoices. */
const latestPaymentColumn = (column: AnyPgColumn) =>
  sql<
    string | null
  >`(select ${column} from ${payments} where ${payments.invoiceId} = ${invoices.id} order by ${payments.createdAt} desc limit 1)`;

/** The provider and status of an invoice's latest payment: what mark-paid acts on. */
export const latestPaymentProvider = latestPaymentColumn(payments.provider);
export const latestPaymentStatus = latestPaymentColumn(payments.status);

export function invoiceDocument(row: InvoiceRow, bank: BankDetails): InvoiceDocument {
  return {
    number: row.number,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    lang: row.lang,
    seller: row.seller,
    buyer: row.buyer,
    lines: row.lines,
    subtotal: row.subtotal,
    vatRate: row.vatRate,
    vat: row.vat,
    total: row.total,
    vatCategory: row.vatCategory,
    taxCountry: row.taxCountry,
    buyerVat: row.buyerVat,
    bank,
    // A paid invoice's PDF says "Paid on" its Amsterdam day (API.md section 6).
    paidOn: row.status === 'paid' && row.paidAt ? amsterdamDay(row.paidAt) : null,
  };
}

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
