// Subscription lifetimes and cancellation (SPEC sections 4, 6 and 9; the terms' "one month's
// notice" and "contract terms of 12 months"; API.md section 6). Pure: "today" is always passed in
// as an Amsterdam calendar day. Used by the client area, the cancel endpoint and the billing job.
//
// Days are `YYYY-MM-DD`. `endsOn` is the first day without the service: the subscription stops at
// the start of that day, and no billing period that starts on or after it is invoiced.

import { nextRenewal, type BillingSchedule } from './billing.ts';
import { addMonths, type IsoDay } from './format.ts';
import { TERM_MONTHS } from './totals.ts';

/** Months of notice a cancellation needs (terms: "one month's notice"). */
export const NOTICE_MONTHS = 1;

export const SUBSCRIPTION_STATUSES = ['awaitingPayment', 'active', 'cancelling', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * What is stored about a subscription (the `subscriptions` row with its order's interval, its
 * dates as days) and how far the billing job has invoiced it. A billing schedule as well.
 */
export interface SubscriptionFacts extends BillingSchedule {
  /** stored status: `pending` until the first invoice is paid, `cancelled` when withdrawn */
  storedStatus: 'pending' | 'active' | 'cancelled';
  /** the price in cents (per month or per year, as `billing` says); 0 is never invoiced */
  price: number;
  /** monthly plans: the end of the first 12-month term */
  termEnd: IsoDay | null;
  endsOn: IsoDay | null;
  /** the start of the last renewal period invoiced (`billing_periods`), null before the first */
  lastBilledStart: IsoDay | null;
}

/**
 * The status shown: `ended` once `endsOn` has come (or when withdrawn), `cancelling` before;
 * otherwise `awaitingPayment` until the order's first invoice is paid (API.md section 6), then
 * `active`.
 */
export function subscriptionStatus(facts: SubscriptionFacts, today: IsoDay): SubscriptionStatus {
  if (facts.storedStatus === 'cancelled') return 'ended';
  if (facts.endsOn !== null) return facts.endsOn <= today ? 'ended' : 'cancelling';
  return facts.storedStatus === 'pending' ? 'awaitingPayment' : 'active';
}

/**
 * The end of the current 12-month term: monthly plans run their first term to `termEnd` and then
 * renew month by month (so the term end stays that day); yearly items (domains) run year by year
 * from their start, and this is the end of the paid year that contains `today`.
 */
export function termEndsOn(facts: SubscriptionFacts, today: IsoDay): IsoDay {
  if (facts.billing === 'monthly') return facts.termEnd ?? addMonths(facts.startDate, TERM_MONTHS);
  let years = 1;
  while (addMonths(facts.startDate, 12 * years) <= today) years++;
  return addMonths(facts.startDate, 12 * years);
}

/**
 * The day the billing job invoices this subscription next: the start of the first renewal period
 * after the last one invoiced (`nextRenewal` of the billing schedule, domain/billing.ts, which is
 * what the job bills: API.md section 8, decisions P1 to P3 and P11). Null when nothing is invoiced
 * any more: ended or withdrawn, cut off by `endsOn`, or free. The day can be today or past when
 * the job has not billed it yet (a first invoice paid late, a server that was down): the job
 * bills it at its next run.
 */
export function nextInvoiceOn(facts: SubscriptionFacts, today: IsoDay): IsoDay | null {
  if (subscriptionStatus(facts, today) === 'ended' || facts.price <= 0) return null;
  return nextRenewal(facts, facts.lastBilledStart ?? facts.startDate)?.start ?? null;
}

export type CancelRefusal = 'alreadyCancelling' | 'ended';

/**
 * The day a cancellation given `today` takes effect:
 * - monthly plans: one month's notice from today, never before the end of the 12-month term;
 * - yearly items (domains): renewal stops; the name stays the customer's until the paid year ends.
 *   The notice month runs inside the year already paid for, so a cancellation is never charged
 *   another year (decision A3).
 */
export function cancellationEndsOn(facts: SubscriptionFacts, today: IsoDay): IsoDay {
  if (facts.billing === 'yearly') return termEndsOn(facts, today);
  const notice = addMonths(today, NOTICE_MONTHS);
  const term = termEndsOn(facts, today);
  return notice < term ? term : notice;
}

/** Cancels, or says why not: a subscription that is already cancelling or has ended. */
export function cancelSubscription(
  facts: SubscriptionFacts,
  today: IsoDay,
): { ok: true; endsOn: IsoDay } | { ok: false; reason: CancelRefusal } {
  const status = subscriptionStatus(facts, today);
  if (status === 'cancelling') return { ok: false, reason: 'alreadyCancelling' };
  if (status === 'ended') return { ok: false, reason: 'ended' };
  return { ok: true, endsOn: cancellationEndsOn(facts, today) };
}

/** Everything the client area shows about one subscription's dates. */
export function subscriptionDates(
  facts: SubscriptionFacts,
  today: IsoDay,
): {
  status: SubscriptionStatus;
  nextInvoiceOn: IsoDay | null;
  termEndsOn: IsoDay;
  endsOn: IsoDay | null;
} {
  return {
    status: subscriptionStatus(facts, today),
    nextInvoiceOn: nextInvoiceOn(facts, today),
    termEndsOn: termEndsOn(facts, today),
    endsOn: facts.endsOn,
  };
}

/** Upgrades a customer may ask for at any time (terms: "upgrades anytime"): Complete to Pro. */
export const UPGRADES: Readonly<Record<string, string>> = { webHosting_total: 'webHosting_pro' };

/** The plan a running subscription (paid or awaiting its first payment) can be upgraded to, or null. */
export function upgradeTarget(planId: string, status: SubscriptionStatus): string | null {
  return status === 'active' || status === 'awaitingPayment' ? (UPGRADES[planId] ?? null) : null;
}
