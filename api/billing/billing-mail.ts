import { formatDate, formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import type { InvoiceLine } from '../db/schema.ts';
import { mailSignOff, t, type MessageKey, type MessageValues } from '../i18n.ts';
import type { MailMessage } from '../mail/mail.ts';
import { invoiceAttachments } from '../invoices/invoices.ts';

/**
 * The billing job's mails, in the customer's language, worded from the same catalogues as the
 * site (`billing.mail.*` in locales/): the renewal invoice (PDF attached; with a payment link, or
 * saying the amount is collected from the mandate), the "automatic payment failed" invoice, the
 * yearly renewal reminder and the overdue reminder.
 */

/** An invoice line for one billing period: "Complete Website Package, 31 March 2026 to 29 April 2026". */
export function periodLineDescription(
  lang: Lang,
  item: string,
  period: { start: string; end: string },
): string {
  return t(lang, 'billing.invoice.periodLine', {
    item,
    from: formatDate(period.start, lang),
    to: formatDate(period.end, lang),
  });
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

type Paragraph = string | string[] | { text: string; link: string };

/** Plain text and simple HTML from paragraphs; a `{ link }` paragraph becomes an anchor. */
function compose(paragraphs: Paragraph[]) {
  const text = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? p
        : Array.isArray(p)
          ? p.map((l) => `- ${l}`).join('\n')
          : `${p.text}: ${p.link}`,
    )
    .join('\n\n');
  const html = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`
        : Array.isArray(p)
          ? `<ul>${p.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`
          : `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.text)}</a></p>`,
    )
    .join('\n');
  return { text, html };
}

/** A billing mail to the customer: greeting by first name, `body`, sign-off. */
function customerMail(
  input: { lang: Lang; email: string; firstname: string },
  mail: Pick<MailMessage, 'subject' | 'kind' | 'attachments'>,
  body: Paragraph[],
): MailMessage {
  const { lang } = input;
  const { text, html } = compose([
    t(lang, 'mail.common.hello', { name: input.firstname }),
    ...body,
    mailSignOff(lang).join('\n'),
  ]);
  return { to: input.email, ...mail, text, html, lang };
}

export interface RenewalInvoiceMailInput {
  lang: Lang;
  email: string;
  firstname: string;
  invoiceNumber: string;
  lines: InvoiceLine[];
  total: number;
  dueDate: string;
  payLink: string;
  /** `link`: pay with the link; `mandate`: collected automatically; `failed`: collection failed. */
  collection: 'link' | 'mandate' | 'failed';
  /** The invoice's id: its stored PDF is attached when the mail is delivered. */
  invoiceId: string;
}

export function renewalInvoiceMail(input: RenewalInvoiceMailInput): MailMessage {
  const { lang } = input;
  const m = (id: MessageKey, values?: MessageValues) => t(lang, id, values);
  const number = input.invoiceNumber;
  const failed = input.collection === 'failed';
  return customerMail(
    input,
    {
      subject: m(failed ? 'billing.mail.failed.subject' : 'billing.mail.renewal.subject', {
        number,
      }),
      attachments: invoiceAttachments({ id: input.invoiceId, number }),
      kind: failed ? 'renewal-payment-failed' : 'renewal-invoice',
    },
    [
      m(failed ? 'billing.mail.failed.intro' : 'billing.mail.renewal.intro', { number }),
      input.lines.map((l) => `${l.description}: ${formatMoney(l.amount, lang)}`),
      m('billing.mail.renewal.total', { amount: formatMoney(input.total, lang) }),
      ...(input.collection === 'mandate'
        ? [m('billing.mail.renewal.collect')]
        : [
            m('billing.mail.renewal.payBy', { date: formatDate(input.dueDate, lang) }),
            { text: m('billing.mail.renewal.payLink'), link: input.payLink },
          ]),
    ],
  );
}

export function renewalReminderMail(input: {
  lang: Lang;
  email: string;
  firstname: string;
  item: string;
  renewsOn: string;
  amount: number;
  accountLink: string;
}): MailMessage {
  const { lang } = input;
  const date = formatDate(input.renewsOn, lang);
  const values = { item: input.item, date, amount: formatMoney(input.amount, lang) };
  return customerMail(
    input,
    { subject: t(lang, 'billing.mail.reminder.subject', values), kind: 'renewal-reminder' },
    [
      t(lang, 'billing.mail.reminder.body', values),
      { text: t(lang, 'billing.mail.reminder.accountLink'), link: input.accountLink },
    ],
  );
}

export function overdueReminderMail(input: {
  lang: Lang;
  email: string;
  firstname: string;
  invoiceNumber: string;
  total: number;
  dueDate: string;
  payLink: string;
}): MailMessage {
  const { lang } = input;
  const values = {
    number: input.invoiceNumber,
    amount: formatMoney(input.total, lang),
    date: formatDate(input.dueDate, lang),
  };
  return customerMail(
    input,
    { subject: t(lang, 'billing.mail.overdue.subject', values), kind: 'overdue-reminder' },
    [
      t(lang, 'billing.mail.overdue.body', values),
      { text: t(lang, 'billing.mail.renewal.payLink'), link: input.payLink },
    ],
  );
}
