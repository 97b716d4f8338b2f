/**
 * Numbering of every numbered document (invoices, credit notes): one gap-free counter per series
 * and year in the database (shared by every app server), formatted by the rules in domain/
 * (`formatInvoiceNumber`, `formatCreditNoteNumber`).
 */
import { sql } from 'drizzle-orm';
import { formatCreditNoteNumber } from '#domain/credit-note.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import { cachedQuery, slot } from '../db/cached-query.ts';
import type { Tx } from '../db/database.ts';
import { invoiceCounters, type DocumentSeries } from '../db/schema.ts';

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
