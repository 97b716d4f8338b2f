import { describe, expect, it } from 'vitest';
import {
  afterDocument,
  applyVat,
  decideVat,
  needsTurnover,
  vatAmount,
  type VatSettings,
} from './vat.ts';

const KOR: VatSettings = { scheme: 'kor', korThreshold: 2_000_000, ossThreshold: 1_000_000 };
const STANDARD: VatSettings = { ...KOR, scheme: 'standard' };
const EMPTY = { korTurnover: 0, ossSales: 0 };
const DUTCH = { country: 'NL' };
const BELGIAN_BUSINESS = { country: 'BE', vatNumber: 'BE0123456749', vatConfirmed: true };

describe('the VAT rule (API.md section 11)', () => {
  it('standard: a Dutch consumer pays 21%', () => {
    const decision = decideVat(STANDARD, DUTCH, EMPTY, 3000);
    expect(decision).toMatchObject({ rate: 21, category: 'S', note: null, taxCountry: 'NL' });
    const totals = applyVat(decision, [{ amount: 3000 }, { amount: 1499 }]);
    expect(totals).toMatchObject({ subtotal: 4499, vatRate: 21, vat: 945, total: 5444 });
    expect(totals.lines[1]).toEqual({ amount: 1499, vatCategory: 'S', vatRate: 21 });
  });

  it('a Belgian business whose number VIES confirmed is reverse-charged, under either scheme', () => {
    for (const settings of [KOR, STANDARD]) {
      const decision = decideVat(settings, BELGIAN_BUSINESS, EMPTY, 3000);
      expect(decision).toMatchObject({
        rate: 0,
        category: 'AE',
        note: 'reverseCharge',
        customerVat: 'BE0123456749',
        countsForKor: false,
        countsForOss: false,
      });
      expect(applyVat(decision, [{ amount: 3000 }])).toMatchObject({ vat: 0, total: 3000 });
    }
  });

  it('a Belgian number VIES could not confirm is charged as a consumer', () => {
    const decision = decideVat(STANDARD, { ...BELGIAN_BUSINESS, vatConfirmed: false }, EMPTY, 3000);
    expect(decision).toMatchObject({ rate: 21, category: 'S', taxCountry: 'NL' });
    expect(applyVat(decision, [{ amount: 3000 }]).total).toBe(3630);
  });

  it('a Dutch business with a confirmed number pays Dutch VAT (no reverse charge at home)', () => {
    const decision = decideVat(
      STANDARD,
      { country: 'NL', vatNumber: 'NL123456782B01', vatConfirmed: true },
      EMPTY,
      1000,
    );
    expect(decision).toMatchObject({ rate: 21, category: 'S' });
  });

  it('kor: 0% with the exemption note while the turnover stays within the threshold', () => {
    const decision = decideVat(KOR, DUTCH, { korTurnover: 1_990_000, ossSales: 0 }, 10_000);
    expect(decision).toMatchObject({ rate: 0, category: 'E', note: 'kor' });
    expect(applyVat(decision, [{ amount: 10_000 }])).toMatchObject({ vat: 0, total: 10_000 });
  });

  it('kor: the invoice that passes the threshold carries 21%, and every later one', () => {
    const passing = decideVat(KOR, DUTCH, { korTurnover: 1_990_000, ossSales: 0 }, 10_001);
    expect(passing).toMatchObject({ rate: 21, category: 'S', note: null });
    expect(applyVat(passing, [{ amount: 10_001 }])).toMatchObject({ vat: 2100, total: 12_101 });
    const after = afterDocument(KOR, { korTurnover: 1_990_000, ossSales: 0 }, passing, 10_001);
    expect(after).toEqual({
      korTurnover: 2_000_001,
      ossSales: 0,
      korPassed: true,
      ossPassed: false,
    });
    // A credit note brings the turnover under the threshold again: the KOR stays over.
    const later = decideVat(KOR, DUTCH, { ...after, korTurnover: 1_000 }, 500);
    expect(later).toMatchObject({ rate: 21, category: 'S' });
  });

  it('reverse-charged sales do not count towards the KOR turnover', () => {
    const decision = decideVat(KOR, BELGIAN_BUSINESS, EMPTY, 5_000_000);
    expect(afterDocument(KOR, EMPTY, decision, 5_000_000)).toEqual({
      korTurnover: 0,
      ossSales: 0,
      korPassed: false,
      ossPassed: true,
    });
  });

  it('a Belgian consumer: Dutch rules within the OSS threshold, Belgian 21% past it', () => {
    const within = decideVat(
      STANDARD,
      { country: 'BE' },
      { korTurnover: 0, ossSales: 990_000 },
      10_000,
    );
    expect(within).toMatchObject({
      rate: 21,
      taxCountry: 'NL',
      countsForOss: true,
      countsForKor: true,
    });
    const kor = decideVat(KOR, { country: 'BE' }, { korTurnover: 0, ossSales: 990_000 }, 10_000);
    expect(kor).toMatchObject({ rate: 0, category: 'E', note: 'kor' });
    const past = decideVat(KOR, { country: 'BE' }, { korTurnover: 0, ossSales: 990_000 }, 10_001);
    expect(past).toMatchObject({
      rate: 21,
      category: 'S',
      taxCountry: 'BE',
      countsForKor: false,
      countsForOss: true,
    });
    expect(decideVat(KOR, { country: 'BE' }, { ...EMPTY, ossPassed: true }, 100).taxCountry).toBe(
      'BE',
    );
  });

  it('rounds half away from zero, so credits mirror invoices', () => {
    expect(vatAmount(2150, 21)).toBe(452); // 451.5
    expect(vatAmount(-2150, 21)).toBe(-452);
    expect(vatAmount(2149, 21)).toBe(451); // 451.29
    expect(vatAmount(0, 21)).toBe(0);
  });

  it('a discount line lowers the base before the VAT', () => {
    const totals = applyVat(decideVat(STANDARD, DUTCH, EMPTY, 2700), [
      { amount: 3000 },
      { amount: -300 },
    ]);
    expect(totals).toMatchObject({ subtotal: 2700, vat: 567, total: 3267 });
  });

  it('needs the turnover only when the KOR or the OSS limit can change the answer', () => {
    expect(needsTurnover(STANDARD, DUTCH)).toBe(false);
    expect(needsTurnover(KOR, DUTCH)).toBe(true);
    expect(needsTurnover(STANDARD, { country: 'BE' })).toBe(true);
    expect(needsTurnover(KOR, BELGIAN_BUSINESS)).toBe(false);
  });
});
