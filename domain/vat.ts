// The one VAT rule (issue 43, API.md section 11): what VAT a quote, an order, a renewal invoice
// and a credit note carry. Pure: the server passes in the configured scheme and thresholds and
// the calendar year's turnover so far (read from the database under the year's VAT lock, see
// api/vat/vat-year.ts); the order page and the checkout call the same function.
//
// 1. A business in another EU country whose VAT number VIES confirmed: 0%, reverse charge (AE).
// 2. A consumer in another EU country once the year's EU consumer sales pass OSS_THRESHOLD: the
//    customer's country's VAT (category S, declared through OSS).
// 3. Otherwise Dutch VAT: `standard` 21%; `kor` 0% with the exemption note (E) until the year's
//    Dutch turnover passes KOR_THRESHOLD: the invoice that passes it and every later one 21%.

import * as v from 'valibot';

export const VAT_SCHEMES = ['kor', 'standard'] as const;
export type VatScheme = (typeof VAT_SCHEMES)[number];

/** UNCL 5305 tax categories used here: standard rate, exempt (KOR), reverse charge. */
export type VatCategory = 'S' | 'E' | 'AE';
/** What the invoice says instead of (or beside) a rate. */
export type VatNote = 'kor' | 'reverseCharge' | null;

/** The standard VAT rate (percent) of each country the studio sells to. */
export const STANDARD_VAT_RATES: Readonly<Record<string, number>> = { NL: 21, BE: 21 };
export const DUTCH_VAT_RATE = 21;

export interface VatSettings {
  scheme: VatScheme;
  /** Cents: the KOR's turnover limit per calendar year. */
  korThreshold: number;
  /** Cents: the EU-wide limit of consumer sales to other EU countries per calendar year. */
  ossThreshold: number;
}

export const DEFAULT_VAT_SETTINGS: VatSettings = {
  scheme: 'kor',
  korThreshold: 2_000_000,
  ossThreshold: 1_000_000,
};

/** Who is billed, as the VAT rule needs it. */
export interface VatCustomer {
  /** ISO country code (`NL`, `BE`). */
  country: string;
  /** The customer's VAT number, when they gave one. */
  vatNumber?: string | null | undefined;
  /** VIES confirmed the number (not merely "unknown" because VIES was down). */
  vatConfirmed?: boolean | undefined;
}

/** The calendar year's sales before this document (cents, net of credit notes). */
export interface VatYear {
  /** Dutch-taxed turnover (reverse-charged and OSS sales not counted). */
  korTurnover: number;
  /** Consumer sales to other EU countries. */
  ossSales: number;
  /** A document of the year already carried Dutch VAT under the KOR scheme: the KOR is over. */
  korPassed?: boolean | undefined;
  /** A document of the year already carried another country's VAT: OSS applies from then on. */
  ossPassed?: boolean | undefined;
}

export const EMPTY_VAT_YEAR: VatYear = { korTurnover: 0, ossSales: 0 };

export interface VatDecision {
  /** Percent. */
  rate: number;
  category: VatCategory;
  note: VatNote;
  /** The country whose VAT this is (`NL`, or the customer's under OSS). */
  taxCountry: string;
  /** The customer's VAT number as the invoice names it (reverse charge only). */
  customerVat: string | null;
  /** Whether the sale counts towards the KOR turnover and towards the OSS limit. */
  countsForKor: boolean;
  countsForOss: boolean;
}

/** Half away from zero, so a credit's VAT mirrors the invoice's exactly. */
export function vatAmount(net: number, rate: number): number {
  const value = Math.round((Math.abs(net) * rate) / 100);
  return net < 0 ? -value : value;
}

/** Whether the decision for this customer depends on the year's turnover (the server locks then). */
export function needsTurnover(settings: VatSettings, customer: VatCustomer): boolean {
  if (isReverseCharge(customer)) return false;
  return settings.scheme === 'kor' || customer.country !== 'NL';
}

function isReverseCharge(customer: VatCustomer): boolean {
  return customer.country !== 'NL' && Boolean(customer.vatConfirmed && customer.vatNumber);
}

/** The rule of the file's note for a document of `net` cents (excl. VAT). */
export function decideVat(
  settings: VatSettings,
  customer: VatCustomer,
  year: VatYear,
  net: number,
): VatDecision {
  if (isReverseCharge(customer))
    return {
      rate: 0,
      category: 'AE',
      note: 'reverseCharge',
      taxCountry: customer.country,
      customerVat: customer.vatNumber!,
      countsForKor: false,
      countsForOss: false,
    };
  const foreignConsumer = customer.country !== 'NL';
  if (
    foreignConsumer &&
    (year.ossPassed || year.ossSales + net > settings.ossThreshold) &&
    STANDARD_VAT_RATES[customer.country] !== undefined
  )
    return {
      rate: STANDARD_VAT_RATES[customer.country]!,
      category: 'S',
      note: null,
      taxCountry: customer.country,
      customerVat: null,
      countsForKor: false,
      countsForOss: true,
    };
  const dutch = { taxCountry: 'NL', customerVat: null, countsForKor: true };
  const korExempt =
    settings.scheme === 'kor' && !year.korPassed && year.korTurnover + net <= settings.korThreshold;
  return korExempt
    ? { ...dutch, rate: 0, category: 'E', note: 'kor', countsForOss: foreignConsumer }
    : {
        ...dutch,
        rate: DUTCH_VAT_RATE,
        category: 'S',
        note: null,
        countsForOss: foreignConsumer,
      };
}

/** The year after a document of `net` with `decision` (the billing job issues several at once). */
export function afterDocument(
  settings: VatSettings,
  year: VatYear,
  decision: VatDecision,
  net: number,
): VatYear {
  return {
    korTurnover: year.korTurnover + (decision.countsForKor ? net : 0),
    ossSales: year.ossSales + (decision.countsForOss ? net : 0),
    korPassed:
      Boolean(year.korPassed) ||
      (settings.scheme === 'kor' && decision.taxCountry === 'NL' && decision.category === 'S'),
    ossPassed: Boolean(year.ossPassed) || decision.taxCountry !== 'NL',
  };
}

/** A document line with the VAT rule's verdict. */
export type VatLine<L> = L & { vatCategory: VatCategory; vatRate: number };

export interface VatTotals<L> {
  lines: Array<VatLine<L>>;
  subtotal: number;
  vatRate: number;
  vat: number;
  total: number;
  vatNote: VatNote;
  vatCategory: VatCategory;
}

/**
 * The totals of a document's lines under `decision`: every line gets the category and rate, the
 * VAT is the rate of the lines' sum, rounded once (EN 16931: per category, not per line).
 */
export function applyVat<L extends { amount: number }>(
  decision: VatDecision,
  lines: readonly L[],
): VatTotals<L> {
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const vat = vatAmount(subtotal, decision.rate);
  return {
    lines: lines.map((line) => ({
      ...line,
      vatCategory: decision.category,
      vatRate: decision.rate,
    })),
    subtotal,
    vatRate: decision.rate,
    vat,
    total: subtotal + vat,
    vatNote: decision.note,
    vatCategory: decision.category,
  };
}

/** The note a stored document's category carries. */
export function vatNoteOf(category: VatCategory): VatNote {
  return category === 'E' ? 'kor' : category === 'AE' ? 'reverseCharge' : null;
}

/** `POST /api/quote`'s `customer` field. */
export const vatCustomerSchema = v.object({
  country: v.picklist(['NL', 'BE']),
  vat: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(20))),
});
