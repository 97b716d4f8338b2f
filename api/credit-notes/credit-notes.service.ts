/**
 * Credit notes (issue 42, API.md section 10): issuing one for an invoice, reading one, and the
 * credit notes beside the invoices in the client area and the staff table.
 *
 * - `issueCreditNote(tx, input)` locks the invoice row (`FOR UPDATE`: two credits of one invoice
 *   queue, so together they never take more than is left), plans the credit with the pure rules
 *   of domain/credit-note.ts, takes the next `CN-YYYY-NNNN` number from the one numbering
 *   mechanism of every numbered document (`nextDocumentNumbers`, the `credit-note` series; the
 *   counter row stays locked until commit, so take it last) and writes the note. An open invoice
 *   credited in full becomes `credited`: no reminders (they pick `open` invoices), no pay link,
 *   not payable (a late payment's webhook only moves `open` invoices to `paid`).
 * - A credit note never changes: the table's trigger refuses every UPDATE and DELETE.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { planCredit, type CreditNoteLine, type EarlierCredit } from '#domain/credit-note.ts';
import { amsterdamDay } from '#domain/format.ts';
import { invoiceYear } from '#domain/invoice.ts';
import type { Db, Tx } from '../db/database.ts';
import { creditNotes, invoices } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { renderInvoicePdf, type BankDetails } from '../invoices/invoice-pdf.ts';
import { nextDocumentNumbers } from '../invoices/invoice-numbers.ts';
import type { InvoiceRow } from '../invoices/invoices.ts';

export type CreditNoteRow = typeof creditNotes.$inferSelect;

/** The contract's JSON of a credit note (API.md section 10). */
export interface CreditNoteJson {
  number: string;
  issueDate: string;
  invoiceNumber: string;
  invoiceDate: string;
  reason: string;
  lines: Array<{ displayName: string; amount: number }>;
  subtotal: number;
  vatRate: number;
  vat: number;
  total: number;
}

export function creditNoteJson(
  note: CreditNoteRow,
  invoice: Pick<InvoiceRow, 'number' | 'issueDate'>,
): CreditNoteJson {
  return {
    number: note.number,
    issueDate: note.issueDate,
    invoiceNumber: invoice.number,
    invoiceDate: invoice.issueDate,
    reason: note.reason,
    lines: note.lines.map((line) => ({ displayName: line.description, amount: line.amount })),
    subtotal: note.subtotal,
    vatRate: note.vatRate,
    vat: note.vat,
    total: note.total,
  };
}

/** The invoice's credit notes, oldest first. */
export async function creditNotesOf(db: Db | Tx, invoiceId: string): Promise<CreditNoteRow[]> {
  return db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId))
    .orderBy(asc(creditNotes.year), asc(creditNotes.sequence));
}

const asEarlier = (note: CreditNoteRow): EarlierCredit => ({
  lines: note.lines,
  vat: note.vat,
  total: note.total,
});

export interface IssueCreditNoteInput {
  invoiceNumber: string;
  reason: string;
  /** Per line (0-based index, positive cents); absent: everything not yet credited. */
  lines?: ReadonlyArray<{ index: number; amount: number }> | undefined;
  at: Date;
  /** The staff member issuing it; null for the system. */
  issuedBy: string | null;
}

/**
 * Issues a credit note inside `tx`. 404 for an unknown invoice, 400 for a line index the invoice
 * does not have, 409 NOTHING_TO_CREDIT for more than is left (or nothing left at all).
 */
export async function issueCreditNote(
  tx: Tx,
  input: IssueCreditNoteInput,
): Promise<{ creditNote: CreditNoteRow; invoice: InvoiceRow }> {
  // The lock: every credit of this invoice waits here for the one before it to commit.
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.number, input.invoiceNumber))
    .for('update');
  if (!invoice) throw new ApiError('NOT_FOUND');
  const earlier = (await creditNotesOf(tx, invoice.id)).map(asEarlier);
  const plan = planCredit(invoice, earlier, input.lines);
  if (!plan.ok) {
    if (plan.error === 'UNKNOWN_LINE')
      throw new ApiError('VALIDATION_FAILED', { fields: { lines: 'form.validation.invalid' } });
    throw new ApiError('NOTHING_TO_CREDIT');
  }
  const [numbered] = await nextDocumentNumbers(tx, 'credit-note', invoiceYear(input.at), 1);
  const [creditNote] = await tx
    .insert(creditNotes)
    .values({
      number: numbered!.number,
      year: invoiceYear(input.at),
      sequence: numbered!.sequence,
      invoiceId: invoice.id,
      userId: invoice.userId,
      issuedBy: input.issuedBy,
      issuedAt: input.at,
      issueDate: amsterdamDay(input.at),
      lang: invoice.lang,
      reason: input.reason,
      lines: plan.lines satisfies CreditNoteLine[],
      subtotal: plan.subtotal,
      vatRate: plan.vatRate,
      vat: plan.vat,
      total: plan.total,
      // The invoice's VAT verdict (issue 43): a credit note corrects it at the same rate.
      vatCategory: invoice.vatCategory,
      taxCountry: invoice.taxCountry,
    })
    .returning();
  let current = invoice;
  if (plan.full && invoice.status === 'open') {
    const [updated] = await tx
      .update(invoices)
      .set({ status: 'credited' })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'open')))
      .returning();
    current = updated ?? invoice;
  }
  return { creditNote: creditNote!, invoice: current };
}

