import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../tests/helpers/pdf-text.ts';
import { INVOICE_PDF_HOOKS, renderInvoicePdf, type InvoiceDocument } from './invoice-pdf.ts';

const invoice = (overrides: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  number: '2026-000123',
  issueDate: '2026-11-23',
  dueDate: '2026-12-07',
  lang: 'nl',
  seller: {
    name: 'Webstudio',
    lines: ['Keizersgracht 1', '1015 CJ Amsterdam'],
    kvk: '12345678',
    vat: 'NL001234567B01',
  },
  buyer: {
    name: 'Anaïs Çelik-IJzerman',
    company: 'Bakkerij ’t Hoekje',
    lines: ['Dorpsstraat 2', '3512 BC Utrecht'],
    email: 'anais@example.test',
  },
  lines: [
    { description: 'Website + hosting + zakelijke e-mail', billing: 'monthly', amount: 4900 },
    { description: 'Domein bakkerij-hoekje.nl', billing: 'yearly', amount: 1500 },
    { description: 'Opzetkosten', billing: 'oneTime', amount: 25000 },
  ],
  subtotal: 31400,
  vatRate: 21,
  vat: 6594,
  total: 37994,
  bank: { iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', accountName: 'Webstudio' },
  ...overrides,
});

/** The PDF's bytes without what differs on every render: the creation date and the file id. */
const comparable = (pdf: Uint8Array) =>
  Buffer.from(pdf)
    .toString('latin1')
    .replace(/\/CreationDate \(D:[^)]*\)/, '')
    .replace(/\/ID \[[^\]]*\]/, '');

describe('invoice PDF', () => {
  const cases: Array<[string, InvoiceDocument]> = [
    ['Dutch, diacritics and curly quotes', invoice()],
    [
      'English, 0% VAT (KOR), no bank details',
      invoice({ lang: 'en', vatRate: 0, vat: 0, bank: {} }),
    ],
    [
      'long wrapped lines over two pages',
      invoice({
        lines: Array.from({ length: 30 }, (_, i) => ({
          description: `Groeidienst ${i + 1}: maandelijkse rapportage, zoekwoorden en advies over de website`,
          billing: 'monthly',
          amount: 1000 + i,
        })),
      }),
    ],
  ];

  it.each(cases)(
    'draws the same document with only the hooks an invoice needs (%s)',
    (_, document) => {
      const lean = renderInvoicePdf(document);
      const full = renderInvoicePdf(document, 'all');
      expect(comparable(lean)).toBe(comparable(full));
      expect(readPdf(lean).text).toContain(document.number);
    },
  );

  it('writes only the two fonts it draws, none embedded, and stays a few KB', () => {
    const pdf = renderInvoicePdf(invoice());
    const fonts = [
      ...Buffer.from(pdf)
        .toString('latin1')
        .matchAll(/\/BaseFont \/([\w-]+)/g),
    ];
    expect(fonts.map((m) => m[1]).sort()).toEqual(['Helvetica', 'Helvetica-Bold']);
    expect(readPdf(pdf).embeddedFonts).toEqual([]);
    expect(pdf.length).toBeLessThan(8000);
  });

  it('names the months a monthly line bills when there are several (yearly billing)', () => {
    const yearly = (lang: 'nl' | 'en') =>
      readPdf(
        renderInvoicePdf(
          invoice({
            lang,
            lines: [
              { description: 'Website', billing: 'monthly', amount: 58800, months: 12 },
              { description: 'Support', billing: 'monthly', amount: 4900 },
            ],
          }),
        ),
      ).text;
    expect(yearly('nl')).toContain('Website (12 maanden)');
    expect(yearly('nl')).toContain('Support (per maand)');
    expect(yearly('en')).toContain('Website (12 months)');
    expect(yearly('en')).toContain('Support (monthly)');
  });

  it('leaves every plugin hook in place for other documents', () => {
    const before = (jsPDF.API as unknown as { events: unknown[] }).events;
    const names = () =>
      (jsPDF.API as unknown as { events: Array<[string]> }).events.map(([name]) => name);
    renderInvoicePdf(invoice());
    expect((jsPDF.API as unknown as { events: unknown[] }).events).toBe(before);
    // jsPDF's own text hooks (Arabic shaping, bidi) are still there for the blueprint's PDF.
    expect(names()).toEqual(expect.arrayContaining(['preProcessText', 'postProcessText']));
    expect(names().filter((name) => !INVOICE_PDF_HOOKS.includes(name)).length).toBeGreaterThan(0);
  });
});
