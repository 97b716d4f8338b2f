import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  domainRegistered,
  isConsumerOrder,
  parseOrderReference,
  refundsInFull,
  withdrawalLastDay,
  withdrawalPeriodRuns,
  withdrawalRefundLines,
  withdrawalRefusal,
  withdrawalRequestSchema,
} from './withdrawal.ts';

// 10 March 2026, 23:30 in Amsterdam (CET, UTC+1) is 22:30 UTC.
const lateEvening = new Date('2026-03-10T22:30:00Z');

describe('who may withdraw', () => {
  it('a consumer order has neither a KvK nor a VAT number', () => {
    expect(isConsumerOrder({})).toBe(true);
    expect(isConsumerOrder({ kvk: '', vat: ' ' })).toBe(true);
    expect(isConsumerOrder({ kvk: '12345678' })).toBe(false);
    expect(isConsumerOrder({ vat: 'NL123456789B01' })).toBe(false);
  });
});

describe('until when', () => {
  it('the last day is 14 Amsterdam calendar days after the day of the order', () => {
    expect(withdrawalLastDay(lateEvening)).toBe('2026-03-24');
    // 00:30 on 11 March in Amsterdam is still 10 March in UTC: the Amsterdam day counts.
    expect(withdrawalLastDay(new Date('2026-03-10T23:30:00Z'))).toBe('2026-03-25');
  });
  it('runs through the last day and ends at its midnight in Amsterdam', () => {
    // 24 March 23:59 Amsterdam = 22:59 UTC
    expect(withdrawalPeriodRuns(lateEvening, new Date('2026-03-24T22:59:00Z'))).toBe(true);
    // 25 March 00:01 Amsterdam = 23:01 UTC on the 24th
    expect(withdrawalPeriodRuns(lateEvening, new Date('2026-03-24T23:01:00Z'))).toBe(false);
  });
  it('refuses a business order first, then a second withdrawal, then a late one', () => {
    const late = new Date('2026-04-30T10:00:00Z');
    const base = { orderedAt: lateEvening, now: late };
    expect(withdrawalRefusal({ ...base, consumer: false, withdrawn: true })).toBe(
      'NOT_A_CONSUMER_ORDER',
    );
    expect(withdrawalRefusal({ ...base, consumer: true, withdrawn: true })).toBe(
      'ALREADY_WITHDRAWN',
    );
    expect(withdrawalRefusal({ ...base, consumer: true, withdrawn: false })).toBe(
      'WITHDRAWAL_PERIOD_OVER',
    );
    expect(
      withdrawalRefusal({
        consumer: true,
        withdrawn: false,
        orderedAt: lateEvening,
        now: lateEvening,
      }),
    ).toBeNull();
  });
});

