import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber, invoiceYear, parseInvoiceNumber } from './invoice.ts';

describe('invoice numbers', () => {
  it('are YYYY-NNNN, four digits at least', () => {
    expect(formatInvoiceNumber(2026, 1)).toBe('2026-0001');
    expect(formatInvoiceNumber(2026, 42)).toBe('2026-0042');
    expect(formatInvoiceNumber(2026, 12345)).toBe('2026-12345');
    expect(() => formatInvoiceNumber(2026, 0)).toThrow(RangeError);
    expect(() => formatInvoiceNumber(26, 1)).toThrow(RangeError);
  });

  it('parse back, and refuse anything else', () => {
    expect(parseInvoiceNumber('2026-0001')).toEqual({ year: 2026, sequence: 1 });
    for (const bad of ['2026-1', '2026-0000', '26-0001', '2026_0001', '../2026-0001', ''])
      expect(parseInvoiceNumber(bad)).toBeNull();
  });

  it('take the year of the Amsterdam calendar day', () => {
    expect(invoiceYear(new Date('2026-12-31T22:59:59Z'))).toBe(2026);
    expect(invoiceYear(new Date('2026-12-31T23:00:00Z'))).toBe(2027);
  });
});
