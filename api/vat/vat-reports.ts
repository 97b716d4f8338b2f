/**
 * The bookkeeper's reads (issue 43): every invoice and credit note of a span of Amsterdam days as
 * the reports need them (domain/vat-return.ts turns them into the CSV and the VAT return), and the
 * staff overview's KOR figures.
 */
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { amsterdamDay, type IsoDay } from '#domain/format.ts';
import type { VatDocument } from '#domain/vat-return.ts';
import type { VatSettings } from '#domain/vat.ts';
import type { Db } from '../db/database.ts';
import { creditNotes, invoices, orders, type InvoiceParty } from '../db/schema.ts';
import { vatYearOf } from './vat-year.ts';

const customerOf = (buyer: InvoiceParty) =>
  buyer.company ? `${buyer.company} (${buyer.name})` : buyer.name;

/** Invoices and credit notes issued from `from` to `to` (both included), in date and number order. */
export async function vatDocuments(db: Db, from: IsoDay, to: IsoDay): Promise<VatDocument[]> {
  const invoiceRows = await db
    .select()
    .from(invoices)
    .where(and(gte(invoices.issueDate, from), lte(invoices.issueDate, to)))
    .orderBy(asc(invoices.year), asc(invoices.sequence));
  const noteRows = await db
    .select({ note: creditNotes, invoice: invoices })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(and(gte(creditNotes.issueDate, from), lte(creditNotes.issueDate, to)))
    .orderBy(asc(creditNotes.year), asc(creditNotes.sequence));
  const documents: VatDocument[] = [
    ...invoiceRows.map((i): VatDocument => ({
      number: i.number,
      kind: 'invoice',
      issueDate: i.issueDate,
      customer: customerOf(i.buyer),
      country: i.buyerCountry,
      vatNumber: i.buyerVat ?? i.buyer.vat ?? null,
      net: i.subtotal,
      vatRate: i.vatRate,
      vat: i.vat,
      total: i.total,
      vatCategory: i.vatCategory,
      taxCountry: i.taxCountry,
      status: i.status,
      paidOn: i.paidAt ? amsterdamDay(i.paidAt) : null,
    })),
    ...noteRows.map(({ note, invoice }): VatDocument => ({
      number: note.number,
      kind: 'creditNote',
      issueDate: note.issueDate,
      customer: customerOf(invoice.buyer),
      country: invoice.buyerCountry,
      vatNumber: invoice.buyerVat ?? invoice.buyer.vat ?? null,
      net: note.subtotal,
      vatRate: note.vatRate,
      vat: note.vat,
      total: note.total,
      vatCategory: note.vatCategory,
      taxCountry: note.taxCountry,
      status: 'credit',
      paidOn: null,
    })),
  ];
  return documents.sort(
    (a, b) => a.issueDate.localeCompare(b.issueDate) || a.number.localeCompare(b.number),
  );
}

/** The staff overview's VAT figures: the year's KOR turnover against the threshold. */
export interface VatOverview {
  scheme: VatSettings['scheme'];
  year: number;
  korTurnover: number;
  korThreshold: number;
  /** Percent of the threshold used, one decimal. */
  korUsed: number;
  /** From 80% of the threshold (or past it). */
  korWarning: boolean;
  korPassed: boolean;
  /** Orders whose VAT number VIES could not confirm: staff check these by hand. */
  viesUnconfirmed: number;
}

export const KOR_WARNING_PERCENT = 80;

export async function vatOverview(db: Db, settings: VatSettings, now: Date): Promise<VatOverview> {
  const year = Number(amsterdamDay(now).slice(0, 4));
  const turnover = await vatYearOf(db, year);
  const [unconfirmed] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.viesStatus, 'unknown'));
  const used =
    settings.korThreshold > 0
      ? Math.round((turnover.korTurnover / settings.korThreshold) * 1000) / 10
      : 100;
  const korPassed = settings.scheme === 'kor' && Boolean(turnover.korPassed);
  return {
    scheme: settings.scheme,
    year,
    korTurnover: turnover.korTurnover,
    korThreshold: settings.korThreshold,
    korUsed: used,
    korWarning: settings.scheme === 'kor' && (korPassed || used >= KOR_WARNING_PERCENT),
    korPassed,
    viesUnconfirmed: Number(unconfirmed?.count ?? 0),
  };
}
