/**
 * Issuing invoices, reusable by every flow that bills (checkout, recurring billing):
 *
 * - `issueInvoice(tx, input)` takes the year's next number and writes the invoice. Call it as the
 *   LAST step of the transaction (followed only by the few inserts that need the number: the
 *   payment row, the idempotent answer, the mail rows), because the year's counter row stays
 *   locked from numbering until commit and every other order waits behind it.
 * - `renderAndStoreInvoicePdf(database, invoiceId, bank)` renders the PDF once, outside any
 *   transaction, and stores the bytes; later calls (the download, the mail delivery) get the same
 *   bytes. An issued invoice never changes, so neither does its PDF. The checkout leaves it to the
 *   background job of invoice-pdfs.ts; a PDF not stored yet is rendered when first needed.
 * - `invoicePdfAttachment(invoice)` is a mail attachment that refers to the stored PDF; the
 *   mailer reads the bytes at delivery (so a mail row can be written inside the transaction,
 *   before the PDF exists).
 */
import { desc, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { addDays, amsterdamDay, type IsoDay } from '#domain/format.ts';
import { invoiceYear, PAYMENT_TERM_DAYS } from '#domain/invoice.ts';
import type { VatDecision } from '#domain/vat.ts';
import { cachedQuery, slots } from '../db/cached-query.ts';
import type { Database, Db, Tx } from '../db/database.ts';
import { invoiceDocuments, invoices, payments, type MailAttachment } from '../db/schema.ts';
import { renderInvoicePdf, type BankDetails, type InvoiceDocument } from './invoice-pdf.ts';
import type { InvoicePdfs } from './invoice-pdfs.ts';
import { invoiceUbl } from '../vat/ubl.ts';
import { nextInvoiceNumbers } from './invoice-numbers.ts';

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

/** What an invoice says besides its number and dates (the PDF's own fields). */
type InvoiceContent = Pick<
  InvoiceDocument,
  'lang' | 'seller' | 'buyer' | 'lines' | 'subtotal' | 'vatRate' | 'vat' | 'total'
>;

export interface IssueInvoiceInput extends InvoiceContent {
  orderId: string;
  userId: string;
  /** The moment of issue; the issue date is its Amsterdam day, the due date 14 days on. */
  at: Date;
  /**
   * The invoice date when it is not `at`'s day: the billing job invoices "as of" a day (API.md
   * section 8); the number comes from that day's year.
   */
  issueDate?: IsoDay | undefined;
  /** The VAT rule's verdict the amounts were computed with (domain/vat.ts). */
  vatDecision: VatDecision;
  /** The buyer's country code (`NL`, `BE`). */
  buyerCountry: string;
}

const INVOICE_KEYS = [
  'number',
  'year',
  'sequence',
  'orderId',
  'userId',
  'issuedAt',
  'issueDate',
  'dueDate',
  'lang',
  'seller',
  'buyer',
  'lines',
  'subtotal',
  'vatRate',
  'vat',
  'total',
  'vatCategory',
  'taxCountry',
  'buyerCountry',
  'buyerVat',
  'status',
  'paidAt',
] as const;
/** The invoices' insert, its SQL built once per row count (decision M15). */
const insertInvoices = cachedQuery<Record<(typeof INVOICE_KEYS)[number], unknown>, InvoiceRow[]>(
  (tx, rows) =>
    tx
      .insert(invoices)
      .values(rows.map((_, i) => slots(INVOICE_KEYS, i)))
      .returning(),
);

/**
 * Issues an invoice inside `tx` with the year's next gap-free number (a rollback gives the number
 * back). A zero-total invoice is paid at issue. Take this as the last step of the transaction.
 */
export async function issueInvoice(tx: Tx, input: IssueInvoiceInput): Promise<InvoiceRow> {
  const [invoice] = await issueInvoices(tx, [input]);
  return invoice!;
}

/**
 * Issues several invoices inside `tx` with one statement per year: numbers in the order given,
 * taken as one block of the year's gap-free counter (the billing job issues a day's renewals of
 * many customers at once). The same rules as `issueInvoice`; take it as the last step.
 */
export async function issueInvoices(tx: Tx, inputs: IssueInvoiceInput[]): Promise<InvoiceRow[]> {
  const dated = inputs.map((input) => ({
    input,
    day: input.issueDate ?? amsterdamDay(input.at),
    year: input.issueDate ? Number(input.issueDate.slice(0, 4)) : invoiceYear(input.at),
  }));
  const byNumber = new Map<string, InvoiceRow>();
  const assigned: string[] = [];
  for (const year of [...new Set(dated.map((d) => d.year))].sort()) {
    const ofYear = dated.filter((d) => d.year === year);
    const numbers = await nextInvoiceNumbers(tx, year, ofYear.length);
    ofYear.forEach((d, i) => (assigned[dated.indexOf(d)] = numbers[i]!.number));
    const rows = await insertInvoices(
      tx,
      ofYear.map(({ input, day }, i) => {
        const free = input.total === 0;
        return {
          number: numbers[i]!.number,
          year,
          sequence: numbers[i]!.sequence,
          orderId: input.orderId,
          userId: input.userId,
          issuedAt: input.at,
          issueDate: day,
          dueDate: addDays(day, PAYMENT_TERM_DAYS),
          lang: input.lang,
          seller: input.seller,
          buyer: input.buyer,
          lines: input.lines,
          subtotal: input.subtotal,
          vatRate: input.vatRate,
          vat: input.vat,
          total: input.total,
          vatCategory: input.vatDecision.category,
          taxCountry: input.vatDecision.taxCountry,
          buyerCountry: input.buyerCountry,
          buyerVat: input.vatDecision.customerVat,
          status: free ? ('paid' as const) : ('open' as const),
          paidAt: free ? input.at : null,
        };
      }),
    );
    for (const row of rows) byNumber.set(row.number, row);
  }
  return assigned.map((number) => byNumber.get(number)!);
}

/** The stored PDF (base64) of an invoice and the paid day it says, or null when none is stored. */
export async function storedInvoiceDocument(
  db: Db | Tx,
  invoiceId: string,
): Promise<{ pdf: string; paidOn: string | null } | null> {
  const [row] = await db
    .select({ pdf: invoiceDocuments.pdf, paidOn: invoiceDocuments.paidOn })
    .from(invoiceDocuments)
    .where(eq(invoiceDocuments.invoiceId, invoiceId))
    .limit(1);
  return row ?? null;
}

/** The stored PDF (base64) of an invoice, or null when it has not been rendered yet. */
export async function storedInvoicePdf(db: Db | Tx, invoiceId: string): Promise<string | null> {
  return (await storedInvoiceDocument(db, invoiceId))?.pdf ?? null;
}

/**
 * The invoice's PDF bytes: the stored ones, or rendered now and stored (outside any order's
 * transaction). Two servers rendering at once store one copy (the first insert wins) and both
 * answer with the stored bytes, so the same invoice always gives the same file. The lines never
 * change; only its payment does: a paid invoice whose stored PDF was drawn while it was open is
 * drawn once more, saying "Paid on" its day, and that copy replaces the open one (D39A-4).
 */
export async function renderAndStoreInvoicePdf(
  database: Database,
  invoice: InvoiceRow | string,
  bank: BankDetails,
): Promise<Uint8Array> {
  const invoiceId = typeof invoice === 'string' ? invoice : invoice.id;
  const row =
    typeof invoice === 'string'
      ? (
          await database.read((db) =>
            db.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1),
          )
        )[0]
      : invoice;
  if (!row) throw new Error(`invoice ${invoiceId} not found`);
  const document = invoiceDocument(row, bank);
  const paidOn = document.paidOn ?? null;
  const stored = await database.read((db) => storedInvoiceDocument(db, invoiceId));
  if (stored && (stored.paidOn !== null || paidOn === null))
    return Buffer.from(stored.pdf, 'base64');
  const pdf = Buffer.from(renderInvoicePdf(document)).toString('base64');
  await database.write((tx) =>
    paidOn === null
      ? tx.insert(invoiceDocuments).values({ invoiceId, pdf }).onConflictDoNothing()
      : tx
          .insert(invoiceDocuments)
          .values({ invoiceId, pdf, paidOn })
          .onConflictDoUpdate({
            target: invoiceDocuments.invoiceId,
            set: { pdf, paidOn },
            setWhere: isNull(invoiceDocuments.paidOn),
          }),
  );
  const kept = await database.read((db) => storedInvoicePdf(db, invoiceId));
  return Buffer.from(kept ?? pdf, 'base64');
}

