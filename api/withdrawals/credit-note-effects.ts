/**
 * What every credit note brings with it (API.md section 10), a withdrawal's or staff's: the
 * refund when the invoice was paid, and the credit note mailed to the customer with its PDF.
 */
import { eq } from 'drizzle-orm';
import { formatMoney } from '#domain/format.ts';
import type { Tx } from '../db/database.ts';
import { users, type MailAttachment } from '../db/schema.ts';
import { creditNotePdf, type CreditNoteRow } from '../credit-notes/credit-notes.service.ts';
import { mailSignOff, t } from '../i18n.ts';
import type { BankDetails } from '../invoices/invoice-pdf.ts';
import type { Mailer } from '../mail/mail.ts';
import type { InvoiceRow } from '../invoices/invoices.ts';
import { recordRefund, type RefundRow } from './refunds.ts';

/** The credit note as a mail attachment (its PDF drawn now, inside the transaction). */
export function creditNoteAttachment(
  note: CreditNoteRow,
  invoice: InvoiceRow,
  bank: BankDetails,
): MailAttachment {
  return {
    filename: `credit-note-${note.number}.pdf`,
    contentType: 'application/pdf',
    content: Buffer.from(creditNotePdf(note, invoice, bank)).toString('base64'),
  };
}

/** The customer's mail with a credit note (any credit note: a withdrawal's or staff's). */
export async function mailCreditNote(
  mailer: Mailer | undefined,
  tx: Tx,
  input: {
    note: CreditNoteRow;
    invoice: InvoiceRow;
    to: string;
    bank: BankDetails;
    refund: RefundRow | null;
  },
): Promise<void> {
  if (!mailer) return;
  const { note, invoice } = input;
  const lang = note.lang;
  const amount = formatMoney(-note.total, lang);
  const refundLine = !input.refund
    ? t(lang, 'mail.creditNote.noRefund')
    : input.refund.method === 'mollie'
      ? t(lang, 'mail.creditNote.refundMollie', { amount })
      : t(lang, 'mail.creditNote.refundTransfer', { amount });
  await mailer.send(
    {
      to: input.to,
      subject: t(lang, 'mail.creditNote.subject', { number: note.number }),
      text: [
        t(lang, 'mail.common.helloNoName'),
        '',
        t(lang, 'mail.creditNote.body', {
          number: note.number,
          invoice: invoice.number,
          amount,
        }),
        t(lang, 'mail.creditNote.reason', { reason: note.reason }),
        refundLine,
        '',
        ...mailSignOff(lang),
      ].join('\n'),
      attachments: [creditNoteAttachment(note, invoice, input.bank)],
      kind: 'credit-note',
      lang,
    },
    tx,
  );
}

/**
 * What every staff credit brings with it (API.md section 10), in its transaction: the refund when
 * the invoice was paid, and the credit note mailed to the customer with its PDF.
 */
export async function creditNoteEffects(
  tx: Tx,
  input: {
    creditNote: CreditNoteRow;
    invoice: InvoiceRow;
    at: Date;
    mailer?: Mailer | undefined;
    bank: BankDetails;
  },
): Promise<RefundRow | null> {
  const refund = await recordRefund(tx, input);
  const [owner] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, input.invoice.userId))
    .limit(1);
  const to = input.invoice.buyer.email ?? owner?.email;
  if (to)
    await mailCreditNote(input.mailer, tx, {
      note: input.creditNote,
      invoice: input.invoice,
      to,
      bank: input.bank,
      refund,
    });
  return refund;
}
