/**
 * A withdrawal's mails (issue 42, API.md section 10), queued in the withdrawal's transaction: the
 * acknowledgement on a durable medium and the staff notification.
 */
import { formatDate, formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import type { WithdrawalRequest } from '#domain/withdrawal.ts';
import type { Tx } from '../db/database.ts';
import type { CreditNoteRow } from '../credit-notes/credit-notes.service.ts';
import { languageName, mailSignOff, t } from '../i18n.ts';
import { notifyStaff, type Mailer } from '../mail/mail.ts';
import type { InvoiceRow } from '../invoices/invoices.ts';
import type { RefundRow } from './refunds.ts';
import type { Found } from './withdrawal-checks.ts';

/** What the withdrawal's mails tell: the order, the statement, the credit and the refund. */
export interface WithdrawalFacts {
  found: Found;
  request: WithdrawalRequest;
  now: Date;
  lang: Lang;
  credit: { creditNote: CreditNoteRow; invoice: InvoiceRow } | null;
  refundAmount: number;
  refund: RefundRow | null;
}

/** Date and time in Amsterdam, in the reader's language. */
function receivedText(at: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', {
    timeZone: 'Europe/Amsterdam',
    dateStyle: 'long',
    timeStyle: 'long',
  }).format(at);
}

/** The acknowledgement on a durable medium: the statement, the order, the date and time received. */
export async function mailAcknowledgement(
  mailer: Mailer | undefined,
  tx: Tx,
  { found, request, now, credit, refundAmount }: WithdrawalFacts,
): Promise<void> {
  const mailLang = found.order.lang;
  const received = receivedText(now, mailLang);
  await mailer?.send(
    {
      to: found.email,
      subject: t(mailLang, 'mail.withdrawal.subject', { number: found.invoice.number }),
      text: [
        t(mailLang, 'mail.common.hello', { name: request.name }),
        '',
        t(mailLang, 'mail.withdrawal.received', { received }),
        t(mailLang, 'mail.withdrawal.order', {
          orderId: found.order.id,
          number: found.invoice.number,
          date: formatDate(found.order.createdAt, mailLang),
        }),
        t(mailLang, 'mail.withdrawal.statement'),
        request.statement || t(mailLang, 'mail.withdrawal.noStatement'),
        '',
        t(mailLang, 'mail.withdrawal.subscriptionsEnded'),
        credit
          ? t(mailLang, 'mail.withdrawal.creditNote', {
              number: credit.creditNote.number,
              amount: formatMoney(refundAmount, mailLang),
            })
          : t(mailLang, 'mail.withdrawal.nothingToCredit'),
        '',
        ...mailSignOff(mailLang),
      ].join('\n'),
      kind: 'withdrawal-acknowledgement',
      lang: mailLang,
    },
    tx,
  );
}

/** The staff notification of a withdrawal. */
export async function notifyStaffOfWithdrawal(
  mailer: Mailer | undefined,
  tx: Tx,
  { found, request, now, lang, credit, refundAmount, refund }: WithdrawalFacts,
): Promise<void> {
  await notifyStaff(mailer, tx, 'withdrawal-notification', (staffLang) => ({
    subject: t(staffLang, 'mail.staffWithdrawal.subject', {
      number: found.invoice.number,
      name: request.name,
    }),
    text: [
      t(staffLang, 'mail.staffWithdrawal.body', { received: receivedText(now, staffLang) }),
      '',
      t(staffLang, 'mail.field.name', { name: request.name }),
      t(staffLang, 'mail.field.email', { email: found.email }),
      t(staffLang, 'mail.field.language', { lang: languageName(lang, staffLang) }),
      t(staffLang, 'mail.withdrawal.order', {
        orderId: found.order.id,
        number: found.invoice.number,
        date: formatDate(found.order.createdAt, staffLang),
      }),
      t(staffLang, 'mail.withdrawal.statement'),
      request.statement || t(staffLang, 'mail.withdrawal.noStatement'),
      '',
      credit
        ? t(staffLang, 'mail.withdrawal.creditNote', {
            number: credit.creditNote.number,
            amount: formatMoney(refundAmount, staffLang),
          })
        : t(staffLang, 'mail.withdrawal.nothingToCredit'),
      refund
        ? t(staffLang, `mail.staffWithdrawal.refund.${refund.method}`)
        : t(staffLang, 'mail.creditNote.noRefund'),
    ].join('\n'),
  }));
}
