import { formatDate, formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import type { Tx } from '../db/database.ts';
import { invoiceMails, type InvoiceLine, type MailAttachment } from '../db/schema.ts';
import { mailSignOff, t } from '../i18n.ts';
import { findCustomers, firstnameOf } from '../billing/billing-customers.ts';
import { invoiceAttachments } from '../invoices/invoices.ts';
import type { MailMessage, Mailer } from '../mail/mail.ts';
import type { InvoiceRow } from '../invoices/invoices.ts';

/**
 * The money path's mails, worded in locales/ (`mail.*`) in the customer's language: the order
 * confirmation with the staff notification, and "payment received" (once per invoice, ever).
 * Each attaches the invoice's stored PDF, read by the mailer at delivery.
 */

export interface OrderMailInput {
  lang: Lang;
  email: string;
  firstname: string;
  /** The issued invoice (number, lines, total, due date); its stored PDF is attached. */
  invoice: Pick<InvoiceRow, 'id' | 'number' | 'lines' | 'total' | 'dueDate'>;
  orderId: string;
  /** Our own pay page: it works for every provider and never expires. */
  paymentLink: string;
  nextPayments: { monthly: string | null; yearly: string | null };
  /** A consumer order: the withdrawal function with this order filled in (issue 42). */
  withdrawLink?: string | null | undefined;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

function lineText(lang: Lang, line: InvoiceLine): string {
  const billing = line.months
    ? t(lang, 'mail.billing.months', { count: line.months })
    : line.billing === 'oneTime' || line.billing === 'monthly' || line.billing === 'yearly'
      ? t(lang, `mail.billing.${line.billing}`)
      : '';
  return `${line.description}${billing ? ` (${billing})` : ''}: ${formatMoney(line.amount, lang)}`;
}

/** An attachment with the PDF bytes in it (for mails that are not about an issued invoice). */
export function invoiceAttachment(invoiceNumber: string, pdf: Uint8Array): MailAttachment {
  return {
    filename: `invoice-${invoiceNumber}.pdf`,
    contentType: 'application/pdf',
    content: Buffer.from(pdf).toString('base64'),
  };
}

export function orderConfirmationMail(input: OrderMailInput): MailMessage {
  const { lang, invoice } = input;
  const lines = invoice.lines.map((l) => lineText(lang, l));
  const next = [
    t(lang, 'mail.order.nextContact'),
    t(lang, 'mail.order.nextStart'),
    ...(input.nextPayments.monthly
      ? [
          t(lang, 'mail.order.nextMonthly', {
            date: formatDate(input.nextPayments.monthly, lang),
          }),
        ]
      : []),
    ...(input.nextPayments.yearly
      ? [t(lang, 'mail.order.nextYearly', { date: formatDate(input.nextPayments.yearly, lang) })]
      : []),
  ];
  const total = formatMoney(invoice.total, lang);
  const hello = t(lang, 'mail.common.hello', { name: input.firstname });
  const thanks = t(lang, 'mail.order.thanks');
  const totalLabel = t(lang, 'mail.order.total');
  const attached = t(lang, 'mail.order.invoiceAttached', { number: invoice.number });
  const payBy = t(lang, 'mail.order.payBy', { date: formatDate(invoice.dueDate, lang) });
  const pay = t(lang, 'mail.order.pay');
  const nextTitle = t(lang, 'mail.order.next');
  const signOff = mailSignOff(lang);
  const withdraw = input.withdrawLink ? t(lang, 'mail.order.withdraw') : null;
  const plain = [
    hello,
    '',
    thanks,
    '',
    ...lines.map((l) => `- ${l}`),
    '',
    `${totalLabel}: ${total}`,
    attached,
    ...(invoice.total > 0 ? [payBy, `${pay}: ${input.paymentLink}`] : []),
    '',
    `${nextTitle}:`,
    ...next.map((l) => `- ${l}`),
    '',
    ...(withdraw ? [`${withdraw} ${input.withdrawLink}`, ''] : []),
    ...signOff,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(thanks)}</p>`,
    `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    `<p><strong>${escapeHtml(totalLabel)}: ${escapeHtml(total)}</strong></p>`,
    `<p>${escapeHtml(attached)}</p>`,
    ...(invoice.total > 0
      ? [
          `<p>${escapeHtml(payBy)} <a href="${escapeHtml(input.paymentLink)}">${escapeHtml(pay)}</a></p>`,
        ]
      : []),
    `<h2>${escapeHtml(nextTitle)}</h2>`,
    `<ul>${next.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    ...(withdraw
      ? [
          `<p>${escapeHtml(withdraw)} <a href="${escapeHtml(input.withdrawLink!)}">${escapeHtml(input.withdrawLink!)}</a></p>`,
        ]
      : []),
    `<p>${signOff.map(escapeHtml).join('<br>')}</p>`,
  ].join('\n');
  return {
    to: input.email,
    subject: t(lang, 'mail.order.subject', { number: invoice.number }),
    text: plain,
    html,
    attachments: invoiceAttachments(invoice),
    kind: 'order-confirmation',
    lang,
  };
}

/** What the staff notification lists, in the staff's language (`mailer.staffLang`). */
export interface StaffNotificationInput {
  /** Company, name, address (the country named in the staff's language), phone. */
  customer: string[];
  /** The invoice's lines (the invoice names them in the customer's language). */
  staffLines: InvoiceLine[];
}

export function staffOrderNotification(
  input: OrderMailInput & StaffNotificationInput & { staffAddress: string; staffLang: Lang },
): MailMessage {
  const lang = input.staffLang;
  const total = formatMoney(input.invoice.total, lang);
  const plain = [
    t(lang, 'mail.staffOrder.body'),
    '',
    `${t(lang, 'mail.staffOrder.customer')}:`,
    ...input.customer,
    input.email,
    '',
    ...input.staffLines.map((l) => `- ${lineText(lang, l)}`),
    '',
    `${t(lang, 'mail.order.total')}: ${total}`,
    t(lang, 'mail.staffOrder.order', { id: input.orderId }),
  ].join('\n');
  return {
    to: input.staffAddress,
    subject: t(lang, 'mail.staffOrder.subject', { number: input.invoice.number, total }),
    text: plain,
    attachments: invoiceAttachments(input.invoice),
    kind: 'order-notification',
    lang,
  };
}

/** Queues the order confirmation (and the staff notification) in the order's transaction. */
export async function queueOrderMails(
  tx: Tx,
  mailer: Mailer,
  input: OrderMailInput & StaffNotificationInput,
): Promise<void> {
  await mailer.sendMany(
    [
      orderConfirmationMail(input),
      ...(mailer.staffAddress
        ? [
            staffOrderNotification({
              ...input,
              staffAddress: mailer.staffAddress,
              staffLang: mailer.staffLang,
            }),
          ]
        : []),
    ],
    tx,
  );
}

export interface PaymentReceivedInput {
  invoice: Pick<InvoiceRow, 'id' | 'number' | 'total' | 'lang' | 'buyer' | 'userId'>;
  /** The customer's address (defaults to the invoice's buyer email). */
  email?: string | undefined;
}

export function paymentReceivedMail(
  input: PaymentReceivedInput & { email: string; firstname: string },
): MailMessage {
  const { invoice } = input;
  const lang = invoice.lang;
  const amount = formatMoney(invoice.total, lang);
  // By first name, as the order confirmation and the billing mails greet.
  const hello = t(lang, 'mail.common.hello', { name: input.firstname });
  const body = t(lang, 'mail.paymentReceived.body', { amount, number: invoice.number });
  const attached = t(lang, 'mail.paymentReceived.attached');
  const signOff = mailSignOff(lang);
  return {
    to: input.email,
    subject: t(lang, 'mail.paymentReceived.subject', { number: invoice.number }),
    text: [hello, '', body, attached, '', ...signOff].join('\n'),
    html: [
      ...[hello, body, attached].map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p>${signOff.map(escapeHtml).join('<br>')}</p>`,
    ].join('\n'),
    attachments: invoiceAttachments(invoice),
    kind: 'payment-received',
    lang,
  };
}

/**
 * Queues "payment received" for an invoice inside `tx`, at most once per invoice ever: the
 * `invoice_mails` primary key lets only the first insert through, whoever calls (the Mollie
 * webhook, the return to the thank-you page, staff "Mark as paid", recurring billing). Returns
 * whether this call queued it.
 */
export async function queuePaymentReceivedMail(
  tx: Tx,
  mailer: Mailer | undefined,
  input: PaymentReceivedInput,
): Promise<boolean> {
  const email = input.email ?? input.invoice.buyer.email;
  if (!mailer || !email) return false;
  const first = await tx
    .insert(invoiceMails)
    .values({ invoiceId: input.invoice.id, kind: 'payment-received' })
    .onConflictDoNothing()
    .returning({ invoiceId: invoiceMails.invoiceId });
  if (first.length === 0) return false;
  const customer = (await findCustomers(tx, [input.invoice.userId])).get(input.invoice.userId);
  const firstname = customer ? firstnameOf(customer) : input.invoice.buyer.name;
  await mailer.send(paymentReceivedMail({ ...input, email, firstname }), tx);
  return true;
}
