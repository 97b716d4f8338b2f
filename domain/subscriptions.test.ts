import { describe, expect, it } from 'vitest';
import {
  cancelSubscription,
  nextInvoiceOn,
  subscriptionDates,
  subscriptionStatus,
  termEndsOn,
  upgradeTarget,
} from './subscriptions.ts';
import { monthlyPlan, yearlyDomain } from '#tests/helpers/subscription-facts.ts';

const monthly = monthlyPlan();
const domain = yearlyDomain();

describe('cancelling a monthly plan', () => {
  it('is never before the end of the 12-month term', () => {
    expect(cancelSubscription(monthly, '2026-02-15')).toEqual({ ok: true, endsOn: '2027-01-31' });
    // The last month of the term: one month's notice wins.
    expect(cancelSubscription(monthly, '2027-01-10')).toEqual({ ok: true, endsOn: '2027-02-10' });
  });
  it('after the term needs one month’s notice (month ends clamp)', () => {
    expect(cancelSubscription(monthly, '2027-03-31')).toEqual({ ok: true, endsOn: '2027-04-30' });
  });
  it('is refused when already cancelling or ended', () => {
    const cancelling = { ...monthly, endsOn: '2027-01-31' };
    expect(cancelSubscription(cancelling, '2026-05-01')).toEqual({
      ok: false,
      reason: 'alreadyCancelling',
    });
    expect(cancelSubscription(cancelling, '2027-01-31')).toEqual({ ok: false, reason: 'ended' });
    expect(cancelSubscription({ ...monthly, storedStatus: 'cancelled' }, '2026-05-01')).toEqual({
      ok: false,
      reason: 'ended',
    });
  });
});

describe('cancelling a domain', () => {
  it('stops renewal; the name stays until the paid year ends', () => {
    expect(cancelSubscription(domain, '2026-06-01')).toEqual({ ok: true, endsOn: '2027-01-31' });
    expect(cancelSubscription(domain, '2027-01-31')).toEqual({ ok: true, endsOn: '2028-01-31' });
  });
});

describe('dates and status', () => {
  it('derives the status from endsOn and today', () => {
    expect(subscriptionStatus(monthly, '2026-05-01')).toBe('active');
    // Unpaid: awaiting payment, never "active" (API.md section 6, D39A-4).
    expect(subscriptionStatus({ ...monthly, storedStatus: 'pending' }, '2026-05-01')).toBe(
      'awaitingPayment',
    );
    expect(
      subscriptionStatus(
        { ...monthly, storedStatus: 'pending', endsOn: '2027-01-31' },
        '2026-05-01',
      ),
    ).toBe('cancelling');
    expect(subscriptionStatus({ ...monthly, endsOn: '2027-01-31' }, '2027-01-30')).toBe(
      'cancelling',
    );
    expect(subscriptionStatus({ ...monthly, endsOn: '2027-01-31' }, '2027-01-31')).toBe('ended');
  });
  it('has no next invoice on or after the end', () => {
    expect(nextInvoiceOn(monthly, '2026-02-15')).toBe('2026-02-28');
    expect(nextInvoiceOn({ ...domain, endsOn: '2027-01-31' }, '2026-06-01')).toBeNull();
    expect(nextInvoiceOn({ ...monthly, endsOn: '2026-02-28' }, '2026-02-15')).toBeNull();
  });
  it('gives the term end of a yearly item as the end of its current paid year', () => {
    expect(termEndsOn(domain, '2026-01-31')).toBe('2027-01-31');
    expect(termEndsOn(domain, '2027-02-01')).toBe('2028-01-31');
    expect(termEndsOn(monthly, '2030-01-01')).toBe('2027-01-31');
  });
  it('offers Complete to Pro only while active', () => {
    expect(upgradeTarget('webHosting_total', 'active')).toBe('webHosting_pro');
    expect(upgradeTarget('webHosting_total', 'awaitingPayment')).toBe('webHosting_pro');
    expect(upgradeTarget('webHosting_total', 'cancelling')).toBeNull();
    expect(upgradeTarget('domain_managed', 'active')).toBeNull();
    expect(subscriptionDates(monthly, '2026-02-15')).toEqual({
      status: 'active',
      nextInvoiceOn: '2026-02-28',
      termEndsOn: '2027-01-31',
      endsOn: null,
    });
  });
});
