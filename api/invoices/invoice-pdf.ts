import { jsPDF, type jsPDFOptions } from 'jspdf';
import { formatDate, formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import {
  DEFAULT_VAT_SETTINGS,
  type VatCategory,
  type VatScheme,
  type VatSettings,
} from '#domain/vat.ts';
import type { InvoiceLine, InvoiceParty } from '../db/schema.ts';
import { t } from '../i18n.ts';

export interface BankDetails {
  iban?: string | undefined;
  bic?: string | undefined;
  accountName?: string | undefined;
}

/** Seller block, bank details and the VAT rule's settings from configuration. */
export interface BillingSettings {
  seller: InvoiceParty;
  bank: BankDetails;
  /** VAT_SCHEME, KOR_THRESHOLD, OSS_THRESHOLD (domain/vat.ts); absent: the defaults. */
  vat?: VatSettings | undefined;
}

/** The VAT settings invoices are issued with. */
export function vatSettingsOf(billing: Pick<BillingSettings, 'vat'>): VatSettings {
  return billing.vat ?? DEFAULT_VAT_SETTINGS;
}

/**
 * The seller block from COMPANY_* (each falling back to the build-time VITE_COMPANY_* of the
 * legal pages, so one set of values serves both) and the bank details from BANK_*.
 */
export function billingSettings(
  config: {
    COMPANY_NAME?: string | undefined;
    COMPANY_ADDRESS?: string | undefined;
    COMPANY_EMAIL?: string | undefined;
    COMPANY_KVK?: string | undefined;
    COMPANY_VAT_ID?: string | undefined;
    BANK_IBAN?: string | undefined;
    BANK_BIC?: string | undefined;
    BANK_ACCOUNT_NAME?: string | undefined;
    VAT_SCHEME?: VatScheme | undefined;
    KOR_THRESHOLD?: number | undefined;
    OSS_THRESHOLD?: number | undefined;
  },
  env: Record<string, string | undefined> = {},
): BillingSettings {
  const pick = (value: string | undefined, fallback: string | undefined) =>
    value ?? (fallback?.trim() || undefined);
  const name = pick(config.COMPANY_NAME, env.VITE_COMPANY_NAME) ?? 'Webstudio';
  const address = pick(config.COMPANY_ADDRESS, env.VITE_COMPANY_ADDRESS);
  const email = pick(config.COMPANY_EMAIL, env.VITE_COMPANY_EMAIL);
  const kvk = pick(config.COMPANY_KVK, env.VITE_COMPANY_KVK);
  const vat = pick(config.COMPANY_VAT_ID, env.VITE_COMPANY_VAT);
  return {
    seller: {
      name,
      lines: address
        ? address
            .split(/\s*[,\n]\s*/)
            .map((line) => line.trim())
            .filter(Boolean)
        : [],
      ...(email ? { email } : {}),
      ...(kvk ? { kvk } : {}),
      ...(vat ? { vat } : {}),
    },
    bank: {
      ...(config.BANK_IBAN ? { iban: config.BANK_IBAN } : {}),
      ...(config.BANK_BIC ? { bic: config.BANK_BIC } : {}),
      ...(config.BANK_ACCOUNT_NAME ? { accountName: config.BANK_ACCOUNT_NAME } : {}),
    },
    vat: {
      scheme: config.VAT_SCHEME ?? DEFAULT_VAT_SETTINGS.scheme,
      korThreshold: config.KOR_THRESHOLD ?? DEFAULT_VAT_SETTINGS.korThreshold,
      ossThreshold: config.OSS_THRESHOLD ?? DEFAULT_VAT_SETTINGS.ossThreshold,
    },
  };
}

/** The default seller block when COMPANY_* are not configured. */
export const DEFAULT_BILLING: BillingSettings = {
  seller: { name: 'Webstudio', lines: [] },
  bank: {},
};

/** What an invoice PDF is drawn from: the issued invoice row and the bank details of the day. */
export interface InvoiceDocument {
  number: string;
  issueDate: string;
  dueDate: string;
  lang: Lang;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  subtotal: number;
  vatRate: number;
  vat: number;
  total: number;
  bank: BankDetails;
  /**
   * The VAT rule's verdict (issue 43, art. 35a Wet OB): `S` the rate and VAT, `E` the KOR
   * exemption note, `AE` "VAT reverse-charged" with the buyer's VAT number. Absent: from the rate.
   */
  vatCategory?: VatCategory | undefined;
  /** The country whose VAT it is, when not the Netherlands (OSS). */
  taxCountry?: string | undefined;
  /** The buyer's VAT number on a reverse-charged invoice. */
  buyerVat?: string | null | undefined;
  /** The Amsterdam day it was paid: the PDF says "Paid on" it instead of how to pay. */
  paidOn?: string | null | undefined;
  /**
   * A credit note (issue 42) drawn with the invoice's layout: the title "Credit note" /
   * "Creditnota", its own number and date, the original invoice's number and date, the reason,
   * and no payment instructions. `number`/`issueDate` are then the credit note's own.
   */
  creditNote?: { invoiceNumber: string; invoiceDate: string; reason: string } | undefined;
}

const INVOICE_WORDS = [
  'title',
  'number',
  'date',
  'due',
  'from',
  'to',
  'description',
  'amount',
  'subtotal',
  'vat',
  'total',
  'kor',
  'payment',
  'payTo',
  'reference',
  'noBankDetails',
  'kvk',
  'vatId',
] as const;

/** The invoice's words in `lang`, from locales/ (`invoice.pdf.*`). */
function invoiceText(lang: Lang) {
  const words = Object.fromEntries(
    INVOICE_WORDS.map((word) => [word, t(lang, `invoice.pdf.${word}`)]),
  ) as Record<(typeof INVOICE_WORDS)[number], string>;
  const billing = {
    oneTime: t(lang, 'invoice.pdf.billing.oneTime'),
    monthly: t(lang, 'invoice.pdf.billing.monthly'),
    yearly: t(lang, 'invoice.pdf.billing.yearly'),
    notAvailable: '',
  };
  /** A monthly line that bills several months at once says how many, not "monthly". */
  const billingOf = (line: InvoiceLine): string =>
    line.months
      ? t(lang, 'invoice.pdf.billing.months', { count: line.months })
      : (billing[line.billing as keyof typeof billing] ?? '');
  const paidOn = (date: string) => t(lang, 'invoice.pdf.paidOn', { date });
  const reverseCharge = (vat: string) => t(lang, 'invoice.pdf.reverseCharge', { vat });
  const credit = {
    title: t(lang, 'creditNote.pdf.title'),
    number: t(lang, 'creditNote.pdf.number'),
    date: t(lang, 'creditNote.pdf.date'),
    invoice: t(lang, 'creditNote.pdf.invoice'),
    reason: t(lang, 'creditNote.pdf.reason'),
    settlement: t(lang, 'creditNote.pdf.settlement'),
  };
  return { ...words, billingOf, paidOn, reverseCharge, credit };
}

/** jsPDF's built-in fonts are WinAnsi: normalise the odd characters they cannot draw. */
function pdfText(value: string): string {
  return value
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/ĳ/g, 'ij')
    .replace(/Ĳ/g, 'IJ');
}

