/**
 * The checks and the refund of a withdrawal (issue 42, API.md section 10): the order the visitor
 * named, the 409s of domain/withdrawal.ts, and what comes back on each invoice line. Used by
 * withdrawals.service.ts for the preview and the withdrawal itself.
 */
import { asc, eq } from 'drizzle-orm';
import { planCredit, remainingPerLine } from '#domain/credit-note.ts';
import { formatDate } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import {
  isConsumerOrder,
  withdrawalLastDay,
  withdrawalRefundLines,
  withdrawalRefusal,
  domainRegistered,
  type WithdrawnDomain,
  type WithdrawalRefund,
  type WithdrawalRequest,
} from '#domain/withdrawal.ts';
import type { Db, Tx } from '../db/database.ts';
import { invoices, orderLines, orders, users, withdrawals } from '../db/schema.ts';
import { creditNotesOf, type CreditNoteRow } from '../credit-notes/credit-notes.service.ts';
import { orderDomainState } from '../registrar/domain-steps.ts';
import { ApiError } from '../http/errors.ts';
import { t } from '../i18n.ts';
import type { InvoiceRow } from '../invoices/invoices.ts';

type OrderRow = typeof orders.$inferSelect;

export interface Found {
  order: OrderRow;
  invoice: InvoiceRow;
  email: string;
  kinds: string[];
  withdrawn: boolean;
  earlier: CreditNoteRow[];
  /** The order's domain at the registrar (null: none recorded). */
  domain: WithdrawnDomain | null;
}

/**
 * The order the visitor named (by id or by any of its invoice numbers) with its first invoice,
 * or 404: an unknown order and an email that is not the order's answer alike (nothing to probe).
 */
export async function findOrder(
  db: Db | Tx,
  request: WithdrawalRequest,
  options: { lock: boolean; manualDomains: boolean },
): Promise<Found> {
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
  const [row] = options.lock ? await query.for('update', { of: orders }) : await query;
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
    domain: await orderDomainState(db, orderId, options.manualDomains),
  };
}

/** The 409s of API.md section 10, with the last day named when the period is over. */
export function refuse(found: Found, now: Date, lang: Lang): void {
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

/** Whether the order's domain counts as registered at the customer's request (D42C-1). */
export const domainKept = (found: Found) =>
  domainRegistered(found.domain, found.invoice.status === 'paid');

/** What comes back on each invoice line, never more than is left after earlier credit notes. */
export function refundPlan(found: Found, now: Date) {
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
    // Registered as the registrar wing records it (decision D42C-1).
    domainRegistered: domainKept(found),
    orderedAt: found.order.createdAt,
    now,
  })
    .map((line) => ({ ...line, amount: Math.min(line.amount, Math.max(0, left[line.index] ?? 0)) }))
    .filter((line) => line.amount > 0);
  return lines;
}

/** The refund as the page shows it (incl. VAT at the invoice's rate, as the credit note adds it). */
export function refundView(found: Found, plan: ReturnType<typeof refundPlan>): WithdrawalRefund {
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
