/**
 * Withdrawal (issue 42, API.md section 10): a consumer withdraws from an order within 14 days.
 *
 * `withdraw(tx, ...)` does everything in the caller's ONE transaction: it locks the order (two
 * requests for one order queue; the unique `withdrawals.order_id` is the last word), checks the
 * email and the rules of domain/withdrawal.ts, issues the credit note for the refund (the credit
 * notes wing's `issueCreditNote`), records the withdrawal with its statement and the time it was
 * received, ends the order's subscriptions at once, records the refund when the invoice was paid,
 * and queues the acknowledgement, the credit note with its PDF and the staff notification.
 * `previewWithdrawal` answers the same checks and the refund without changing anything (the page
 * shows the refund before the confirm step).
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { planCredit, remainingPerLine } from '#domain/credit-note.ts';
import { amsterdamDay, formatDate, formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import {
  isConsumerOrder,
  withdrawalLastDay,
  withdrawalRefundLines,
  withdrawalRefusal,
  type WithdrawalRefund,
  type WithdrawalRequest,
} from '#domain/withdrawal.ts';
import type { Db, Tx } from '../db/database.ts';
import {
  invoices,
  orderLines,
  orders,
  subscriptions,
  users,
  withdrawals,
  type MailAttachment,
} from '../db/schema.ts';
import {
  creditNotePdf,
  creditNotesOf,
  issueCreditNote,
  type CreditNoteRow,
} from '../credit-notes/credit-notes.service.ts';
import { ApiError } from '../http/errors.ts';
import { languageName, mailSignOff, t } from '../i18n.ts';
import type { BankDetails } from '../invoices/invoice-pdf.ts';
import { notifyStaff, type Mailer } from '../mail/mail.ts';
import type { InvoiceRow } from '../invoices/invoices.ts';
import { recordRefund, type RefundRow } from './refunds.ts';

type OrderRow = typeof orders.$inferSelect;

interface Found {
  order: OrderRow;
  invoice: InvoiceRow;
  email: string;
  kinds: string[];
  withdrawn: boolean;
  earlier: CreditNoteRow[];
}

/**
 * The order the visitor named (by id or by any of its invoice numbers) with its first invoice,
 * or 404: an unknown order and an email that is not the order's answer alike (nothing to probe).
 */
async function findOrder(db: Db | Tx, request: WithdrawalRequest, lock: boolean): Promise<Found> {
  let orderId = request.orderId;
  if (!orderId) {
    const [byInvoice] = await db
      .select({ orderId: invoices.orderId })
      .from(invoices)
      .where(eq(invoices.number, request.invoiceNumber!))
      .limit(1);
    orderId = byInvoice?.orderId;
  }
  if (!orderId) throw new ApiError('NOT_FOUND');
  const query = db
    .select({ order: orders, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: orders }) : await query;
  if (!row || row.email !== request.email.trim().toLowerCase()) throw new ApiError('NOT_FOUND');
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.issuedAt), asc(invoices.sequence))
    .limit(1);
  if (!invoice) throw new ApiError('NOT_FOUND');
  const lines = await db
    .select({ position: orderLines.position, kind: orderLines.kind })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const [withdrawal] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(eq(withdrawals.orderId, orderId))
    .limit(1);
  return {
    order: row.order,
    invoice,
    email: row.email,
    kinds: lines.map((l) => l.kind),
    withdrawn: Boolean(withdrawal),
    earlier: await creditNotesOf(db, invoice.id),
  };
}

/** The 409s of API.md section 10, with the last day named when the period is over. */
function refuse(found: Found, now: Date, lang: Lang): void {
  const refusal = withdrawalRefusal({
    consumer: isConsumerOrder(found.invoice.buyer),
    withdrawn: found.withdrawn,
    orderedAt: found.order.createdAt,
    now,
  });
  if (refusal === 'WITHDRAWAL_PERIOD_OVER')
    throw new ApiError(refusal, {
      message: t(lang, 'withdraw.error.periodOver', {
        day: formatDate(withdrawalLastDay(found.order.createdAt), lang),
      }),
    });
  if (refusal) throw new ApiError(refusal);
}

/** What comes back on each invoice line, never more than is left after earlier credit notes. */
function refundPlan(found: Found, now: Date) {
  const { invoice } = found;
  const left = remainingPerLine(invoice, found.earlier);
  const lines = withdrawalRefundLines({
    lines: invoice.lines.map((line, i) => ({
      kind: found.kinds[i] ?? 'plan',
      billing: line.billing,
      amount: line.amount,
      months: line.months,
    })),
    startNow: found.order.startNow,
    // A registered domain is registered once the order is paid (decision D42B-2).
    domainRegistered: invoice.status === 'paid',
    orderedAt: found.order.createdAt,
    now,
  })
    .map((line) => ({ ...line, amount: Math.min(line.amount, Math.max(0, left[line.index] ?? 0)) }))
    .filter((line) => line.amount > 0);
  return lines;
}

