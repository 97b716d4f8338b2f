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

  it.each([
    ['webHosting_total', 3000, 'monthly'],
    ['webHosting_pro', 5000, 'monthly'],
    ['webHosting_total', 3000, 'yearly'],
  ] as const)('takes 10%% of %s off the first month (%s)', (plan, monthly, interval) => {
    const plain = computeQuote({ plans: [plan, 'seo_booster'], interval, today, lang: 'en' });
    const offered = computeQuote({
      plans: [plan, 'seo_booster'],
      interval,
      today,
      lang: 'en',
      offer: 'exit10',
    });
    if (!plain.ok || !offered.ok) throw new Error('quote failed');
    const line = offered.quote.lines.find((l) => l.id === EXIT_OFFER_LINE_ID);
    expect(line).toMatchObject({
      displayName: '10% off your first month',
      billing: 'oneTime',
      price: -monthly / 10,
      productId: null,
      kind: 'discount',
    });
    expect(offered.quote.totals.dueToday).toBe(plain.quote.totals.dueToday - monthly / 10);
    expect(offered.quote.totals.oneTime).toBe(plain.quote.totals.oneTime - monthly / 10);
    expect(offered.quote.totals.monthly).toBe(plain.quote.totals.monthly);
    expect(offered.quote.nextPayments).toEqual(plain.quote.nextPayments);
  });

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
