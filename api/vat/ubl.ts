/**
 * Invoices and credit notes as UBL 2.1 e-invoices by Peppol BIS Billing 3.0 (which NLCIUS
 * accepts), for bookkeeping tools and Peppol (issue 43, API.md section 11). Written here rather
 * than with a library: see decision D43-4 (@e-invoice-eu/core works on Node 24 but brings 74 MB
 * of spreadsheet and PDF code and took 1.5 s of CPU per document on this machine). Every amount
 * comes from the issued document (never recomputed), so the payable amount is the invoice's total;
 * the EN 16931 sums (BR-CO-10, -13, -14, -15, -16) hold because the document's own do.
 */
import type { VatCategory } from '#domain/vat.ts';
import type { InvoiceLine, InvoiceParty } from '../db/schema.ts';
import type { BankDetails } from '../invoices/invoice-pdf.ts';
import type { CreditNoteRow } from '../credit-notes/credit-notes.service.ts';
import type { InvoiceRow } from '../invoices/invoices.ts';

export const PEPPOL_CUSTOMIZATION =
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PEPPOL_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/** What a UBL document is made of: an issued invoice, or a credit note with its invoice. */
export interface UblDocument {
  kind: 'invoice' | 'creditNote';
  number: string;
  issueDate: string;
  dueDate?: string | undefined;
  currency: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  buyerCountry: string;
  buyerVat: string | null;
  /** As stored: a credit note's amounts are negative (the UBL CreditNote states them positive). */
  lines: ReadonlyArray<Pick<InvoiceLine, 'description' | 'amount' | 'periodStart' | 'periodEnd'>>;
  subtotal: number;
  vatRate: number;
  vat: number;
  total: number;
  vatCategory: VatCategory;
  /** The credited invoice (credit notes). */
  invoice?: { number: string; issueDate: string } | undefined;
  bank: BankDetails;
}

/** XML 1.0 has no place for the C0 controls but tab, line feed and carriage return. */
const xmlChars = (value: string) =>
  [...value].filter((c) => c >= ' ' || c === '\t' || c === '\n' || c === '\r').join('');

