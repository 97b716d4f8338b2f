import { describe, expect, it } from 'vitest';
import { publicQuote } from '#domain/quote-view.ts';
import { computeQuote, type Interval } from '#domain/totals.ts';
import { afterToday } from './summary-figures.tsx';

describe('the order summary\'s "After today"', () => {
  const quote = (interval: Interval) => {
    const result = computeQuote({
      plans: ['webHosting_total', 'growthCall_monthly'],
      interval,
      domain: { name: 'anna.nl', type: 'register' },
      today: new Date('2026-03-10T10:00:00Z'),
      lang: 'en',
    });
    if (!result.ok) throw new Error('no quote');
    return publicQuote(result.quote);
  };

  it('with monthly billing: the monthly plans per month, the domain per year', () => {
    expect(afterToday(quote('monthly'))).toEqual([
      ['order.price.monthly', 119_00],
      ['order.price.yearly', 15_00],
    ]);
  });

  it('with yearly billing: everything per year, as it renews a year from today', () => {
    expect(afterToday(quote('yearly'))).toEqual([['order.price.yearly', 12 * 119_00 + 15_00]]);
  });
});
