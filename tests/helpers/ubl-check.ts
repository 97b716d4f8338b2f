/**
 * Reads a UBL 2.1 invoice or credit note back (jsdom's XML parser) and checks the EN 16931 and
 * Peppol BIS 3.0 rules a test can check without the official Schematron: the required fields,
 * the totals (BR-CO-10, -13, -14, -15, -16), the tax subtotal of each category against its lines
 * (BR-S-08, BR-E-08, BR-AE-08) and its VAT (BR-S-09, BR-E-09, BR-AE-09), the reverse charge's
 * VAT ids (BR-AE-02), the exemption reasons (BR-E-10, BR-AE-10), no negative price (BR-27) and
 * two decimals (BR-DEC). Answers the parsed figures and the rules broken.
 */
import { JSDOM } from 'jsdom';

export interface ParsedUbl {
  root: string;
  id: string;
  typeCode: string;
  payable: number;
  taxTotal: number;
  categories: Array<{ id: string; percent: number; taxable: number; tax: number; reason: string }>;
  lines: Array<{ amount: number; category: string; name: string }>;
  sellerVat: string | null;
  buyerVat: string | null;
  notes: string[];
  billingReference: string | null;
  violations: string[];
}

export function checkUbl(xml: string): ParsedUbl {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('not well-formed XML');
  const root = doc.documentElement;
  const violations: string[] = [];
  const credit = root.localName === 'CreditNote';
  const kids = (parent: Element, name: string) =>
    [...parent.children].filter((c) => c.localName === name);
  const kid = (parent: Element | undefined, name: string) =>
    parent ? kids(parent, name)[0] : undefined;
  const path = (parent: Element | undefined, ...names: string[]) =>
    names.reduce<Element | undefined>((at, name) => kid(at, name), parent);
  const txt = (e: Element | undefined) => e?.textContent?.trim() ?? '';
  const cents = (e: Element | undefined, rule: string) => {
    const value = txt(e);
    if (!/^-?\d+(\.\d{1,2})?$/.test(value)) violations.push(`${rule}: amount "${value}"`);
    return Math.round(Number(value) * 100);
  };
  for (const name of ['CustomizationID', 'ProfileID', 'ID', 'IssueDate', 'DocumentCurrencyCode'])
    if (!txt(kid(root, name))) violations.push(`required: ${name}`);
  const typeCode = txt(kid(root, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'));
  if (!typeCode) violations.push('required: type code');
  if (!txt(kid(root, 'BuyerReference')) && !kid(root, 'OrderReference'))
    violations.push('PEPPOL-EN16931-R003: buyer reference');
  const seller = path(root, 'AccountingSupplierParty', 'Party');
  const buyer = path(root, 'AccountingCustomerParty', 'Party');
  for (const [who, p] of [
    ['seller', seller],
    ['buyer', buyer],
  ] as const) {
    if (!txt(path(p, 'PartyLegalEntity', 'RegistrationName'))) violations.push(`${who} name`);
    if (!txt(path(p, 'PostalAddress', 'Country', 'IdentificationCode')))
      violations.push(`${who} country`);
    const endpoint = kid(p, 'EndpointID');
    if (!txt(endpoint) || !endpoint?.getAttribute('schemeID'))
      violations.push(`PEPPOL-EN16931-R010/R020: ${who} endpoint`);
  }
  const vatOf = (p: Element | undefined) => {
    const scheme = p ? kids(p, 'PartyTaxScheme') : [];
    const vat = scheme.find((s) => txt(path(s, 'TaxScheme', 'ID')) === 'VAT');
    return vat ? txt(kid(vat, 'CompanyID')) : null;
  };
  const lineElements = kids(root, credit ? 'CreditNoteLine' : 'InvoiceLine');
  if (lineElements.length === 0) violations.push('required: a line');
  const lines = lineElements.map((line) => {
    const price = cents(path(line, 'Price', 'PriceAmount'), 'BR-DEC');
    if (price < 0) violations.push('BR-27: negative price');
    return {
      amount: cents(kid(line, 'LineExtensionAmount'), 'BR-DEC'),
      category: txt(path(line, 'Item', 'ClassifiedTaxCategory', 'ID')),
      name: txt(path(line, 'Item', 'Name')),
    };
  });
  const totals = kid(root, 'LegalMonetaryTotal');
  const lineExtension = cents(kid(totals, 'LineExtensionAmount'), 'BR-DEC');
  const exclusive = cents(kid(totals, 'TaxExclusiveAmount'), 'BR-DEC');
  const inclusive = cents(kid(totals, 'TaxInclusiveAmount'), 'BR-DEC');
  const payable = cents(kid(totals, 'PayableAmount'), 'BR-DEC');
  const taxTotalElement = kid(root, 'TaxTotal');
  const taxTotal = cents(kid(taxTotalElement, 'TaxAmount'), 'BR-DEC');
  const categories = (taxTotalElement ? kids(taxTotalElement, 'TaxSubtotal') : []).map((s) => ({
    id: txt(path(s, 'TaxCategory', 'ID')),
    percent: Number(txt(path(s, 'TaxCategory', 'Percent'))),
    taxable: cents(kid(s, 'TaxableAmount'), 'BR-DEC'),
    tax: cents(kid(s, 'TaxAmount'), 'BR-DEC'),
    reason: txt(path(s, 'TaxCategory', 'TaxExemptionReason')),
  }));
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  if (sum(lines.map((l) => l.amount)) !== lineExtension) violations.push('BR-CO-10');
  if (exclusive !== lineExtension) violations.push('BR-CO-13');
  if (sum(categories.map((c) => c.tax)) !== taxTotal) violations.push('BR-CO-14');
  if (inclusive !== exclusive + taxTotal) violations.push('BR-CO-15');
  if (payable !== inclusive) violations.push('BR-CO-16');
  const sellerVat = vatOf(seller);
  const buyerVat = vatOf(buyer);
  for (const c of categories) {
    const base = sum(lines.filter((l) => l.category === c.id).map((l) => l.amount));
    if (base !== c.taxable) violations.push(`BR-${c.id}-08`);
    if (c.id === 'S' && Math.round((c.taxable * c.percent) / 100) !== c.tax)
      violations.push('BR-S-09');
    if (c.id !== 'S' && (c.tax !== 0 || c.percent !== 0)) violations.push(`BR-${c.id}-09`);
    if (c.id !== 'S' && !c.reason) violations.push(`BR-${c.id}-10`);
    if (c.id === 'AE' && (!sellerVat || !buyerVat)) violations.push('BR-AE-02');
  }
  for (const l of lines)
    if (!categories.some((c) => c.id === l.category)) violations.push(`BR-CO-18: ${l.category}`);
  return {
    root: root.localName,
    id: txt(kid(root, 'ID')),
    typeCode,
    payable,
    taxTotal,
    categories,
    lines,
    sellerVat,
    buyerVat,
    notes: kids(root, 'Note').map(txt),
    billingReference: txt(path(root, 'BillingReference', 'InvoiceDocumentReference', 'ID')) || null,
    violations,
  };
}
