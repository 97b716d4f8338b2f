import { describe, expect, it } from 'vitest';
import {
  billingPeriod,
  nextRenewal,
  overdueReminderDay,
  periodAmount,
  periodsStartedBy,
  reminderDay,
  reminderDue,
  type BillingSchedule,
} from './billing.ts';

const starts = (schedule: BillingSchedule, asOf: string, from = 1) =>
  periodsStartedBy(schedule, asOf, from).map((p) => p.start);

const monthly = (startDate: string, endsOn?: string): BillingSchedule => ({
  billing: 'monthly',
  interval: 'monthly',
  startDate,
  endsOn: endsOn ?? null,
});
const paidYearly = (startDate: string, endsOn?: string): BillingSchedule => ({
  billing: 'monthly',
  interval: 'yearly',
  startDate,
  endsOn: endsOn ?? null,
});
const domain = (startDate: string, endsOn?: string): BillingSchedule => ({
  billing: 'yearly',
  interval: 'monthly',
  startDate,
  endsOn: endsOn ?? null,
});

describe('a monthly plan started on the 31st', () => {
  const plan = monthly('2025-01-31');

  it('renews on the last day of short months and back on the 31st (hand-written calendar)', () => {
    expect(starts(plan, '2026-02-28')).toEqual([
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
      '2025-05-31',
      '2025-06-30',
      '2025-07-31',
      '2025-08-31',
      '2025-09-30',
      '2025-10-31',
      '2025-11-30',
      '2025-12-31',
      '2026-01-31',
      '2026-02-28',
    ]);
  });

  it('has periods that meet without gaps or overlaps', () => {
    const periods = periodsStartedBy(plan, '2028-12-31', 0);
    for (let i = 1; i < periods.length; i++)
      expect(periods[i]!.start > periods[i - 1]!.end).toBe(true);
    expect(billingPeriod(plan, 0)).toEqual({
      index: 0,
      start: '2025-01-31',
      end: '2025-02-27',
      months: 1,
    });
    expect(billingPeriod(plan, 1)).toMatchObject({ start: '2025-02-28', end: '2025-03-30' });
  });

  it('takes 29 February in a leap year', () => {
    expect(starts(monthly('2027-12-31'), '2028-03-31')).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
    ]);
  });

  it('has not started a period the day before it starts', () => {
    expect(starts(plan, '2025-02-27')).toEqual([]);
    expect(starts(plan, '2025-02-28')).toEqual(['2025-02-28']);
    expect(starts(plan, '2025-01-31', 0)).toEqual(['2025-01-31']);
  });
});

