import { describe, it, expect } from 'vitest';
import {
  addDays,
  addMonths,
  amsterdamDay,
  daysInMonth,
  formatDate,
  formatMoney,
  formatPercent,
  isIsoDay,
} from './format.ts';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe("formatMoney (D39A-6: money in the page's language)", () => {
  it('writes English money the English way and Dutch money the Dutch way', () => {
    expect(formatMoney(181400, 'en')).toBe('€1,814.00');
    expect(nbsp(formatMoney(181400, 'nl'))).toBe('€ 1.814,00');
    expect(formatMoney(181400, 'nl')).toBe('€\u00a01.814,00');
    expect(formatMoney(3000, 'en')).toBe('€30.00');
    expect(nbsp(formatMoney(3000, 'nl'))).toBe('€ 30,00');
    expect(formatMoney(123456789, 'en')).toBe('€1,234,567.89');
    expect(nbsp(formatMoney(123456789, 'nl'))).toBe('€ 1.234.567,89');
    expect(formatMoney(0, 'en')).toBe('€0.00');
    expect(nbsp(formatMoney(0, 'nl'))).toBe('€ 0,00');
  });

  it('never shows pounds or dollars, and rounds to whole cents', () => {
    expect(formatMoney(149000, 'en')).not.toMatch(/£|\$/);
    expect(formatMoney(1234.6, 'en')).toBe('€12.35');
  });
});

describe('formatPercent', () => {
  it("writes a percentage in the page's language", () => {
    expect(formatPercent(66.7, 'en')).toBe('66.7%');
    expect(formatPercent(66.7, 'nl')).toBe('66,7%');
    expect(formatPercent(50, 'nl')).toBe('50%');
  });
});

describe('amsterdamDay', () => {
  it('gives the calendar day in Amsterdam, not in UTC', () => {
    expect(amsterdamDay(new Date('2025-01-05T23:30:00Z'))).toBe('2025-01-06');
    expect(amsterdamDay(new Date('2025-07-05T22:30:00Z'))).toBe('2025-07-06');
    expect(amsterdamDay(new Date('2025-07-05T21:59:00Z'))).toBe('2025-07-05');
    expect(amsterdamDay(new Date('2024-12-31T23:00:00Z'))).toBe('2025-01-01');
  });

  it('stays right when asked again (it remembers the day per hour), across midnight and DST', () => {
    const days = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Amsterdam',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const expected = (date: Date) => {
      const parts = days.formatToParts(date);
      const get = (type: string) => parts.find((p) => p.type === type)!.value;
      return `${get('year')}-${get('month')}-${get('day')}`;
    };
    // every 13 minutes through a year with both DST changes, each instant asked twice
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 13 * 60_000) {
      const date = new Date(t);
      expect(amsterdamDay(date)).toBe(expected(date));
      expect(amsterdamDay(new Date(t + 59_000))).toBe(expected(new Date(t + 59_000)));
    }
    expect(amsterdamDay(new Date('1937-07-01T23:50:00Z'))).toBe(
      expected(new Date('1937-07-01T23:50:00Z')),
    );
  });
});

describe('calendar arithmetic', () => {
  it('adds days across months, years and daylight-saving changes', () => {
    expect(addDays('2025-01-05', 30)).toBe('2025-02-04');
    expect(addDays('2024-12-15', 30)).toBe('2025-01-14');
    expect(addDays('2025-03-20', 30)).toBe('2025-04-19');
    expect(addDays('2025-10-20', 30)).toBe('2025-11-19');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays(new Date('2025-01-05T23:30:00Z'), 1)).toBe('2025-01-07');
  });

  it('adds months, clamping to the end of a shorter month', () => {
    expect(addMonths('2025-01-05', 12)).toBe('2026-01-05');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
  });

  it('knows month lengths and real calendar days', () => {
    expect(daysInMonth('2024-02-10')).toBe(29);
    expect(daysInMonth('2025-02-10')).toBe(28);
    expect(daysInMonth('2025-12-01')).toBe(31);
    expect(isIsoDay('2025-02-29')).toBe(false);
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2025-1-5')).toBe(false);
  });

  it('refuses a string that is not a calendar day', () => {
    expect(() => addDays('2025-13-01', 1)).toThrow(RangeError);
    expect(() => addMonths('yesterday', 1)).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  it('uses nl-NL or en-US in Amsterdam time', () => {
    expect(formatDate('2025-01-05', 'nl', 'long')).toBe('5 januari 2025');
    expect(formatDate('2025-01-05', 'en', 'long')).toBe('January 5, 2025');
    expect(formatDate(new Date('2025-01-05T23:30:00Z'), 'nl')).toBe('6 januari 2025');
    const expected = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'short',
      timeZone: 'Europe/Amsterdam',
    }).format(new Date('2025-07-06T12:00:00Z'));
    expect(formatDate('2025-07-06', 'en', 'short')).toBe(expected);
  });
});