/** A credit note with its invoice's number and date, or null. */
export async function findCreditNote(
  db: Db | Tx,
  number: string,
): Promise<{ note: CreditNoteRow; invoice: InvoiceRow } | null> {
  const [row] = await db
    .select({ note: creditNotes, invoice: invoices })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(creditNotes.number, number))
    .limit(1);
  return row ?? null;
}

/** The credit note as a PDF: the invoice's layout, titled "Credit note" / "Creditnota". */
export function creditNotePdf(
  note: CreditNoteRow,
  invoice: InvoiceRow,
  bank: BankDetails,
): Uint8Array {
  return renderInvoicePdf({
    number: note.number,
    issueDate: note.issueDate,
    dueDate: note.issueDate,
    lang: note.lang,
    seller: invoice.seller,
    buyer: invoice.buyer,
    lines: note.lines,
    subtotal: note.subtotal,
    vatRate: note.vatRate,
    vat: note.vat,
    total: note.total,
    vatCategory: note.vatCategory,
    taxCountry: note.taxCountry,
    buyerVat: invoice.buyerVat,
    bank,
    creditNote: {
      invoiceNumber: invoice.number,
      invoiceDate: invoice.issueDate,
      reason: note.reason,
    },
  });
}

/** The client area's entry of a credit note (GET /api/account/invoices, `kind: "creditNote"`). */
export interface AccountCreditNoteEntry {
  kind: 'creditNote';
  number: string;
  issueDate: string;
  dueDate: null;
  total: number;
  status: 'credited';
  payLink: null;
  invoiceNumber: string;
}

/** The user's credit notes, newest first, each naming its invoice. */
export async function accountCreditNotes(
  db: Db | Tx,
  userId: string,
): Promise<Array<AccountCreditNoteEntry & { issuedAt: Date }>> {
  const rows = await db
    .select({
      number: creditNotes.number,
      issueDate: creditNotes.issueDate,
      issuedAt: creditNotes.issuedAt,
      total: creditNotes.total,
      invoiceNumber: invoices.number,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(creditNotes.userId, userId))
    .orderBy(desc(creditNotes.issuedAt), desc(creditNotes.sequence));
  return rows.map((r) => ({
    kind: 'creditNote' as const,
    ...r,
    dueDate: null,
    status: 'credited' as const,
    payLink: null,
  }));
}

/** The credited amount (positive cents, incl. VAT) of each of these invoices. */
export async function creditedTotals(
  db: Db | Tx,
  invoiceIds: readonly string[],
): Promise<Map<string, number>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .select({
      invoiceId: creditNotes.invoiceId,
      credited: sql<number>`(-sum(${creditNotes.total}))::int`,
    })
    .from(creditNotes)
    .where(inArray(creditNotes.invoiceId, [...invoiceIds]))
    .groupBy(creditNotes.invoiceId);
  return new Map(rows.map((r) => [r.invoiceId, Number(r.credited)]));
}

/** `credited` when nothing is left to credit (also a paid invoice refunded in full). */
export function shownStatus(
  invoice: Pick<InvoiceRow, 'status' | 'total'>,
  credited: number | undefined,
): InvoiceRow['status'] {
  if (invoice.status === 'credited') return 'credited';
  return credited !== undefined && credited > 0 && credited >= invoice.total
    ? 'credited'
    : invoice.status;
}

/** The staff table's credit notes of each invoice: number, date and total, oldest first. */
export async function staffCreditNotes(
  db: Db | Tx,
  invoiceNumbers: readonly string[],
): Promise<Map<string, Array<{ number: string; issueDate: string; total: number }>>> {
  const result = new Map<string, Array<{ number: string; issueDate: string; total: number }>>();
  if (invoiceNumbers.length === 0) return result;
  const rows = await db
    .select({
      invoiceNumber: invoices.number,
      number: creditNotes.number,
      issueDate: creditNotes.issueDate,
      total: creditNotes.total,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(inArray(invoices.number, [...invoiceNumbers]))
    .orderBy(asc(creditNotes.year), asc(creditNotes.sequence));
  for (const { invoiceNumber, ...note } of rows)
    result.set(invoiceNumber, [...(result.get(invoiceNumber) ?? []), note]);
  return result;
}
