// The billing schedule of a subscription (API.md section 8, SPEC section 4): which billing periods
// have started on or before a day. Pure calendar arithmetic on Amsterdam calendar days; the job in
// api/billing/billing.ts invoices every period this returns that has no invoice yet.
//
// - Periods are anchored on the start day, never on the previous period: a plan started on the
//   31st renews on 28/29 February and again on 31 March (`addMonths(start, k * months)`), and a
//   domain registered on 29 February renews on 28 February, then on 29 February in leap years.
// - Period length: a monthly plan on the monthly interval, one month; a monthly plan paid for a
//   year (the yearly interval of the order), twelve months, so it is invoiced again when its 12
//   months are over (decision P2); yearly items (domains), twelve months.
// - Period 0 is the one the order's own invoice covered; renewals are periods 1, 2, ...
// - `endsOn` (a cancelled subscription) is the first day no longer served: no period starting on
//   or after it is invoiced (decision P3).

import { addDays, addMonths, type IsoDay } from './format.ts';

export type Billing = 'monthly' | 'yearly';

export interface BillingSchedule {
  /** How the subscription's price is quoted: per month or per year. */
  billing: Billing;
  /** The order's interval: `yearly` pays twelve months of a monthly plan at once. */
  interval: Billing;
  /** The day the subscription started (the order's Amsterdam day). */
  startDate: IsoDay;
  /** First day no longer served (cancelled subscriptions); null while it runs on. */
  endsOn?: IsoDay | null | undefined;
}

export interface BillingPeriod {
  /** 0 is the order's own period; renewals count from 1. */
  index: number;
  start: IsoDay;
  /** The last day of the period (inclusive). */
  end: IsoDay;
  /** How many months of the subscription's price the period costs (1 or 12 for monthly plans). */
  months: number;
}

/** Days before a yearly renewal that the reminder mail goes out. */
export const RENEWAL_REMINDER_DAYS = 14;

/** Days after its due date that an open invoice gets its (one) overdue reminder. */
export const OVERDUE_REMINDER_DAYS = 14;

/** Months one period of this subscription covers. */
export function periodMonths(schedule: Pick<BillingSchedule, 'billing' | 'interval'>): number {
  return schedule.billing === 'monthly' && schedule.interval === 'monthly' ? 1 : 12;
}

/** The amount of one period in cents: a monthly price times the months the period covers. */
export function periodAmount(
  schedule: Pick<BillingSchedule, 'billing' | 'interval'>,
  price: number,
): number {
  return schedule.billing === 'monthly' ? price * periodMonths(schedule) : price;
}

/** Period `index` of the schedule (whether or not it has started or is cut off by `endsOn`). */
export function billingPeriod(schedule: BillingSchedule, index: number): BillingPeriod {
  if (!Number.isInteger(index) || index < 0) throw new RangeError('period index');
  const months = periodMonths(schedule);
  const start = addMonths(schedule.startDate, index * months);
  const next = addMonths(schedule.startDate, (index + 1) * months);
  return { index, start, end: addDays(next, -1), months };
}

function isServed(schedule: BillingSchedule, start: IsoDay): boolean {
  return !schedule.endsOn || start < schedule.endsOn;
}

/**
 * Every period that has started on or before `asOf` (and before `endsOn`), oldest first,
 * from period `fromIndex` on (default 1: the renewals; 0 includes the order's own period).
 */
export function periodsStartedBy(
  schedule: BillingSchedule,
  asOf: IsoDay,
  fromIndex = 1,
): BillingPeriod[] {
  const periods: BillingPeriod[] = [];
  for (let index = fromIndex; ; index++) {
    const period = billingPeriod(schedule, index);
    if (period.start > asOf || !isServed(schedule, period.start)) break;
    periods.push(period);
  }
  return periods;
}

/**
 * The next renewal the job will invoice after `asOf` (the first renewal period starting later
 * than `asOf`), or null when the subscription ends before it. This is the "next invoice date"
 * shown to customers and staff.
 */
export function nextRenewal(schedule: BillingSchedule, asOf: IsoDay): BillingPeriod | null {
  // Jump close to asOf instead of walking from the start (a subscription may be decades old).
  const months = periodMonths(schedule);
  const [sy, sm] = schedule.startDate.split('-').map(Number) as [number, number];
  const [ay, am] = asOf.split('-').map(Number) as [number, number];
  const elapsed = (ay - sy) * 12 + (am - sm);
  let index = Math.max(1, Math.floor(elapsed / months) - 1);
  for (; ; index++) {
    const period = billingPeriod(schedule, index);
    if (!isServed(schedule, period.start)) return null;
    if (period.start > asOf) return period;
  }
}

/** Whether renewals of this subscription get a reminder mail beforehand (yearly items: domains). */
export function hasRenewalReminder(schedule: Pick<BillingSchedule, 'billing'>): boolean {
  return schedule.billing === 'yearly';
}

/** The day the reminder for a renewal starting on `periodStart` is due. */
export function reminderDay(periodStart: IsoDay): IsoDay {
  return addDays(periodStart, -RENEWAL_REMINDER_DAYS);
}

/**
 * The renewal whose reminder is due on `asOf`: reminder day reached, the renewal itself not yet
 * started (once it has, its invoice says it all), and not cut off by `endsOn`. Null otherwise.
 */
export function reminderDue(schedule: BillingSchedule, asOf: IsoDay): BillingPeriod | null {
  if (!hasRenewalReminder(schedule)) return null;
  const next = nextRenewal(schedule, asOf);
  if (!next || reminderDay(next.start) > asOf) return null;
  return next;
}

/** The day an invoice due on `dueDate` gets its overdue reminder. */
export function overdueReminderDay(dueDate: IsoDay): IsoDay {
  return addDays(dueDate, OVERDUE_REMINDER_DAYS);
}
