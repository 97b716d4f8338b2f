import { describe, expect, it } from 'vitest';
import {
  couponDiscount,
  couponLineName,
  couponRefusal,
  type Coupon,
  type CouponTerms,
} from './coupons.ts';
import { computeQuote, type QuoteInput } from './totals.ts';
import { DEFAULT_VAT_SETTINGS, EMPTY_VAT_YEAR } from './vat.ts';

const today = new Date('2026-03-10T10:00:00Z');
const percent = (value: number, planIds: string[] | null = null): CouponTerms => ({
  code: 'Spring10',
  kind: 'percent',
  value,
  appliesTo: 'firstPayment',
  planIds,
});
const amount = (value: number, planIds: string[] | null = null): CouponTerms => ({
  ...percent(0, planIds),
  kind: 'amount',
  value,
});
const standardVat: QuoteInput['vat'] = {
  settings: { ...DEFAULT_VAT_SETTINGS, scheme: 'standard' },
  customer: { country: 'NL' },
  year: EMPTY_VAT_YEAR,
};

function quote(input: Partial<QuoteInput>) {
  const result = computeQuote({
    plans: ['webHosting_total', 'seo_booster'],
    interval: 'monthly',
    today,
    lang: 'en',
    vat: standardVat,
    ...input,
  });
  if (!result.ok) throw new Error(result.error.code);
  return result.quote;
}

describe('couponDiscount (cents, by hand)', () => {
  it('takes a percentage of the lines it applies to, rounded down, as a negative amount', () => {
    expect(couponDiscount(percent(10), [{ planId: 'a', amount: 92000 }])).toEqual({
      discount: -9200,
      lines: 1,
    });
    // 33% of 19.99 = 6.5967: 6.59 off, never more than the percentage.
    expect(couponDiscount(percent(33), [{ planId: 'a', amount: 1999 }]).discount).toBe(-659);
    expect(couponDiscount(percent(100), [{ planId: 'a', amount: 1999 }]).discount).toBe(-1999);
  });

  it('never gives more than the lines it discounts, and only its plans', () => {
    const lines = [
      { planId: 'webHosting_total', amount: 3000 },
      { planId: 'seo_booster', amount: 89000 },
    ];
    expect(couponDiscount(amount(5000, ['webHosting_total']), lines)).toEqual({
      discount: -3000,
      lines: 1,
    });
    expect(couponDiscount(amount(5000), lines).discount).toBe(-5000);
    expect(couponDiscount(amount(5000, ['branding_mini']), lines)).toEqual({
      discount: 0,
      lines: 0,
    });
    // Free lines are never discounted.
    expect(couponDiscount(percent(50), [{ planId: 'a', amount: 0 }]).lines).toBe(0);
  });
});

describe('computeQuote with a coupon', () => {
  it('adds one discount line named after the code, and VAT on the discounted amount', () => {
    const q = quote({ coupon: percent(10) });
    // SEO Booster 890.00 once + Complete 30.00 a month = 920.00; 10% = 92.00 off.
    expect(q.lines[0]).toMatchObject({
      id: 'coupon_SPRING10',
      displayName: 'Discount code SPRING10',
      billing: 'oneTime',
      price: -9200,
      productId: null,
      kind: 'discount',
    });
    expect(q.totals.oneTime).toBe(89000 - 9200);
    expect(q.totals.monthly).toBe(3000);
    // 828.00 net, 21% VAT = 173.88, due 1,001.88.
    expect(q.totals.vat).toBe(17388);
    expect(q.totals.dueToday).toBe(100188);
    expect(q.coupon).toEqual({
      code: 'SPRING10',
      appliesTo: 'firstPayment',
      discount: -9200,
      planIds: ['webHosting_total', 'seo_booster'],
      terms: { ...percent(10), code: 'SPRING10' },
    });
  });

  it('discounts the twelve months paid today on the yearly interval (the exit offer EXIT10)', () => {
    const exit: CouponTerms = {
      code: 'EXIT10',
      kind: 'percent',
      value: 10,
      appliesTo: 'firstPayment',
      planIds: ['webHosting_total', 'webHosting_pro'],
    };
    const q = quote({ interval: 'yearly', coupon: exit, lang: 'nl' });
    // 12 x 30.00 = 360.00; 10% = 36.00.
    expect(q.lines[0]).toMatchObject({ displayName: 'Kortingscode EXIT10', price: -3600 });
    // 890.00 + 360.00 - 36.00 = 1,214.00 net; VAT 254.94.
    expect(q.totals.vat).toBe(25494);
    expect(q.totals.dueToday).toBe(121400 + 25494);
  });

  it('caps an amount at the lines it applies to', () => {
    const q = quote({ coupon: amount(100_000, ['webHosting_total']) });
    expect(q.coupon?.discount).toBe(-3000);
    expect(q.totals.dueToday).toBe(Math.round(89000 * 1.21));
  });

  it('refuses a coupon that discounts none of the lines', () => {
    const result = computeQuote({
      plans: ['webHosting_total'],
      interval: 'monthly',
      today,
      lang: 'en',
      coupon: percent(10, ['branding_mini']),
    });
    expect(result).toEqual({ ok: false, error: { code: 'COUPON_INVALID', ids: [] } });
  });

  it('names the line in both languages', () => {
    expect(couponLineName('exit10', 'en')).toBe('Discount code EXIT10');
    expect(couponLineName('exit10', 'nl')).toBe('Kortingscode EXIT10');
  });
});

describe('couponRefusal', () => {
  const base: Coupon = {
    ...percent(10),
    maxUses: 2,
    oncePerCustomer: true,
    validFrom: new Date('2026-03-01T00:00:00Z'),
    validUntil: new Date('2026-04-01T00:00:00Z'),
    enabled: true,
    uses: 1,
  };
  it.each([
    ['unknown', null, today, false],
    ['disabled', { ...base, enabled: false }, today, false],
    ['notYetValid', base, new Date('2026-02-28T23:59:59Z'), false],
    ['expired', base, new Date('2026-04-01T00:00:00Z'), false],
    ['usedUp', { ...base, uses: 2 }, today, false],
    ['alreadyUsed', base, today, true],
  ] as const)('%s', (reason, coupon, at, used) => {
    expect(couponRefusal(coupon, at, used)).toBe(reason);
  });
  it('lets a usable coupon through', () => {
    expect(couponRefusal(base, today, false)).toBeNull();
    expect(couponRefusal({ ...base, oncePerCustomer: false }, today, true)).toBeNull();
  });
});
