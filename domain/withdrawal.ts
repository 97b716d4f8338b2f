// Withdrawal (issue 42, API.md section 10): the consumer's right to withdraw from a distance
// contract within 14 days (Directive 2011/83 art. 9-16, the online function of art. 11a). The
// rules, once: who may withdraw, until when, and how much comes back. Pure: the server decides
// with them and the page shows the same.

import * as v from 'valibot';
import { addDays, addMonths, amsterdamDay, type IsoDay } from './format.ts';
import { INVOICE_NUMBER_PATTERN } from './invoice.ts';
import { emailSchema } from './consultation.schema.ts';
import { multiLine, singleLine } from './text.ts';

/** The withdrawal period: 14 calendar days after the day of the order (Amsterdam days). */
export const WITHDRAWAL_DAYS = 14;

/** The longest statement a withdrawal keeps. */
export const WITHDRAWAL_STATEMENT_MAX = 2000;

/** A consumer order: one placed without a KvK number and without a VAT number. */
export function isConsumerOrder(buyer: { kvk?: string | undefined; vat?: string | undefined }) {
  return !buyer.kvk?.trim() && !buyer.vat?.trim();
}

/** The last day (Amsterdam) on which an order placed at `orderedAt` may be withdrawn from. */
export function withdrawalLastDay(orderedAt: Date): IsoDay {
  return addDays(amsterdamDay(orderedAt), WITHDRAWAL_DAYS);
}

/** Whether the withdrawal period of an order placed at `orderedAt` still runs at `now`. */
export function withdrawalPeriodRuns(orderedAt: Date, now: Date): boolean {
  return amsterdamDay(now) <= withdrawalLastDay(orderedAt);
}

export type WithdrawalRefusal =
  'NOT_A_CONSUMER_ORDER' | 'ALREADY_WITHDRAWN' | 'WITHDRAWAL_PERIOD_OVER';

/**
 * Whether this order may be withdrawn from now, and if not, why: a business order never; an order
 * withdrawn once not again; after the last day no more (the order of the checks is the order of
 * the answers: a business order is told so whatever the day).
 */
export function withdrawalRefusal(order: {
  consumer: boolean;
  withdrawn: boolean;
  orderedAt: Date;
  now: Date;
}): WithdrawalRefusal | null {
  if (!order.consumer) return 'NOT_A_CONSUMER_ORDER';
  if (order.withdrawn) return 'ALREADY_WITHDRAWN';
  if (!withdrawalPeriodRuns(order.orderedAt, order.now)) return 'WITHDRAWAL_PERIOD_OVER';
  return null;
}

/** An invoice line of the order's first invoice, with the kind of the order line it bills. */
export interface WithdrawnLine {
  /** The order line's kind: `plan`, `domain-registration`, `discount`, ... */
  kind: string;
  billing: string;
  /** Cents excl. VAT, as on the invoice. */
  amount: number;
  /** Months a monthly line bills at once (absent: one). */
  months?: number | undefined;
}

export type KeptReason = 'domainRegistered' | 'daysUsed';

export interface WithdrawalRefundLine {
  /** 0-based, in the invoice's lines. */
  index: number;
  /** Positive cents (excl. VAT) credited on this line. */
  amount: number;
  /** What is kept of the line, and why (absent: refunded in full). */
  kept?: { amount: number; reason: KeptReason; daysUsed?: number; periodDays?: number };
}

