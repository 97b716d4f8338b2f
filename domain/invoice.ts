// Invoice numbers: `YYYY-NNNN`, sequential and gap-free per calendar year (Europe/Amsterdam),
// four digits at least (the sequence keeps counting past 9999 with more digits).

import { amsterdamDay } from './format.ts';

export const INVOICE_NUMBER_PATTERN = /^(\d{4})-(\d{4,})$/;

export function invoiceYear(date: Date): number {
  return Number(amsterdamDay(date).slice(0, 4));
}

export function formatInvoiceNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError('year');
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError('sequence');
  return `${year}-${String(sequence).padStart(4, '0')}`;
}

export function parseInvoiceNumber(value: string): { year: number; sequence: number } | null {
  const match = INVOICE_NUMBER_PATTERN.exec(value);
  if (!match) return null;
  const sequence = Number(match[2]);
  if (sequence < 1 || !Number.isSafeInteger(sequence)) return null;
  return { year: Number(match[1]), sequence };
}

/** Days an invoice may stay open (bank transfer). */
export const PAYMENT_TERM_DAYS = 14;
