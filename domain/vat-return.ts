// The bookkeeper's side of the VAT rule (issue 43, API.md section 11), pure: the quarter of a
// `YYYY-Qn` period, the Dutch VAT return's boxes of a quarter's documents, and the invoices CSV.
// Documents are invoices and credit notes (credit notes with negative amounts, in the quarter of
// their own date). Amounts in cents.

import * as v from 'valibot';
import { isIsoDay, type IsoDay } from './format.ts';
import type { VatCategory } from './vat.ts';

export const VAT_PERIOD_PATTERN = /^(\d{4})-Q([1-4])$/;

/** The Amsterdam days of a quarter, both included; null for anything else. */
export function quarterDays(period: string): { from: IsoDay; to: IsoDay } | null {
  const match = VAT_PERIOD_PATTERN.exec(period);
  if (!match) return null;
  const year = Number(match[1]);
  const quarter = Number(match[2]);
  if (year < 2000 || year > 2999) return null;
  const first = (quarter - 1) * 3 + 1;
  const last = first + 2;
  const lastDay = new Date(Date.UTC(year, last, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(last)}-${pad(lastDay)}` };
}

/** An invoice or a credit note as the reports read it. */
export interface VatDocument {
  number: string;
  kind: 'invoice' | 'creditNote';
  issueDate: IsoDay;
  customer: string;
  country: string;
  vatNumber: string | null;
  net: number;
  vatRate: number;
  vat: number;
  total: number;
  vatCategory: VatCategory;
  taxCountry: string;
  status: string;
  paidOn: IsoDay | null;
}

export interface VatReturn {
  boxes: { '1a': { base: number; vat: number }; '1e': { base: number }; '3b': { base: number } };
  oss: Array<{ country: string; base: number; vat: number }>;
}

/**
 * The quarter's boxes: 1a Dutch sales at 21% (base and VAT), 1e sales at 0% or not taxed with
 * the studio (the KOR's exempt sales), 3b services to businesses in other EU countries (reverse
 * charge); sales taxed in the customer's country go to the OSS part, per country.
 */
export function vatReturn(documents: readonly VatDocument[]): VatReturn {
  const boxes = { '1a': { base: 0, vat: 0 }, '1e': { base: 0 }, '3b': { base: 0 } };
  const oss = new Map<string, { base: number; vat: number }>();
  for (const doc of documents) {
    if (doc.vatCategory === 'AE') boxes['3b'].base += doc.net;
    else if (doc.vatCategory === 'E') boxes['1e'].base += doc.net;
    else if (doc.taxCountry === 'NL') {
      boxes['1a'].base += doc.net;
      boxes['1a'].vat += doc.vat;
    } else {
      const part = oss.get(doc.taxCountry) ?? { base: 0, vat: 0 };
      part.base += doc.net;
      part.vat += doc.vat;
      oss.set(doc.taxCountry, part);
    }
  }
  return {
    boxes,
    oss: [...oss.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([country, part]) => ({ country, ...part })),
  };
}

export const INVOICES_CSV_COLUMNS = [
  'number',
  'kind',
  'issueDate',
  'customer',
  'country',
  'vatNumber',
  'net',
  'vatRate',
  'vat',
  'total',
  'status',
  'paidOn',
] as const;

/** A text cell: quoted, and never read as a formula by a spreadsheet (`=`, `+`, `-`, `@`). */
function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const euros = (cents: number) => (cents / 100).toFixed(2);

/** The invoices CSV: a header, then a row per document (amounts in euros, dot decimals). */
export function invoicesCsv(documents: readonly VatDocument[]): string {
  const rows = documents.map((d) =>
    [
      textCell(d.number),
      d.kind,
      d.issueDate,
      textCell(d.customer),
      d.country,
      textCell(d.vatNumber ?? ''),
      euros(d.net),
      String(d.vatRate),
      euros(d.vat),
      euros(d.total),
      d.status,
      d.paidOn ?? '',
    ].join(','),
  );
  return `${[INVOICES_CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

const day = v.pipe(v.string(), v.check(isIsoDay, 'form.validation.invalid'));

/** `GET /api/admin/exports/invoices.csv?from&to`: Amsterdam days, both included, at most 3 years. */
export const invoicesCsvQuerySchema = v.pipe(
  v.object({ from: day, to: day }),
  v.check(
    ({ from, to }) => from <= to && Number(to.slice(0, 4)) - Number(from.slice(0, 4)) <= 3,
    'form.validation.invalid',
  ),
);

/** `GET /api/admin/vat-return?period=YYYY-Qn`. */
export const vatReturnQuerySchema = v.object({
  period: v.pipe(
    v.string(),
    v.check((value) => quarterDays(value) !== null, 'form.validation.invalid'),
  ),
});
