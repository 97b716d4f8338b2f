import { formatDate, formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import type { InvoiceLine } from '../db/schema.ts';
import type { MailAttachment } from '../db/schema.ts';
import type { MailMessage } from './mail.ts';

/** The customer's order confirmation and the staff notification, in plain text and simple HTML. */

export interface OrderMailInput {
  lang: Lang;
  email: string;
  firstname: string;
  invoiceNumber: string;
  orderId: string;
  lines: InvoiceLine[];
  total: number;
  dueDate: string;
  paymentLink: string;
  interval: 'monthly' | 'yearly';
  nextPayments: { monthly: string | null; yearly: string | null };
  pdf: Uint8Array;
}

const TEXT = {
  en: {
    subject: (n: string) => `Your order – invoice ${n}`,
    hello: (name: string) => `Hello ${name},`,
    thanks: 'Thank you for your order. Here is a summary.',
    total: 'Total due today',
    invoice: (n: string) => `Invoice ${n} is attached as a PDF.`,
    pay: 'Pay here',
    payBy: (date: string) => `Please pay by ${date}.`,
    next: 'What happens next',
    nextSteps: [
      'We will contact you within 24 hours to get started.',
      'Your subscriptions start as soon as the payment is received.',
    ],
    nextMonthly: (d: string) => `Next monthly payment: ${d}.`,
    nextYearly: (d: string) => `Next yearly payment: ${d}.`,
    signOff: 'Kind regards,',
    billing: { oneTime: 'one-time', monthly: 'per month', yearly: 'per year', notAvailable: '' },
    staffSubject: (n: string, total: string) => `New order ${n} (${total})`,
    staffBody: 'A new order came in.',
    customer: 'Customer',
  },
  nl: {
    subject: (n: string) => `Je bestelling – factuur ${n}`,
    hello: (name: string) => `Hallo ${name},`,
    thanks: 'Bedankt voor je bestelling. Hier is een overzicht.',
    total: 'Totaal vandaag te betalen',
    invoice: (n: string) => `Factuur ${n} zit als pdf in de bijlage.`,
    pay: 'Hier betalen',
    payBy: (date: string) => `Graag betalen vóór ${date}.`,
    next: 'Hoe gaat het verder',
    nextSteps: [
      'We nemen binnen 24 uur contact met je op om te beginnen.',
      'Je abonnementen gaan in zodra de betaling binnen is.',
    ],
    nextMonthly: (d: string) => `Volgende maandbetaling: ${d}.`,
    nextYearly: (d: string) => `Volgende jaarbetaling: ${d}.`,
    signOff: 'Met vriendelijke groet,',
    billing: { oneTime: 'eenmalig', monthly: 'per maand', yearly: 'per jaar', notAvailable: '' },
    staffSubject: (n: string, total: string) => `Nieuwe bestelling ${n} (${total})`,
    staffBody: 'Er is een nieuwe bestelling binnengekomen.',
    customer: 'Klant',
  },
} as const;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

function lineText(lang: Lang, line: InvoiceLine): string {
  const billing = TEXT[lang].billing[line.billing as keyof (typeof TEXT)['en']['billing']] ?? '';
  return `${line.description}${billing ? ` (${billing})` : ''}: ${formatMoney(line.amount, lang)}`;
}

export function invoiceAttachment(invoiceNumber: string, pdf: Uint8Array): MailAttachment {
  return {
    filename: `invoice-${invoiceNumber}.pdf`,
    contentType: 'application/pdf',
    content: Buffer.from(pdf).toString('base64'),
  };
}

export function orderConfirmationMail(input: OrderMailInput): MailMessage {
  const t = TEXT[input.lang];
  const lines = input.lines.map((l) => lineText(input.lang, l));
  const next = [
    ...t.nextSteps,
    ...(input.nextPayments.monthly
      ? [t.nextMonthly(formatDate(input.nextPayments.monthly, input.lang))]
      : []),
    ...(input.nextPayments.yearly
      ? [t.nextYearly(formatDate(input.nextPayments.yearly, input.lang))]
      : []),
  ];
  const total = formatMoney(input.total, input.lang);
  const text = [
    t.hello(input.firstname),
    '',
    t.thanks,
    '',
    ...lines.map((l) => `- ${l}`),
    '',
    `${t.total}: ${total}`,
    t.invoice(input.invoiceNumber),
    ...(input.total > 0
      ? [t.payBy(formatDate(input.dueDate, input.lang)), `${t.pay}: ${input.paymentLink}`]
      : []),
    '',
    `${t.next}:`,
    ...next.map((l) => `- ${l}`),
    '',
    t.signOff,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(t.hello(input.firstname))}</p>`,
    `<p>${escapeHtml(t.thanks)}</p>`,
    `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    `<p><strong>${escapeHtml(t.total)}: ${escapeHtml(total)}</strong></p>`,
    `<p>${escapeHtml(t.invoice(input.invoiceNumber))}</p>`,
    ...(input.total > 0
      ? [
          `<p>${escapeHtml(t.payBy(formatDate(input.dueDate, input.lang)))} <a href="${escapeHtml(input.paymentLink)}">${escapeHtml(t.pay)}</a></p>`,
        ]
      : []),
    `<h2>${escapeHtml(t.next)}</h2>`,
    `<ul>${next.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(t.signOff)}</p>`,
  ].join('\n');
  return {
    to: input.email,
    subject: t.subject(input.invoiceNumber),
    text,
    html,
    attachments: [invoiceAttachment(input.invoiceNumber, input.pdf)],
    kind: 'order-confirmation',
    lang: input.lang,
  };
}

export function staffOrderNotification(
  input: OrderMailInput & { staffAddress: string; customer: string[] },
): MailMessage {
  // Staff read Dutch (the studio is in the Netherlands).
  const t = TEXT.nl;
  const total = formatMoney(input.total, 'nl');
  const text = [
    t.staffBody,
    '',
    `${t.customer}:`,
    ...input.customer,
    input.email,
    '',
    ...input.lines.map((l) => `- ${lineText('nl', l)}`),
    '',
    `${t.total}: ${total}`,
    `Order: ${input.orderId}`,
  ].join('\n');
  return {
    to: input.staffAddress,
    subject: t.staffSubject(input.invoiceNumber, total),
    text,
    attachments: [invoiceAttachment(input.invoiceNumber, input.pdf)],
    kind: 'order-notification',
    lang: 'nl',
  };
}
