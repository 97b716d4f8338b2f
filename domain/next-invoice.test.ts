// One next-invoice day (decision P11): what the client area and the staff area show
// (`nextInvoiceOn`) is the billing schedule's own day, the one the billing job bills next; and the
// quote of an order placed on the start day names the same first renewal.
import { describe, expect, it } from 'vitest';
import { periodsStartedBy } from './billing.ts';
import { addDays, type IsoDay } from './format.ts';
import { nextInvoiceOn, type SubscriptionFacts } from './subscriptions.ts';
import { computeQuote } from './totals.ts';
import { monthlyPlan, yearlyDomain } from '#tests/helpers/subscription-facts.ts';

const plan = monthlyPlan;
const domain = yearlyDomain;

/**
 * The next invoice days shown one after the other while the job bills (each shown day, then the
 * job bills that period and the next one is shown), starting with nothing billed.
 */
function shownDays(facts: SubscriptionFacts, count: number, today = facts.startDate): IsoDay[] {
  const days: IsoDay[] = [];
  let current = facts;
  for (let i = 0; i < count; i++) {
    const next = nextInvoiceOn(current, today);
    if (!next) break;
    days.push(next);
    current = { ...current, lastBilledStart: next };
  }
  return days;
}

describe('nextInvoiceOn: the billing schedule’s day', () => {
  it('a plan started on the 31st: the last day of shorter months, back to the 31st after', () => {
    expect(shownDays(plan(), 13)).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
      '2027-02-28',
    ]);
  });

  it('leap years: 29 February when there is one', () => {
    expect(shownDays(plan({ startDate: '2028-01-31' }), 2)).toEqual(['2028-02-29', '2028-03-31']);
    // A domain registered on 29 February renews on 28 February, and on the 29th in leap years.
    expect(shownDays(domain({ startDate: '2024-02-29' }), 4)).toEqual([
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('a monthly plan paid for a year: nothing until its 12 months are over, then yearly', () => {
    const paidYearly = plan({ interval: 'yearly', startDate: '2026-03-15', termEnd: '2027-03-15' });
    expect(shownDays(paidYearly, 3)).toEqual(['2027-03-15', '2028-03-15', '2029-03-15']);
  });

  it('a yearly domain renews a year on, on its start day', () => {
    expect(shownDays(domain(), 3)).toEqual(['2027-01-31', '2028-01-31', '2029-01-31']);
  });

  it('a cancelled plan: no invoice from its end on, and none once withdrawn or ended', () => {
    // Cancelled in its first year: it ends with its 12-month term (issue 15's rule).
    const cancelled = plan({ endsOn: '2027-01-31' });
    const days = shownDays(cancelled, 20, '2026-06-01');
    expect(days).toHaveLength(11);
    expect(days.at(-1)).toBe('2026-12-31');
    expect(nextInvoiceOn({ ...cancelled, lastBilledStart: '2026-12-31' }, '2027-01-15')).toBeNull();
    // The day it ends, it has ended: nothing more.
    expect(nextInvoiceOn({ ...cancelled, lastBilledStart: '2026-11-30' }, '2027-01-31')).toBeNull();
    expect(nextInvoiceOn(plan({ storedStatus: 'cancelled' }), '2026-02-01')).toBeNull();
    // A domain cancelled at the end of its paid year is not renewed.
    expect(nextInvoiceOn(domain({ endsOn: '2027-01-31' }), '2026-06-01')).toBeNull();
  });

  it('nothing to invoice for a free plan', () => {
    expect(nextInvoiceOn(plan({ price: 0 }), '2026-02-01')).toBeNull();
  });

  it('a period not billed yet stays the next one, even when its day has passed', () => {
    // A first invoice paid late (or a server that was down): the job bills it at its next run.
    expect(nextInvoiceOn(plan({ storedStatus: 'pending' }), '2026-04-10')).toBe('2026-02-28');
    expect(nextInvoiceOn(plan({ lastBilledStart: '2026-02-28' }), '2026-05-01')).toBe('2026-03-31');
  });
});

describe('nextInvoiceOn is the period the billing job bills next', () => {
  // The job's own selection (api/billing/billing.ts): every period started by the day after the
  // last one billed (`periodsStartedBy`), run every day for three years.
  it.each([
    ['started on the 31st', plan()],
    ['leap day domain', domain({ startDate: '2024-02-29' })],
    ['paid-yearly plan', plan({ interval: 'yearly', startDate: '2026-03-15' })],
    ['cancelled plan', plan({ startDate: '2026-01-30', endsOn: '2027-01-30' })],
    ['yearly domain', domain()],
  ])('%s', (_name, facts) => {
    let current = facts;
    let billed = 0;
    for (let day = facts.startDate; day < '2029-03-01'; day = addDays(day, 1)) {
      const shown = nextInvoiceOn(current, day);
      const issued = periodsStartedBy(current, day).filter(
        (p) => !current.lastBilledStart || p.start > current.lastBilledStart,
      );
      if (issued.length > 0) {
        // What the page showed the day before (and on this day) is the day this period starts.
        expect(issued[0]!.start).toBe(shown);
        expect(issued[0]!.start).toBe(day);
        current = { ...current, lastBilledStart: issued.at(-1)!.start };
        billed += issued.length;
      } else if (shown !== null) expect(shown > day).toBe(true);
    }
    expect(billed).toBeGreaterThan(0);
  });
});

describe('the quote names the same first renewal', () => {
  it.each(['2026-01-31', '2028-01-31', '2026-03-15', '2025-12-31', '2026-02-28'])(
    'an order on %s',
    (day) => {
      const at = new Date(`${day}T10:00:00Z`);
      for (const interval of ['monthly', 'yearly'] as const) {
        const result = computeQuote({
          plans: ['webHosting_total', 'domain_managed'],
          interval,
          lang: 'en',
          today: at,
        });
        if (!result.ok) throw new Error('quote refused');
        const { nextPayments } = result.quote;
        expect(nextPayments.monthly).toBe(nextInvoiceOn(plan({ interval, startDate: day }), day));
        expect(nextPayments.yearly).toBe(nextInvoiceOn(domain({ interval, startDate: day }), day));
      }
    },
  );
});
