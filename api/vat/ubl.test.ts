// The UBL e-invoices read back and checked against the EN 16931 rules a test can check
// (tests/helpers/ubl-check.ts), one document of each kind.
import { describe, expect, it } from 'vitest';
import { checkUbl } from '../../tests/helpers/ubl-check.ts';
import { addressOf, renderUbl, ublAmount, type UblDocument } from './ubl.ts';

const SELLER = {
  name: 'Webstudio',
  lines: ['Keizersgracht 1', '1015 AA Amsterdam'],
  kvk: '12345678',
  vat: 'NL123456782B01',
  email: 'hello@webstudio.test',
};
const BASE: UblDocument = {
  kind: 'invoice',
  number: '2026-0007',
  issueDate: '2026-03-10',
  dueDate: '2026-03-24',
  currency: 'EUR',
  seller: SELLER,
  buyer: {
    name: 'Anna de Vries',
    lines: ['Damrak 1', '1012 LG Amsterdam', 'Netherlands'],
    email: 'anna@example.test',
  },
  buyerCountry: 'NL',
  buyerVat: null,
  lines: [
    { description: 'Complete Website Package', amount: 3000 },
    { description: 'Exit offer <10%> & more', amount: -300 },
    {
      description: 'Domain: anna.nl',
      amount: 1500,
      periodStart: '2026-03-10',
      periodEnd: '2027-03-09',
    },
  ],
  subtotal: 4200,
  vatRate: 21,
  vat: 882,
  total: 5082,
  vatCategory: 'S',
  bank: { iban: 'NL91ABNA0417164300', accountName: 'Webstudio' },
};

describe('UBL 2.1 by Peppol BIS Billing 3.0', () => {
  it('a Dutch consumer at 21%: totals, one S subtotal, a discount as a negative quantity', () => {
    const xml = renderUbl(BASE);
    const parsed = checkUbl(xml);
    expect(parsed.violations).toEqual([]);
    expect(parsed).toMatchObject({
      root: 'Invoice',
      id: '2026-0007',
      typeCode: '380',
      payable: 5082,
      taxTotal: 882,
    });
    expect(parsed.categories).toEqual([
      { id: 'S', percent: 21, taxable: 4200, tax: 882, reason: '' },
    ]);
    expect(parsed.lines.map((l) => l.amount)).toEqual([3000, -300, 1500]);
    expect(parsed.lines[1]!.name).toBe('Exit offer <10%> & more');
    expect(parsed.sellerVat).toBe('NL123456782B01');
    expect(xml).toContain('<cbc:EndpointID schemeID="0106">12345678</cbc:EndpointID>');
    expect(xml).toContain('<cbc:CompanyID schemeID="0106">12345678</cbc:CompanyID>');
    expect(xml).toContain('<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>');
    expect(xml).toContain('<cbc:StartDate>2026-03-10</cbc:StartDate>');
  });

  it('the KOR: category E with the exemption reason, no VAT', () => {
    const parsed = checkUbl(
      renderUbl({
        ...BASE,
        vatRate: 0,
        vat: 0,
        total: 4200,
        vatCategory: 'E',
        seller: { ...SELLER, vat: undefined } as never,
      }),
    );
    expect(parsed.violations).toEqual([]);
    expect(parsed.categories).toEqual([
      {
        id: 'E',
        percent: 0,
        taxable: 4200,
        tax: 0,
        reason: 'Vrijgesteld van btw (KOR), art. 25 Wet OB',
      },
    ]);
    expect(parsed.notes[0]).toContain('KOR');
  });

  it('a Belgian business: reverse charge (AE) with both VAT ids', () => {
    const xml = renderUbl({
      ...BASE,
      buyer: {
        name: 'Anna',
        company: 'Anna BV',
        lines: ['Meir 1', '2000 Antwerpen', 'Belgium'],
        vat: 'BE0123456749',
      },
      buyerCountry: 'BE',
      buyerVat: 'BE0123456749',
      vatRate: 0,
      vat: 0,
      total: 4200,
      vatCategory: 'AE',
    });
    const parsed = checkUbl(xml);
    expect(parsed.violations).toEqual([]);
    expect(parsed.categories[0]).toMatchObject({
      id: 'AE',
      tax: 0,
      reason: 'Btw verlegd / VAT reverse-charged',
    });
    expect(parsed.buyerVat).toBe('BE0123456749');
    expect(xml).toContain('<cbc:EndpointID schemeID="9925">BE0123456749</cbc:EndpointID>');
    expect(xml).toContain('<cbc:TaxExemptionReasonCode>VATEX-EU-AE</cbc:TaxExemptionReasonCode>');
    expect(parsed.notes[0]).toContain('BE0123456749');
  });

  it('a credit note: a CreditNote with positive amounts, naming the invoice', () => {
    const parsed = checkUbl(
      renderUbl({
        ...BASE,
        kind: 'creditNote',
        number: 'CN-2026-0001',
        lines: [{ description: 'Complete Website Package', amount: -1000 }],
        subtotal: -1000,
        vat: -210,
        total: -1210,
        invoice: { number: '2026-0007', issueDate: '2026-03-10' },
      }),
    );
    expect(parsed.violations).toEqual([]);
    expect(parsed).toMatchObject({
      root: 'CreditNote',
      typeCode: '381',
      payable: 1210,
      taxTotal: 210,
    });
    expect(parsed.billingReference).toBe('2026-0007');
  });

  it('breaks no rule it should keep when the figures are wrong (the checker catches them)', () => {
    const parsed = checkUbl(renderUbl({ ...BASE, vat: 881, total: 5081 }));
    expect(parsed.violations).toEqual(['BR-S-09']);
    const wrongBase = checkUbl(renderUbl({ ...BASE, subtotal: 4300, total: 5182 }));
    expect(wrongBase.violations).toContain('BR-CO-13');
  });

  it('leaves out characters XML cannot carry', () => {
    const xml = renderUbl({
      ...BASE,
      buyer: { ...BASE.buyer, name: 'Anna\u0001 "de" Vries' },
    });
    expect(checkUbl(xml).violations).toEqual([]);
    expect(xml).toContain('Anna &quot;de&quot; Vries');
  });

  it('formats amounts and reads addresses', () => {
    expect(ublAmount(5082)).toBe('50.82');
    expect(ublAmount(-5)).toBe('-0.05');
    expect(ublAmount(0)).toBe('0.00');
    expect(addressOf(['Meir 1', '2000 Antwerpen'])).toEqual({
      street: 'Meir 1',
      postalZone: '2000',
      city: 'Antwerpen',
    });
    expect(addressOf(['Damrak 1', '1012 LG Amsterdam'])).toEqual({
      street: 'Damrak 1',
      postalZone: '1012 LG',
      city: 'Amsterdam',
    });
  });
});