function escapeXml(value: string): string {
  return xmlChars(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Cents as a UBL amount: two decimals, a dot. */
export function ublAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

type Node = string | null | false | undefined;
const el = (name: string, content: Node | Node[], attributes: Record<string, string> = {}) => {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  const inner = Array.isArray(content) ? content.filter(Boolean).join('') : content;
  return inner === null || inner === undefined || inner === false
    ? ''
    : `<${name}${attrs}>${inner}</${name}>`;
};
const text = (name: string, value: string | null | undefined, attributes = {}) =>
  value === null || value === undefined || value === ''
    ? ''
    : el(name, escapeXml(value), attributes);

/** Street, postal code and city from an address block's lines (`Damrak 1`, `1012 LG Amsterdam`). */
export function addressOf(lines: readonly string[]): {
  street: string;
  postalZone: string;
  city: string;
} {
  const street = lines[0] ?? '';
  const second = lines[1] ?? '';
  const match = /^(\d{4}\s?[A-Za-z]{2}|\d{4,5})\s+(.+)$/.exec(second.trim());
  return match
    ? { street, postalZone: match[1]!, city: match[2]! }
    : { street, postalZone: '', city: second };
}

/** The Peppol electronic address scheme of a VAT number (EAS: BE 9925, NL 9944). */
const VAT_EAS: Record<string, string> = { BE: '9925', NL: '9944' };

function party(
  p: InvoiceParty,
  country: string,
  options: { vat: string | null | undefined; seller: boolean },
): string {
  const address = addressOf(p.lines);
  const vat = options.vat ?? null;
  const endpoint = p.kvk
    ? text('cbc:EndpointID', p.kvk, { schemeID: '0106' })
    : vat && VAT_EAS[vat.slice(0, 2)]
      ? text('cbc:EndpointID', vat, { schemeID: VAT_EAS[vat.slice(0, 2)]! })
      : text('cbc:EndpointID', p.email ?? p.name, { schemeID: 'EM' });
  return el('cac:Party', [
    endpoint,
    p.company ? el('cac:PartyName', text('cbc:Name', p.company)) : '',
    el('cac:PostalAddress', [
      text('cbc:StreetName', address.street),
      text('cbc:CityName', address.city),
      text('cbc:PostalZone', address.postalZone),
      el('cac:Country', text('cbc:IdentificationCode', country)),
    ]),
    vat
      ? el('cac:PartyTaxScheme', [
          text('cbc:CompanyID', vat),
          el('cac:TaxScheme', text('cbc:ID', 'VAT')),
        ])
      : '',
    el('cac:PartyLegalEntity', [
      text('cbc:RegistrationName', options.seller ? p.name : (p.company ?? p.name)),
      p.kvk ? text('cbc:CompanyID', p.kvk, { schemeID: '0106' }) : '',
    ]),
    p.email || (!options.seller && p.company)
      ? el('cac:Contact', [
          !options.seller && p.company ? text('cbc:Name', p.name) : '',
          text('cbc:ElectronicMail', p.email),
        ])
      : '',
  ]);
}

/** The exemption reason of a category (BR-E-10, BR-AE-10). */
function exemption(category: VatCategory): string {
  if (category === 'E')
    return text('cbc:TaxExemptionReason', 'Vrijgesteld van btw (KOR), art. 25 Wet OB');
  if (category === 'AE')
    return [
      text('cbc:TaxExemptionReasonCode', 'VATEX-EU-AE'),
      text('cbc:TaxExemptionReason', 'Btw verlegd / VAT reverse-charged'),
    ].join('');
  return '';
}

function taxCategory(name: string, category: VatCategory, rate: number, withReason: boolean) {
  return el(name, [
    text('cbc:ID', category),
    text('cbc:Percent', String(category === 'S' ? rate : 0)),
    withReason ? exemption(category) : '',
    el('cac:TaxScheme', text('cbc:ID', 'VAT')),
  ]);
}

/** The document as UBL 2.1 XML (an `Invoice`, or a `CreditNote` with positive amounts). */
export function renderUbl(doc: UblDocument): string {
  const credit = doc.kind === 'creditNote';
  const sign = credit ? -1 : 1;
  const money = (cents: number) => ublAmount(cents * sign);
  const cur = { currencyID: doc.currency };
  const root = credit ? 'CreditNote' : 'Invoice';
  const lineName = credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine';
  const quantityName = credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity';
  const lines = doc.lines.map((line, i) => {
    // A price is never negative (BR-27): a discount line is a negative quantity.
    const amount = line.amount * sign;
    return el(lineName, [
      text('cbc:ID', String(i + 1)),
      text(quantityName, amount < 0 ? '-1' : '1', { unitCode: 'C62' }),
      text('cbc:LineExtensionAmount', ublAmount(amount), cur),
      line.periodStart && line.periodEnd
        ? el('cac:InvoicePeriod', [
            text('cbc:StartDate', line.periodStart),
            text('cbc:EndDate', line.periodEnd),
          ])
        : '',
      el('cac:Item', [
        text('cbc:Name', line.description),
        taxCategory('cac:ClassifiedTaxCategory', doc.vatCategory, doc.vatRate, false),
      ]),
      el('cac:Price', text('cbc:PriceAmount', ublAmount(Math.abs(amount)), cur)),
    ]);
  });
  const lineTotal = doc.lines.reduce((sum, line) => sum + line.amount, 0);
  const notes = {
    E: 'Vrijgesteld van btw (KOR) / VAT exempt (small business scheme)',
    AE: `Btw verlegd / VAT reverse-charged. Btw-nummer afnemer / customer VAT number: ${doc.buyerVat ?? ''}`,
    S: null,
  } as const;
  const body = [
    text('cbc:CustomizationID', PEPPOL_CUSTOMIZATION),
    text('cbc:ProfileID', PEPPOL_PROFILE),
    text('cbc:ID', doc.number),
    text('cbc:IssueDate', doc.issueDate),
    credit ? '' : text('cbc:DueDate', doc.dueDate),
    text(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', credit ? '381' : '380'),
    text('cbc:Note', notes[doc.vatCategory]),
    text('cbc:DocumentCurrencyCode', doc.currency),
    text('cbc:BuyerReference', doc.invoice?.number ?? doc.number),
    doc.invoice
      ? el(
          'cac:BillingReference',
          el('cac:InvoiceDocumentReference', [
            text('cbc:ID', doc.invoice.number),
            text('cbc:IssueDate', doc.invoice.issueDate),
          ]),
        )
      : '',
    el(
      'cac:AccountingSupplierParty',
      party(doc.seller, 'NL', { vat: doc.seller.vat, seller: true }),
    ),
    el(
      'cac:AccountingCustomerParty',
      party(doc.buyer, doc.buyerCountry, {
        vat: doc.buyerVat ?? doc.buyer.vat,
        seller: false,
      }),
    ),
    credit
      ? ''
      : el('cac:PaymentMeans', [
          text('cbc:PaymentMeansCode', doc.bank.iban ? '58' : '30'),
          text('cbc:PaymentID', doc.number),
          doc.bank.iban
            ? el('cac:PayeeFinancialAccount', [
                text('cbc:ID', doc.bank.iban),
                text('cbc:Name', doc.bank.accountName),
              ])
            : '',
        ]),
    el('cac:TaxTotal', [
      text('cbc:TaxAmount', money(doc.vat), cur),
      el('cac:TaxSubtotal', [
        text('cbc:TaxableAmount', money(doc.subtotal), cur),
        text('cbc:TaxAmount', money(doc.vat), cur),
        taxCategory('cac:TaxCategory', doc.vatCategory, doc.vatRate, true),
      ]),
    ]),
    el('cac:LegalMonetaryTotal', [
      text('cbc:LineExtensionAmount', money(lineTotal), cur),
      text('cbc:TaxExclusiveAmount', money(doc.subtotal), cur),
      text('cbc:TaxInclusiveAmount', money(doc.total), cur),
      text('cbc:PayableAmount', money(doc.total), cur),
    ]),
    ...lines,
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n${el(root, body, {
    xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`,
    'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
    'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  })}\n`;
}

/** An issued invoice as UBL. */
export function invoiceUbl(row: InvoiceRow, bank: BankDetails): string {
  return renderUbl({
    kind: 'invoice',
    number: row.number,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    currency: row.currency,
    seller: row.seller,
    buyer: row.buyer,
    buyerCountry: row.buyerCountry,
    buyerVat: row.buyerVat,
    lines: row.lines,
    subtotal: row.subtotal,
    vatRate: row.vatRate,
    vat: row.vat,
    total: row.total,
    vatCategory: row.vatCategory,
    bank,
  });
}

/** A credit note as a UBL `CreditNote` naming its invoice. */
export function creditNoteUbl(note: CreditNoteRow, invoice: InvoiceRow, bank: BankDetails): string {
  return renderUbl({
    kind: 'creditNote',
    number: note.number,
    issueDate: note.issueDate,
    currency: invoice.currency,
    seller: invoice.seller,
    buyer: invoice.buyer,
    buyerCountry: invoice.buyerCountry,
    buyerVat: invoice.buyerVat,
    lines: note.lines,
    subtotal: note.subtotal,
    vatRate: note.vatRate,
    vat: note.vat,
    total: note.total,
    vatCategory: note.vatCategory,
    invoice: { number: invoice.number, issueDate: invoice.issueDate },
    bank,
  });
}

/** The HTTP answer of a UBL document. */
export function ublResponseHeaders(number: string): Record<string, string> {
  return {
    'Content-Type': 'application/xml; charset=utf-8',
    'Content-Disposition': `attachment; filename="${number}.xml"`,
    'Cache-Control': 'private, no-store',
  };
}
