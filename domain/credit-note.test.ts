import { describe, expect, it } from 'vitest';
import {
  formatCreditNoteNumber,
  parseCreditNoteNumber,
  planCredit,
  remainingTotal,
  type CreditableInvoice,
} from './credit-note.ts';

const invoice: CreditableInvoice = {
  lines: [
    { description: 'Hosting', billing: 'monthly', amount: 3000 },
    { description: 'Domain', billing: 'yearly', amount: 1500 },
  ],
  subtotal: 4500,
  vatRate: 21,
  vat: 945,
  total: 5445,
};

describe('credit note numbers', () => {
  it('are CN-YYYY-NNNN and parse back', () => {
    expect(formatCreditNoteNumber(2026, 7)).toBe('CN-2026-0007');
    expect(parseCreditNoteNumber('CN-2026-0007')).toEqual({ year: 2026, sequence: 7 });
    for (const bad of ['2026-0007', 'CN-2026-0000', 'cn-2026-0001', 'CN-26-0001', ''])
      expect(parseCreditNoteNumber(bad)).toBeNull();
  });
});

describe('planCredit', () => {
  it('credits everything not yet credited, negative, at the invoice VAT rate', () => {
    const plan = planCredit(invoice, []);
    expect(plan).toEqual({
      ok: true,
      lines: [
        { index: 0, description: 'Hosting', billing: 'monthly', amount: -3000 },
        { index: 1, description: 'Domain', billing: 'yearly', amount: -1500 },
      ],
      subtotal: -4500,
      vatRate: 21,
      vat: -945,
      total: -5445,
      full: true,
    });
  });

  it('credits one line in part, then the rest exactly, then nothing more', () => {
    const first = planCredit(invoice, [], [{ index: 0, amount: 1001 }]);
    if (!first.ok) throw new Error('refused');
    expect(first).toMatchObject({ subtotal: -1001, vat: -210, total: -1211, full: false });
    const rest = planCredit(invoice, [first]);
    if (!rest.ok) throw new Error('refused');
    expect(rest.lines.map((l) => [l.index, l.amount])).toEqual([
      [0, -1999],
      [1, -1500],
    ]);
    expect(rest.total + first.total).toBe(-invoice.total);
    expect(rest.vat + first.vat).toBe(-invoice.vat);
    expect(remainingTotal(invoice, [first, rest])).toBe(0);
    expect(planCredit(invoice, [first, rest])).toEqual({ ok: false, error: 'NOTHING_TO_CREDIT' });
  });

  it('refuses more than a line has left, an unknown line and a zero amount', () => {
    expect(planCredit(invoice, [], [{ index: 1, amount: 1501 }])).toEqual({
      ok: false,
      error: 'NOTHING_TO_CREDIT',
    });
    expect(
      planCredit(
        invoice,
        [],
        [
          { index: 1, amount: 1000 },
          { index: 1, amount: 501 },
        ],
      ),
    ).toEqual({ ok: false, error: 'NOTHING_TO_CREDIT' });
    expect(planCredit(invoice, [], [{ index: 2, amount: 1 }])).toEqual({
      ok: false,
      error: 'UNKNOWN_LINE',
    });
    expect(planCredit(invoice, [], [{ index: 0, amount: 0 }])).toEqual({
      ok: false,
      error: 'NOTHING_TO_CREDIT',
    });
  });

  it('a zero-total invoice has nothing to credit', () => {
    const free = {
      lines: [{ description: 'Concierge', billing: 'monthly', amount: 0 }],
      subtotal: 0,
      vatRate: 0,
      vat: 0,
      total: 0,
    };
    expect(planCredit(free, [])).toEqual({ ok: false, error: 'NOTHING_TO_CREDIT' });
  });
});
