import { describe, expect, it } from 'vitest';
import { computeQuote } from './totals.ts';
import { EXIT_OFFER_LINE_ID, exitOfferDiscount, isExitOfferId } from './exit-offer.ts';

const today = new Date('2026-03-10T10:00:00Z');

describe('exit-intent offer', () => {
  it('is 10% of the monthly hosting price, never more, never positive', () => {
    expect(exitOfferDiscount(3000)).toBe(-300);
    expect(exitOfferDiscount(5000)).toBe(-500);
    expect(exitOfferDiscount(1999)).toBe(-199);
    expect(exitOfferDiscount(0)).toBe(0);
    expect(exitOfferDiscount(-100)).toBe(0);
    expect(exitOfferDiscount(Number.NaN)).toBe(0);
  });

  it('knows only its own id', () => {
    expect(isExitOfferId('exit10')).toBe(true);
    expect(isExitOfferId('exit50')).toBe(false);
    expect(isExitOfferId(undefined)).toBe(false);
  });

  // By hand, with SEO Booster (EUR 890 once) beside the hosting plan: without the offer EUR 920
  // (Complete, monthly), EUR 940 (Pro, monthly) and EUR 1,250 (Complete, 12 months paid yearly).
  it.each([
    [
      'webHosting_total',
      'monthly',
      -300,
      { oneTime: 88700, monthly: 3000, dueToday: 91700 },
      '2026-04-10',
    ],
    [
      'webHosting_pro',
      'monthly',
      -500,
      { oneTime: 88500, monthly: 5000, dueToday: 93500 },
      '2026-04-10',
    ],
    [
      'webHosting_total',
      'yearly',
      -300,
      { oneTime: 88700, monthly: 3000, dueToday: 124700 },
      '2027-03-10',
    ],
  ] as const)(
    'takes 10%% of %s off the first month (%s)',
    (plan, interval, discount, totals, nextMonthly) => {
      const offered = computeQuote({
        plans: [plan, 'seo_booster'],
        interval,
        today,
        lang: 'en',
        offer: 'exit10',
      });
      if (!offered.ok) throw new Error('quote failed');
      const line = offered.quote.lines.find((l) => l.id === EXIT_OFFER_LINE_ID);
      expect(line).toMatchObject({
        displayName: '10% off your first month',
        billing: 'oneTime',
        price: discount,
        productId: null,
        kind: 'discount',
      });
      expect(offered.quote.totals).toMatchObject({ ...totals, yearly: 0 });
      expect(offered.quote.nextPayments).toEqual({ monthly: nextMonthly, yearly: null });
    },
  );

  it('gives nothing without a hosting plan, and nothing without the offer', () => {
    const noHosting = computeQuote({
      plans: ['seo_booster'],
      interval: 'monthly',
      today,
      lang: 'nl',
      offer: 'exit10',
    });
    const noOffer = computeQuote({
      plans: ['webHosting_total'],
      interval: 'monthly',
      today,
      lang: 'nl',
    });
    if (!noHosting.ok || !noOffer.ok) throw new Error('quote failed');
    expect(noHosting.quote.lines.some((l) => l.id === EXIT_OFFER_LINE_ID)).toBe(false);
    expect(noOffer.quote.lines.some((l) => l.id === EXIT_OFFER_LINE_ID)).toBe(false);
  });

  it('names the line in Dutch for Dutch quotes', () => {
    const quote = computeQuote({
      plans: ['webHosting_total'],
      interval: 'monthly',
      today,
      lang: 'nl',
      offer: 'exit10',
    });
    if (!quote.ok) throw new Error('quote failed');
    expect(quote.quote.lines.find((l) => l.id === EXIT_OFFER_LINE_ID)?.displayName).toBe(
      '10% korting op je eerste maand',
    );
  });
});
