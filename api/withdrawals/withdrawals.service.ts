/**
 * Withdrawal (issue 42, API.md section 10): a consumer withdraws from an order within 14 days.
 *
 * `withdraw(tx, ...)` does everything in the caller's ONE transaction: it locks the order (two
 * requests for one order queue; the unique `withdrawals.order_id` is the last word), checks the
 * email and the rules of domain/withdrawal.ts, issues the credit note for the refund (the credit
 * notes wing's `issueCreditNote`), records the withdrawal with its statement and the time it was
 * received, ends the order's subscriptions at once, cancels the order's domain when the registrar
 * has not been asked for it yet (then it is refunded too, D42C-1), records the refund when the
 * invoice was paid, and queues the acknowledgement, the credit note with its PDF and the staff
 * notification.
 * `previewWithdrawal` answers the same checks and the refund without changing anything (the page
 * shows the refund before the confirm step).
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { amsterdamDay } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import {
  isConsumerOrder,
  withdrawalLastDay,
  withdrawalRefusal,
  type WithdrawalRefund,
  type WithdrawalRequest,
} from '#domain/withdrawal.ts';
import type { Db, Tx } from '../db/database.ts';
import { subscriptions, withdrawals } from '../db/schema.ts';
import { issueCreditNote, type CreditNoteRow } from '../credit-notes/credit-notes.service.ts';
import { ApiError } from '../http/errors.ts';
import { t } from '../i18n.ts';
import type { BankDetails } from '../invoices/invoice-pdf.ts';
import type { Mailer } from '../mail/mail.ts';
import type { InvoiceRow } from '../invoices/invoices.ts';
import { cancelOrderDomains, orderDomainState } from '../registrar/domain-steps.ts';
import { mailCreditNote } from './credit-note-effects.ts';
import { recordRefund, type RefundRow } from './refunds.ts';
import { domainKept, findOrder, refundPlan, refundView, refuse } from './withdrawal-checks.ts';
import { mailAcknowledgement, notifyStaffOfWithdrawal } from './withdrawal-mails.ts';

export interface WithdrawalPreview {
  orderId: string;
  invoiceNumber: string;
  orderedOn: string;
  lastDay: string;
  refund: WithdrawalRefund;
}

export async function previewWithdrawal(
  db: Db | Tx,
  input: { request: WithdrawalRequest; now: Date; lang: Lang; manualDomains: boolean },
): Promise<WithdrawalPreview> {
  const found = await findOrder(db, input.request, {
    lock: false,
    manualDomains: input.manualDomains,
  });
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

export async function withdraw(
  tx: Tx,
  input: {
    request: WithdrawalRequest;
    now: Date;
    lang: Lang;
    mailer?: Mailer | undefined;
    bank: BankDetails;
    /** No registrar connected (REGISTRAR=none): staff register paid domains by hand. */
    manualDomains: boolean;
  },
): Promise<{ answer: WithdrawalAnswer; refund: RefundRow | null }> {
  const { request, now, lang, manualDomains } = input;
  const found = await findOrder(tx, request, { lock: true, manualDomains });
  refuse(found, now, lang);
  // A domain the registrar has not been asked for is cancelled, so it is refunded; one registered
  // or under way stays (D42C-1). Should a server have just sent it, the cancellation leaves it
  // and the refund reads the domain again.
  if (found.domain && !domainKept(found)) {
    await cancelOrderDomains(tx, found.order.id);
    found.domain = await orderDomainState(tx, found.order.id, manualDomains);
  }
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

  const facts = { found, request, now, lang, credit, refundAmount, refund };
  await mailAcknowledgement(input.mailer, tx, facts);
  if (credit)
    await mailCreditNote(input.mailer, tx, {
      note: credit.creditNote,
      invoice: credit.invoice,
      to: found.email,
      bank: input.bank,
      refund,
    });
  await notifyStaffOfWithdrawal(input.mailer, tx, facts);

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