type PluginHook = [name: string, handler: unknown];
const plugins = jsPDF.API as unknown as { events: PluginHook[] };

/**
 * The plugin hooks an invoice needs: pages and the built-in fonts. A new jsPDF subscribes every
 * hook its plugins registered, and most cost time on every document without changing an invoice
 * (about a third of its drawing time, issue 10): Arabic shaping, bidi reordering and the
 * Identity-H escape on every text call (the invoice draws only the built-in WinAnsi fonts, see
 * pdfText), and a canvas, a 2D context and an outline built for each document and never used.
 * invoice-pdf.test.ts checks the bytes are the same as with every hook.
 */
export const INVOICE_PDF_HOOKS: readonly string[] = ['addPage', 'putPage', 'addFont', 'putFont'];

/** `new jsPDF(options)` with only `hooks` ('all': every one); other documents keep every hook. */
function jsPdfWith(hooks: readonly string[] | 'all', options: jsPDFOptions): jsPDF {
  const all = plugins.events;
  // jsPDF reads the list while constructing (synchronously), so it is swapped only for that
  if (hooks !== 'all') plugins.events = all.filter(([name]) => hooks.includes(name));
  try {
    return new jsPDF(options);
  } finally {
    plugins.events = all;
  }
}

/**
 * The invoice as an A4 PDF (jspdf), in the invoice's language. `hooks` is for the test that
 * compares against every plugin hook.
 */