describe('other start days', () => {
  it('a plan started on the 30th keeps the 30th except in February', () => {
    expect(starts(monthly('2025-11-30'), '2026-04-30')).toEqual([
      '2025-12-30',
      '2026-01-30',
      '2026-02-28',
      '2026-03-30',
      '2026-04-30',
    ]);
  });

  it('a plan started on 29 February (leap year) renews on the 29th where it exists', () => {
    expect(starts(monthly('2028-02-29'), '2028-06-30')).toEqual([
      '2028-03-29',
      '2028-04-29',
      '2028-05-29',
      '2028-06-29',
    ]);
  });

  it('a plan started on the 1st renews on the 1st across a year end', () => {
    expect(starts(monthly('2025-11-01'), '2026-02-01')).toEqual([
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
  });
});

describe('a paid-yearly monthly plan', () => {
  const plan = paidYearly('2025-03-15');

  it('is next invoiced when its 12 months are over, then every 12 months', () => {
    expect(starts(plan, '2026-03-14')).toEqual([]);
    expect(starts(plan, '2026-03-15')).toEqual(['2026-03-15']);
    expect(starts(plan, '2028-03-15')).toEqual(['2026-03-15', '2027-03-15', '2028-03-15']);
  });

  it('costs twelve months a period', () => {
    expect(periodAmount(plan, 3000)).toBe(36000);
    expect(periodAmount(monthly('2025-03-15'), 3000)).toBe(3000);
    expect(periodAmount(domain('2025-03-15'), 1500)).toBe(1500);
    expect(billingPeriod(plan, 1)).toEqual({
      index: 1,
      start: '2026-03-15',
      end: '2027-03-14',
      months: 12,
    });
  });
});

describe('a yearly domain', () => {
  it('renews every year on its start day', () => {
    expect(starts(domain('2025-06-10'), '2028-06-10')).toEqual([
      '2026-06-10',
      '2027-06-10',
      '2028-06-10',
    ]);
  });

  it('registered on 29 February renews on 28 February, and on the 29th in leap years', () => {
    expect(starts(domain('2024-02-29'), '2032-03-01')).toEqual([
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
  });

  it('is reminded 14 days before each renewal, never after the renewal started', () => {
    const d = domain('2025-06-10');
    expect(reminderDay('2026-06-10')).toBe('2026-05-27');
    expect(reminderDue(d, '2026-05-26')).toBeNull();
    expect(reminderDue(d, '2026-05-27')).toMatchObject({ index: 1, start: '2026-06-10' });
    expect(reminderDue(d, '2026-06-09')).toMatchObject({ index: 1, start: '2026-06-10' });
    expect(reminderDue(d, '2026-06-10')).toBeNull();
    expect(reminderDue(d, '2027-05-27')).toMatchObject({ index: 2, start: '2027-06-10' });
  });

  it('gets a reminder day across a month and year boundary', () => {
    expect(reminderDay('2027-01-05')).toBe('2026-12-22');
    expect(reminderDay('2028-03-01')).toBe('2028-02-16');
  });

  it('monthly plans get no renewal reminder', () => {
    expect(reminderDue(monthly('2025-06-10'), '2025-07-01')).toBeNull();
    expect(reminderDue(paidYearly('2025-06-10'), '2026-06-01')).toBeNull();
  });

  it('a cancelled domain gets no reminder for a renewal it will not have', () => {
    expect(reminderDue(domain('2025-06-10', '2026-06-10'), '2026-06-01')).toBeNull();
  });
});

describe('a cancelled plan', () => {
  it('stops at endsOn: no period starting on or after it', () => {
    // Cancelled with endsOn at the end of its 12-month term: periods 1 to 11 are renewals.
    const plan = monthly('2025-01-15', '2026-01-15');
    const periods = starts(plan, '2027-01-01');
    expect(periods).toHaveLength(11);
    expect(periods.at(-1)).toBe('2025-12-15');
    expect(nextRenewal(plan, '2025-12-15')).toBeNull();
    expect(nextRenewal(plan, '2025-12-14')).toMatchObject({ start: '2025-12-15' });
  });

  it('a period that started before endsOn is still invoiced', () => {
    expect(starts(monthly('2025-01-15', '2025-03-20'), '2025-12-31')).toEqual([
      '2025-02-15',
      '2025-03-15',
    ]);
  });

  it('a domain cancelled at the end of its paid year is not renewed', () => {
    expect(starts(domain('2025-06-10', '2026-06-10'), '2030-01-01')).toEqual([]);
  });
});

describe('catch-up after downtime', () => {
  it('three months down: every missed period is there, in order', () => {
    const plan = monthly('2025-01-31');
    // Last run on 2025-03-01, next run on 2025-06-01.
    const before = new Set(starts(plan, '2025-03-01'));
    const missed = starts(plan, '2025-06-01').filter((s) => !before.has(s));
    expect(missed).toEqual(['2025-03-31', '2025-04-30', '2025-05-31']);
  });
});

describe('nextRenewal', () => {
  it('is the first renewal after the day', () => {
    expect(nextRenewal(monthly('2025-01-31'), '2025-01-31')).toMatchObject({
      index: 1,
      start: '2025-02-28',
    });
    expect(nextRenewal(monthly('2025-01-31'), '2025-02-28')).toMatchObject({
      index: 2,
      start: '2025-03-31',
    });
    expect(nextRenewal(paidYearly('2025-03-15'), '2025-04-01')).toMatchObject({
      start: '2026-03-15',
    });
    expect(nextRenewal(domain('2024-02-29'), '2027-03-01')).toMatchObject({
      index: 4,
      start: '2028-02-29',
    });
  });

  it('agrees with periodsStartedBy for every day of three years', () => {
    const schedules = [monthly('2024-01-31'), paidYearly('2024-02-29'), domain('2024-02-29')];
    const disagreements: string[] = [];
    for (const schedule of schedules) {
      let day = schedule.startDate;
      for (let i = 0; i < 3 * 366; i++) {
        const started = periodsStartedBy(schedule, day, 0).length;
        const next = nextRenewal(schedule, day)!;
        if (next.index !== started || !(next.start > day))
          disagreements.push(`${schedule.startDate} ${day}: ${next.index}/${started}`);
        day = billingDayAfter(day);
      }
    }
    expect(disagreements).toEqual([]);
  }, 30_000);
});

describe('overdue reminders', () => {
  it('fall 14 days after the due date', () => {
    expect(overdueReminderDay('2026-01-25')).toBe('2026-02-08');
  });
});

function billingDayAfter(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