describe('how much comes back', () => {
  const lines = [
    { kind: 'plan', billing: 'oneTime', amount: 99_900 },
    { kind: 'plan', billing: 'monthly', amount: 3_100 }, // one month: 10 March to 10 April, 31 days
    { kind: 'plan', billing: 'monthly', amount: 36_000, months: 12 }, // 365 days
    { kind: 'domain-registration', billing: 'yearly', amount: 1_500 },
    { kind: 'discount', billing: 'oneTime', amount: -5_000 },
  ];
  const tenDaysLater = new Date('2026-03-20T12:00:00Z');

  it('without startNow everything but a registered domain comes back in full', () => {
    const refund = withdrawalRefundLines({
      lines,
      startNow: false,
      domainRegistered: true,
      orderedAt: lateEvening,
      now: tenDaysLater,
    });
    expect(refund).toEqual([
      { index: 0, amount: 99_900 },
      { index: 1, amount: 3_100 },
      { index: 2, amount: 36_000 },
    ]);
    expect(refundsInFull(lines, refund)).toBe(false);
  });

  it('a domain not registered yet comes back too', () => {
    const refund = withdrawalRefundLines({
      lines,
      startNow: false,
      domainRegistered: false,
      orderedAt: lateEvening,
      now: tenDaysLater,
    });
    expect(refund.map((l) => l.index)).toEqual([0, 1, 2, 3]);
    expect(refundsInFull(lines, refund)).toBe(true);
  });

  it('with startNow subscriptions come back minus the days used, pro rata', () => {
    const refund = withdrawalRefundLines({
      lines,
      startNow: true,
      domainRegistered: true,
      orderedAt: lateEvening,
      now: tenDaysLater,
    });
    // 10 days used: one month 3100 x 10/31 = 1000 kept; a year 36000 x 10/365 = 986.30 -> 986 kept.
    expect(refund).toEqual([
      { index: 0, amount: 99_900 },
      {
        index: 1,
        amount: 2_100,
        kept: { amount: 1_000, reason: 'daysUsed', daysUsed: 10, periodDays: 31 },
      },
      {
        index: 2,
        amount: 35_014,
        kept: { amount: 986, reason: 'daysUsed', daysUsed: 10, periodDays: 365 },
      },
    ]);
  });

  it('with startNow on the day of the order nothing is used yet', () => {
    const refund = withdrawalRefundLines({
      lines,
      startNow: true,
      domainRegistered: false,
      orderedAt: lateEvening,
      now: lateEvening,
    });
    expect(refund.map((l) => l.amount)).toEqual([99_900, 3_100, 36_000, 1_500]);
  });

  it('a paid order whose domain is not registered yet refunds the domain (D42C-1)', () => {
    const registered = (status: string, registrarAsked: boolean, paid = true) =>
      domainRegistered({ status, registrarAsked }, paid);
    // Registered or transferred in: kept.
    expect(registered('active', true)).toBe(true);
    // Sent to the registrar (a try made or under way): it may be registered by now: kept.
    expect(registered('registering', true)).toBe(true);
    expect(registered('transferring', true)).toBe(true);
    // Paid but the registrar not asked yet, or waiting, refused, cancelled: refunded.
    expect(registered('registering', false)).toBe(false);
    expect(registered('transferring', false)).toBe(false);
    expect(registered('pending', false)).toBe(false);
    expect(registered('awaitingAuthCode', false)).toBe(false);
    expect(registered('failed', true)).toBe(false);
    expect(registered('cancelled', false)).toBe(false);
    // An order from before domains were recorded: registered once paid (the earlier rule).
    expect(domainRegistered(null, true)).toBe(true);
    expect(domainRegistered(null, false)).toBe(false);
    // What that means for the lines: a failed registration on a paid order comes back.
    const refund = withdrawalRefundLines({
      lines,
      startNow: false,
      domainRegistered: registered('failed', true),
      orderedAt: lateEvening,
      now: tenDaysLater,
    });
    expect(refund).toContainEqual({ index: 3, amount: 1_500 });
  });

  it('counts calendar days between Amsterdam days', () => {
    expect(daysBetween('2026-03-10', '2026-03-20')).toBe(10);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2); // over the clock change
  });
});

describe('the request', () => {
  it('takes an order id or an invoice number, not both and not neither', () => {
    const base = { email: 'Anna@Example.nl', name: 'Anna' };
    expect(
      v.safeParse(withdrawalRequestSchema, { ...base, invoiceNumber: '2026-0001' }).success,
    ).toBe(true);
    expect(v.safeParse(withdrawalRequestSchema, base).success).toBe(false);
    expect(
      v.safeParse(withdrawalRequestSchema, {
        ...base,
        invoiceNumber: '2026-0001',
        orderId: '6f1c2b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f',
      }).success,
    ).toBe(false);
    expect(v.safeParse(withdrawalRequestSchema, { ...base, invoiceNumber: 'x' }).success).toBe(
      false,
    );
    expect(
      v.safeParse(withdrawalRequestSchema, { ...base, name: 'A\u0000', invoiceNumber: '2026-0001' })
        .success,
    ).toBe(false);
  });
  it('reads what was typed in the one field', () => {
    expect(parseOrderReference(' 2026-0042 ')).toEqual({ invoiceNumber: '2026-0042' });
    expect(parseOrderReference('6F1C2B8E-1D2A-4C3B-9E8F-0A1B2C3D4E5F')).toEqual({
      orderId: '6f1c2b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f',
    });
    expect(parseOrderReference('order 12')).toBeNull();
  });
});
