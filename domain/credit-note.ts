// Credit notes (issue 42, API.md section 10): the correction of an issued invoice, a document of
// its own series `CN-YYYY-NNNN` (gap-free per calendar year, like invoices), naming the original
// invoice, with negative amounts and the VAT rate of the original. The rules of what may still be
// credited are here, pure, so the server computes every amount and the UI can show the same.

import * as v from 'valibot';
import { formatInvoiceNumber } from './invoice.ts';
import { vatAmount } from './vat.ts';

export const CREDIT_NOTE_NUMBER_PATTERN = /^CN-(\d{4})-(\d{4,})$/;

export function formatCreditNoteNumber(year: number, sequence: number): string {
  return `CN-${formatInvoiceNumber(year, sequence)}`;
}

export function parseCreditNoteNumber(value: string): { year: number; sequence: number } | null {
  const match = CREDIT_NOTE_NUMBER_PATTERN.exec(value);
  if (!match) return null;
  const sequence = Number(match[2]);
  if (sequence < 1 || !Number.isSafeInteger(sequence)) return null;
  return { year: Number(match[1]), sequence };
}

/** The longest reason a credit note keeps. */
export const CREDIT_REASON_MAX = 500;

/**
 * POST /api/admin/invoices/{number}/credit: `{ reason, lines?: [{ index, amount }] }` (`index`
 * 0-based in the invoice's lines, `amount` the positive cents to credit on it).
 */
export const creditRequestSchema = v.object({
  reason: v.pipe(
    v.optional(v.string('form.validation.required'), ''),
    v.trim(),
    v.nonEmpty('form.validation.required'),
    v.maxLength(CREDIT_REASON_MAX, 'form.validation.invalid'),
  ),
  lines: v.optional(
    v.pipe(
      v.array(
        v.object({
          index: v.pipe(
            v.number('form.validation.invalid'),
            v.integer('form.validation.invalid'),
            v.minValue(0, 'form.validation.invalid'),
            v.maxValue(999, 'form.validation.invalid'),
          ),
          amount: v.pipe(
            v.number('form.validation.invalid'),
            v.integer('form.validation.invalid'),
            v.minValue(1, 'form.validation.invalid'),
            v.maxValue(100_000_000, 'form.validation.invalid'),
          ),
        }),
        'form.validation.invalid',
      ),
      v.minLength(1, 'form.validation.invalid'),
      v.maxLength(100, 'form.validation.invalid'),
    ),
  ),
});
export type CreditRequest = v.InferOutput<typeof creditRequestSchema>;

/** An invoice line as a credit note needs it (the invoice's own `lines` entries). */
export interface CreditableLine {
  description: string;
  billing: string;
  amount: number;
  months?: number;
}

/** A credit note's line: which invoice line it corrects, and the (negative) amount. */
export interface CreditNoteLine {
  /** 0-based, in the invoice's `lines`. */
  index: number;
  description: string;
  billing: string;
  months?: number;
  /** Negative cents (excl. VAT), as the invoice line's amount. */
  amount: number;
}

export interface CreditableInvoice {
  lines: readonly CreditableLine[];
  subtotal: number;
  vatRate: number;
  vat: number;
  total: number;
}

/** What earlier credit notes of the invoice took (their stored lines and totals, negative). */
export interface EarlierCredit {
  lines: ReadonlyArray<{ index: number; amount: number }>;
  vat: number;
  total: number;
}

/** What each invoice line still has to credit (positive cents; 0 when fully credited). */
export function remainingPerLine(
  invoice: Pick<CreditableInvoice, 'lines'>,
  earlier: readonly EarlierCredit[],
): number[] {
  const remaining = invoice.lines.map((line) => line.amount);
  for (const credit of earlier)
    for (const line of credit.lines)
      if (line.index in remaining) remaining[line.index]! += line.amount;
  return remaining;
}

/** The amount (incl. VAT, positive) not yet credited; 0 when the invoice is credited in full. */
export function remainingTotal(invoice: CreditableInvoice, earlier: readonly EarlierCredit[]) {
  return invoice.total + earlier.reduce((sum, credit) => sum + credit.total, 0);
}

export type CreditPlan =
  | {
      ok: true;
      lines: CreditNoteLine[];
      subtotal: number;
      vatRate: number;
      vat: number;
      total: number;
      /** After this credit nothing is left to credit. */
      full: boolean;
    }
  | { ok: false; error: 'NOTHING_TO_CREDIT' | 'UNKNOWN_LINE' };

/**
 * The credit note for `request` (or, without one, for everything not yet credited): negative
 * lines, the VAT at the invoice's rate, rounded as the invoice's (to the cent). When the credit
 * takes the last of every line, its VAT and total are exactly what is left of the invoice's, so
 * the credit notes of an invoice always add up to the invoice and never more.
 */
export function planCredit(
  invoice: CreditableInvoice,
  earlier: readonly EarlierCredit[],
  request?: ReadonlyArray<{ index: number; amount: number }>,
): CreditPlan {
  const remaining = remainingPerLine(invoice, earlier);
  const take = remaining.map(() => 0);
  if (request && request.length > 0) {
    for (const { index, amount } of request) {
      if (!Number.isInteger(index) || index < 0 || index >= invoice.lines.length)
        return { ok: false, error: 'UNKNOWN_LINE' };
      if (!Number.isInteger(amount) || amount < 1) return { ok: false, error: 'NOTHING_TO_CREDIT' };
      take[index]! += amount;
    }
    if (take.some((amount, i) => amount > 0 && amount > remaining[i]!))
      return { ok: false, error: 'NOTHING_TO_CREDIT' };
  } else {
    remaining.forEach((amount, i) => (take[i] = amount > 0 ? amount : 0));
  }
  const leftTotal = remainingTotal(invoice, earlier);
  if (leftTotal <= 0 || take.every((amount) => amount === 0))
    return { ok: false, error: 'NOTHING_TO_CREDIT' };
  const lines: CreditNoteLine[] = [];
  take.forEach((amount, index) => {
    if (amount === 0) return;
    const line = invoice.lines[index]!;
    lines.push({
      index,
      description: line.description,
      billing: line.billing,
      ...(line.months ? { months: line.months } : {}),
      amount: -amount,
    });
  });
  const net = take.reduce((sum, amount) => sum + amount, 0);
  // Every line with something left is taken in full (a line whose amount is negative, a discount,
  // is credited with the full credit: it is "left" then with the rest).
  const full = remaining.every((left, i) => left <= 0 || take[i] === left);
  if (full) {
    const discounts = remaining.reduce((sum, left) => (left < 0 ? sum + left : sum), 0);
    remaining.forEach((left, index) => {
      if (left >= 0) return;
      const line = invoice.lines[index]!;
      lines.push({
        index,
        description: line.description,
        billing: line.billing,
        ...(line.months ? { months: line.months } : {}),
        amount: -left,
      });
    });
    lines.sort((a, b) => a.index - b.index);
    const subtotal = -(net + discounts);
    const total = -leftTotal;
    return {
      ok: true,
      lines,
      subtotal,
      vatRate: invoice.vatRate,
      vat: total - subtotal,
      total,
      full,
    };
  }
  // The one VAT rule's rounding (domain/vat.ts), at the invoice's rate.
  const vat = vatAmount(net, invoice.vatRate);
  // Never more than is left of the invoice, whatever the rounding did.
  const total = Math.min(net + vat, leftTotal);
  return {
    ok: true,
    lines,
    subtotal: -net,
    vatRate: invoice.vatRate,
    vat: net - total,
    total: -total,
    full: false,
  };
}