/** Days between two calendar days (`to` after `from`: positive). */
export function daysBetween(from: IsoDay, to: IsoDay): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * What a withdrawal credits on each line of the order's first invoice (excl. VAT; the credit note
 * adds the VAT at the invoice's rate):
 * - a domain registered at the customer's request (`domainRegistered`) is kept in full;
 * - with `startNow` (the consumer asked at checkout for work to start within the 14 days),
 *   subscriptions (monthly and yearly lines) are credited minus the days used, pro rata: the days
 *   from the order's day to the withdrawal's day out of the days the line bills (its months from
 *   the order's day), the kept part rounded to the cent;
 * - everything else in full (one-time lines; a discount line is credited with the rest).
 * Lines with nothing to credit are left out.
 */
export function withdrawalRefundLines(input: {
  lines: readonly WithdrawnLine[];
  startNow: boolean;
  domainRegistered: boolean;
  orderedAt: Date;
  now: Date;
}): WithdrawalRefundLine[] {
  const orderDay = amsterdamDay(input.orderedAt);
  const used = Math.max(0, daysBetween(orderDay, amsterdamDay(input.now)));
  const result: WithdrawalRefundLine[] = [];
  input.lines.forEach((line, index) => {
    if (line.amount <= 0) return;
    if (line.kind === 'domain-registration' && input.domainRegistered) return;
    const subscription = line.billing === 'monthly' || line.billing === 'yearly';
    if (input.startNow && subscription && line.kind !== 'domain-registration') {
      const months = line.billing === 'yearly' ? 12 : (line.months ?? 1);
      const periodDays = daysBetween(orderDay, addMonths(orderDay, months));
      const daysUsed = Math.min(used, periodDays);
      const kept = Math.round((line.amount * daysUsed) / periodDays);
      if (kept >= line.amount) return;
      result.push({
        index,
        amount: line.amount - kept,
        ...(kept > 0 ? { kept: { amount: kept, reason: 'daysUsed', daysUsed, periodDays } } : {}),
      });
      return;
    }
    result.push({ index, amount: line.amount });
  });
  return result;
}

/** The order's domain as the registrar wing records it (issue 44, table `domains`). */
export interface WithdrawnDomain {
  /** `pending`, `registering`, `transferring`, `awaitingAuthCode`, `active`, `failed`, `cancelled` */
  status: string;
  /** Whether its registration or transfer was sent to the registrar (a try was made or is under way). */
  registrarAsked: boolean;
}

/**
 * Whether the order's domain is "already registered at the customer's request", so a withdrawal
 * keeps it (decision D42C-1, superseding D42B-2):
 * - `active`: registered (or transferred in): kept;
 * - `registering` / `transferring`: kept once the registrar may have been asked (a try was made
 *   or is under way; without a registrar connected, once staff were asked to do it by hand), since
 *   it may be registered by now; not yet asked: not registered;
 * - `pending` (not paid), `awaitingAuthCode`, `failed`, `cancelled`: not registered: refunded
 *   (and the withdrawal cancels it);
 * - no record at all (an order from before the registrar wing recorded domains): registered once
 *   the order was paid, the rule before it.
 */
export function domainRegistered(domain: WithdrawnDomain | null, orderPaid: boolean): boolean {
  if (!domain) return orderPaid;
  if (domain.status === 'active') return true;
  if (domain.status === 'registering' || domain.status === 'transferring')
    return domain.registrarAsked;
  return false;
}

/** Whether a withdrawal takes back every line in full (then the credit note is the whole invoice). */
export function refundsInFull(
  lines: readonly WithdrawnLine[],
  refund: readonly WithdrawalRefundLine[],
) {
  const positive = lines.filter((line) => line.amount > 0).length;
  return refund.length === positive && refund.every((line) => !line.kept);
}

/** Order numbers the form takes: the order's id (a UUID) or its invoice number (`2026-0001`). */
const ORDER_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the visitor typed as "order or invoice number": an order id or an invoice number. */
export function parseOrderReference(
  value: string,
): { orderId: string } | { invoiceNumber: string } | null {
  const text = value.trim();
  if (ORDER_ID_PATTERN.test(text)) return { orderId: text.toLowerCase() };
  if (INVOICE_NUMBER_PATTERN.test(text)) return { invoiceNumber: text };
  return null;
}

const text = (max: number) =>
  v.pipe(
    v.optional(v.string('form.validation.invalid'), ''),
    v.trim(),
    v.maxLength(max, 'form.validation.invalid'),
  );

/**
 * POST /api/withdrawals (and its preview): `{ orderId | invoiceNumber, email, name, statement? }`,
 * exactly one of `orderId` and `invoiceNumber`.
 */
export const withdrawalRequestSchema = v.pipe(
  v.object({
    orderId: v.optional(
      v.pipe(
        v.string('form.validation.invalid'),
        v.trim(),
        v.regex(ORDER_ID_PATTERN, 'withdraw.validation.orderInvalid'),
        v.toLowerCase(),
      ),
    ),
    invoiceNumber: v.optional(
      v.pipe(
        v.string('form.validation.invalid'),
        v.trim(),
        v.regex(INVOICE_NUMBER_PATTERN, 'withdraw.validation.orderInvalid'),
      ),
    ),
    email: emailSchema,
    name: v.pipe(text(200), v.nonEmpty('form.validation.required'), singleLine()),
    statement: v.pipe(text(WITHDRAWAL_STATEMENT_MAX), multiLine()),
  }),
  v.forward(
    v.check(
      (body) => (body.orderId === undefined) !== (body.invoiceNumber === undefined),
      'withdraw.validation.orderRequired',
    ),
    ['orderId'],
  ),
);
export type WithdrawalRequest = v.InferOutput<typeof withdrawalRequestSchema>;

/** The refund as the page shows it before the confirm step and the API answers it. */
export interface WithdrawalRefund {
  /** Positive cents incl. VAT that come back. */
  amount: number;
  /** Positive cents incl. VAT that were paid or are due on the order's first invoice. */
  invoiceTotal: number;
  lines: Array<{ displayName: string; amount: number; kept: number; reason: KeptReason | null }>;
  /** Whether the money goes back (the invoice was paid) or the invoice is just no longer due. */
  paid: boolean;
}

const refundSchema = v.object({
  amount: v.number(),
  invoiceTotal: v.number(),
  lines: v.array(
    v.object({
      displayName: v.string(),
      amount: v.number(),
      kept: v.number(),
      reason: v.nullable(v.picklist(['domainRegistered', 'daysUsed'])),
    }),
  ),
  paid: v.boolean(),
});

/** `POST /api/withdrawals/preview` */
export const withdrawalPreviewSchema = v.object({
  orderId: v.string(),
  invoiceNumber: v.string(),
  orderedOn: v.string(),
  lastDay: v.string(),
  refund: refundSchema,
});
export type WithdrawalPreview = v.InferOutput<typeof withdrawalPreviewSchema>;

/** `POST /api/withdrawals` */
export const withdrawalAnswerSchema = v.object({
  withdrawal: v.object({
    id: v.string(),
    orderId: v.string(),
    receivedAt: v.string(),
    refund: v.number(),
    creditNoteNumber: v.nullable(v.string()),
  }),
});
export type WithdrawalAnswer = v.InferOutput<typeof withdrawalAnswerSchema>;