/** The refund as the page shows it (incl. VAT at the invoice's rate, as the credit note adds it). */
function refundView(found: Found, plan: ReturnType<typeof refundPlan>): WithdrawalRefund {
  const { invoice } = found;
  const byIndex = new Map(plan.map((line) => [line.index, line]));
  const lines = invoice.lines.flatMap((line, index) => {
    if (line.amount <= 0) return [];
    const refund = byIndex.get(index);
    return [
      {
        displayName: line.description,
        amount: refund?.amount ?? 0,
        kept: line.amount - (refund?.amount ?? 0),
        reason:
          refund?.kept?.reason ??
          (refund
            ? null
            : found.kinds[index] === 'domain-registration'
              ? ('domainRegistered' as const)
              : null),
      },
    ];
  });
  const credit = planCredit(invoice, found.earlier, plan);
  return {
    amount: credit.ok ? -credit.total : 0,
    invoiceTotal: invoice.total,
    lines,
    paid: invoice.status === 'paid',
  };
}

export interface WithdrawalPreview {
  orderId: string;
  invoiceNumber: string;
  orderedOn: string;
  lastDay: string;
  refund: WithdrawalRefund;
}

export async function previewWithdrawal(
  db: Db | Tx,
  input: { request: WithdrawalRequest; now: Date; lang: Lang },
): Promise<WithdrawalPreview> {
  const found = await findOrder(db, input.request, false);
  refuse(found, input.now, input.lang);
  return {
    orderId: found.order.id,
    invoiceNumber: found.invoice.number,
    orderedOn: amsterdamDay(found.order.createdAt),
    lastDay: withdrawalLastDay(found.order.createdAt),
    refund: refundView(found, refundPlan(found, input.now)),
  };
}

export interface WithdrawalAnswer {
  withdrawal: {
    id: string;
    orderId: string;
    receivedAt: string;
    /** Positive cents incl. VAT credited (paid back when the invoice was paid). */
    refund: number;
    creditNoteNumber: string | null;
  };
}

/** Date and time in Amsterdam, in the reader's language. */
function receivedText(at: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', {
    timeZone: 'Europe/Amsterdam',
    dateStyle: 'long',
    timeStyle: 'long',
  }).format(at);
}

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

export async function withdraw(
  tx: Tx,
  input: {
    request: WithdrawalRequest;
    now: Date;
    lang: Lang;
    mailer?: Mailer | undefined;
    bank: BankDetails;
  },
): Promise<{ answer: WithdrawalAnswer; refund: RefundRow | null }> {
  const { request, now, lang } = input;
  const found = await findOrder(tx, request, true);
  refuse(found, now, lang);
  const plan = refundPlan(found, now);
  let credit: { creditNote: CreditNoteRow; invoice: InvoiceRow } | null = null;
  if (plan.length > 0)
    credit = await issueCreditNote(tx, {
      invoiceNumber: found.invoice.number,
      reason: t(found.invoice.lang, 'withdraw.creditReason'),
      lines: plan.map(({ index, amount }) => ({ index, amount })),
      at: now,
      issuedBy: null,
    });
  const refundAmount = credit ? -credit.creditNote.total : 0;
  const [saved] = await tx
    .insert(withdrawals)
    .values({
      orderId: found.order.id,
      userId: found.order.userId,
      name: request.name,
      email: request.email.trim().toLowerCase(),
      statement: request.statement,
      lang,
      receivedAt: now,
      creditNoteId: credit?.creditNote.id ?? null,
      refund: refundAmount,
    })
    .onConflictDoNothing({ target: withdrawals.orderId })
    .returning({ id: withdrawals.id });
  // Only a concurrent twin that got past the lock (impossible while it holds) would land here.
  if (!saved) throw new ApiError('ALREADY_WITHDRAWN');
  // The order's subscriptions end at once.
  const today = amsterdamDay(now);
  await tx
    .update(subscriptions)
    .set({ status: 'cancelled', endsOn: today, cancelledAt: now })
    .where(and(eq(subscriptions.orderId, found.order.id), ne(subscriptions.status, 'cancelled')));
  const refund = credit
    ? await recordRefund(tx, { creditNote: credit.creditNote, invoice: credit.invoice, at: now })
    : null;

  // The acknowledgement on a durable medium: the statement, the order, the date and time received.
  const mailLang = found.order.lang;
  const received = receivedText(now, mailLang);
  await input.mailer?.send(
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
  if (credit)
    await mailCreditNote(input.mailer, tx, {
      note: credit.creditNote,
      invoice: credit.invoice,
      to: found.email,
      bank: input.bank,
      refund,
    });
  await notifyStaff(input.mailer, tx, 'withdrawal-notification', (staffLang) => ({
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

  return {
    answer: {
      withdrawal: {
        id: saved.id,
        orderId: found.order.id,
        receivedAt: now.toISOString(),
        refund: refundAmount,
        creditNoteNumber: credit?.creditNote.number ?? null,
      },
    },
    refund,
  };
}

/** The last day of each order's withdrawal period while it runs (client area), else null. */
export function withdrawableUntil(
  order: { createdAt: Date; buyer: { kvk?: string; vat?: string } },
  withdrawn: boolean,
  now: Date,
): string | null {
  return withdrawalRefusal({
    consumer: isConsumerOrder(order.buyer),
    withdrawn,
    orderedAt: order.createdAt,
    now,
  }) === null
    ? withdrawalLastDay(order.createdAt)
    : null;
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

/** Which of these orders were withdrawn from. */
export async function withdrawnOrders(
  db: Db | Tx,
  orderIds: readonly string[],
): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: withdrawals.orderId })
    .from(withdrawals)
    .where(inArray(withdrawals.orderId, [...orderIds]));
  return new Set(rows.map((r) => r.orderId));
}