export function renderInvoicePdf(
  invoice: InvoiceDocument,
  hooks: readonly string[] | 'all' = INVOICE_PDF_HOOKS,
): Uint8Array {
  const words = invoiceText(invoice.lang);
  const credit = invoice.creditNote;
  const t = credit
    ? { ...words, title: words.credit.title, number: words.credit.number, date: words.credit.date }
    : words;
  // Only the two fonts drawn are written (not all fourteen standard ones), and the page is not
  // deflated: a few KB of text, about as small as deflated with every font, and 0.3 ms less CPU
  // per invoice (jsPDF deflates in JavaScript, decision M20).
  const doc = jsPdfWith(hooks, {
    unit: 'mm',
    format: 'a4',
    compress: false,
    putOnlyUsedFonts: true,
  });
  doc.setProperties({ title: `${t.title} ${invoice.number}`, creator: invoice.seller.name });
  const left = 20;
  const right = 190;
  let y = 24;

  doc.setFont('helvetica', 'bold').setFontSize(20).text(t.title, left, y);
  doc.setFont('helvetica', 'normal').setFontSize(10);
  const meta: Array<[string, string]> = [
    [t.number, invoice.number],
    [t.date, formatDate(invoice.issueDate, invoice.lang)],
    credit
      ? [
          words.credit.invoice,
          `${credit.invoiceNumber} (${formatDate(credit.invoiceDate, invoice.lang)})`,
        ]
      : [t.due, formatDate(invoice.dueDate, invoice.lang)],
  ];
  meta.forEach(([label, value], i) => {
    doc.text(pdfText(`${label}: ${value}`), right, y - 4 + i * 5, { align: 'right' });
  });
  y += 16;

  const party = (title: string, p: InvoiceParty, x: number) => {
    let py = y;
    doc.setFont('helvetica', 'bold').text(pdfText(title), x, py);
    doc.setFont('helvetica', 'normal');
    const rows = [
      ...(p.company ? [p.company] : []),
      p.name,
      ...p.lines,
      ...(p.email ? [p.email] : []),
      ...(p.kvk ? [`${t.kvk}: ${p.kvk}`] : []),
      ...(p.vat ? [`${t.vatId}: ${p.vat}`] : []),
    ];
    for (const row of rows) {
      py += 5;
      doc.text(pdfText(row), x, py, { maxWidth: 80 });
    }
    return py;
  };
  y = Math.max(party(t.from, invoice.seller, left), party(t.to, invoice.buyer, 110)) + 14;

  doc.setFont('helvetica', 'bold');
  doc.text(t.description, left, y);
  doc.text(t.amount, right, y, { align: 'right' });
  doc.setDrawColor(217, 223, 235).line(left, y + 2, right, y + 2);
  doc.setFont('helvetica', 'normal');
  y += 8;
  for (const line of invoice.lines) {
    const billing = t.billingOf(line);
    const label = billing ? `${line.description} (${billing})` : line.description;
    const wrapped = doc.splitTextToSize(pdfText(label), 130) as string[];
    doc.text(wrapped, left, y);
    doc.text(pdfText(formatMoney(line.amount, invoice.lang)), right, y, { align: 'right' });
    y += wrapped.length * 5 + 2;
    if (y > 250) {
      doc.addPage();
      y = 24;
    }
  }
  doc.line(left, y, right, y);
  y += 6;
  const totals: Array<[string, string, boolean]> = [
    [t.subtotal, formatMoney(invoice.subtotal, invoice.lang), false],
    [
      `${t.vat} ${invoice.vatRate}%${invoice.taxCountry && invoice.taxCountry !== 'NL' ? ` (${invoice.taxCountry})` : ''}`,
      formatMoney(invoice.vat, invoice.lang),
      false,
    ],
    [t.total, formatMoney(invoice.total, invoice.lang), true],
  ];
  for (const [label, value, bold] of totals) {
    doc.setFont('helvetica', bold ? 'bold' : 'normal');
    doc.text(pdfText(label), 130, y, { align: 'right' });
    doc.text(pdfText(value), right, y, { align: 'right' });
    y += 6;
  }
  doc.setFont('helvetica', 'normal');
  const category = invoice.vatCategory ?? (invoice.vatRate === 0 ? 'E' : 'S');
  const vatNote =
    category === 'E'
      ? t.kor
      : category === 'AE'
        ? t.reverseCharge(invoice.buyerVat ?? invoice.buyer.vat ?? '')
        : null;
  if (vatNote) {
    const wrapped = doc.splitTextToSize(pdfText(vatNote), 170) as string[];
    doc.text(wrapped, left, y + 2);
    y += 2 + wrapped.length * 5 + 1;
  }
  y += 8;
  if (credit) {
    doc.setFont('helvetica', 'bold').text(pdfText(words.credit.reason), left, y);
    doc.setFont('helvetica', 'normal');
    const reason = doc.splitTextToSize(pdfText(credit.reason), 170) as string[];
    doc.text(reason, left, y + 6);
    y += 6 + reason.length * 5 + 4;
    doc.text(pdfText(words.credit.settlement), left, y);
    return new Uint8Array(doc.output('arraybuffer'));
  }
  doc.setFont('helvetica', 'bold').text(t.payment, left, y);
  doc.setFont('helvetica', 'normal');
  y += 6;
  // A paid invoice says so, and when (API.md section 6); an open one says how to pay it.
  if (invoice.paidOn) {
    const paid = t.paidOn(formatDate(invoice.paidOn, invoice.lang));
    doc.setFont('helvetica', 'bold').text(pdfText(paid), left, y);
    doc.setFont('helvetica', 'normal');
    doc.text(pdfText(`${t.reference}: ${invoice.number}`), left, y + 5);
  } else if (invoice.bank.iban) {
    const rows = [
      `${t.payTo}:`,
      `IBAN ${invoice.bank.iban}${invoice.bank.bic ? ` (BIC ${invoice.bank.bic})` : ''}`,
      ...(invoice.bank.accountName ? [invoice.bank.accountName] : []),
      `${t.reference}: ${invoice.number}`,
    ];
    rows.forEach((row, i) => doc.text(pdfText(row), left, y + i * 5));
  } else {
    doc.text(pdfText(`${t.noBankDetails} ${t.reference}: ${invoice.number}`), left, y, {
      maxWidth: 170,
    });
  }
  return new Uint8Array(doc.output('arraybuffer'));
}