/** A mail attachment of the invoice's stored PDF, read by the mailer at delivery. */
export function invoicePdfAttachment(invoice: { id: string; number: string }): MailAttachment {
  return {
    filename: `invoice-${invoice.number}.pdf`,
    contentType: 'application/pdf',
    content: '',
    invoiceId: invoice.id,
  };
}

/** The invoice's UBL e-invoice as a mail attachment, made at delivery (issue 43). */
export function invoiceUblAttachment(invoice: { id: string; number: string }): MailAttachment {
  return {
    filename: `invoice-${invoice.number}.xml`,
    contentType: UBL_CONTENT_TYPE,
    content: '',
    invoiceId: invoice.id,
  };
}

/** An invoice mail's attachments: the PDF and, next to it, the UBL e-invoice. */
export function invoiceAttachments(invoice: { id: string; number: string }): MailAttachment[] {
  return [invoicePdfAttachment(invoice), invoiceUblAttachment(invoice)];
}

const UBL_CONTENT_TYPE = 'application/xml';

/**
 * The mailer's resolver on a server: waits for a PDF the background job is drawing (`pdfs`), and
 * renders and stores one that is missing (e.g. after a crash).
 */
export function invoicePdfResolver(
  database: Database,
  bank: BankDetails,
  pdfs?: Pick<InvoicePdfs, 'stored'>,
) {
  return async (attachment: MailAttachment): Promise<MailAttachment> => {
    if (!attachment.invoiceId) return attachment;
    if (attachment.contentType === UBL_CONTENT_TYPE) {
      const [row] = await database.read((db) =>
        db.select().from(invoices).where(eq(invoices.id, attachment.invoiceId!)).limit(1),
      );
      if (!row) throw new Error(`invoice ${attachment.invoiceId} not found`);
      return {
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: Buffer.from(invoiceUbl(row, bank)).toString('base64'),
      };
    }
    await pdfs?.stored(attachment.invoiceId);
    const pdf = await renderAndStoreInvoicePdf(database, attachment.invoiceId, bank);
    return {
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: Buffer.from(pdf).toString('base64'),
    };
  };
}

/** A resolver that only reads the stored PDF (a missing one fails the attempt; it is retried). */
export function storedInvoicePdfResolver(database: Database) {
  return async (attachment: MailAttachment): Promise<MailAttachment> => {
    if (!attachment.invoiceId) return attachment;
    const pdf = await database.read((db) => storedInvoicePdf(db, attachment.invoiceId!));
    if (!pdf) throw new Error(`invoice PDF ${attachment.invoiceId} not stored yet`);
    return { filename: attachment.filename, contentType: attachment.contentType, content: pdf };
  };
}
