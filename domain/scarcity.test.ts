import { describe, it, expect } from 'vitest';
import { addDays, amsterdamDay, daysInMonth } from './format.ts';
import { MAX_SPOTS, MIN_SPOTS_SHOWN, baseSpots, dailyOffset, remainingSpots } from './scarcity.ts';

function daysOf(year: number): string[] {
  const out: string[] = [];
  for (let day = `${year}-01-01`; day.startsWith(String(year)); day = addDays(day, 1))
    out.push(day);
  return out;
}

describe('scarcity', () => {
  it('starts at 20 and falls in proportion to the day of the month', () => {
    expect(baseSpots('2025-01-01')).toBe(20);
    expect(baseSpots('2025-01-16')).toBe(Math.round(20 * (1 - 15 / 31)));
    expect(baseSpots('2025-02-15')).toBe(Math.round(20 * (1 - 14 / 28)));
    expect(baseSpots('2025-01-31')).toBe(1);
    for (let d = 1; d < 31; d++) {
      const day = `2025-01-${String(d).padStart(2, '0')}`;
      expect(baseSpots(addDays(day, 1))).toBeLessThanOrEqual(baseSpots(day));
    }
  });

  it('takes off a daily offset of 1 to 3, using all three values', () => {
    const offsets = new Set(daysOf(2025).map(dailyOffset));
    expect([...offsets].sort()).toEqual([1, 2, 3]);
  });

  it('is the same all Amsterdam day long, for everyone', () => {
    // 00:30 and 23:30 Amsterdam time on 10 March 2025 (UTC+1).
    const early = new Date('2025-03-09T23:30:00Z');
    const late = new Date('2025-03-10T22:30:00Z');
    expect(amsterdamDay(early)).toBe('2025-03-10');
    expect(amsterdamDay(late)).toBe('2025-03-10');
    expect(remainingSpots(early)).toBe(remainingSpots(late));
    expect(remainingSpots(early)).toBe(
      Math.max(3, baseSpots('2025-03-10') - dailyOffset('2025-03-10')),
    );
  });

  it('always shows between 3 and 20, below 20 on the first day and 3 at the end of the month', () => {
    for (const day of daysOf(2024)) {
      const spots = remainingSpots(new Date(`${day}T12:00:00Z`));
      expect(spots).toBeGreaterThanOrEqual(MIN_SPOTS_SHOWN);
      expect(spots).toBeLessThanOrEqual(MAX_SPOTS);
      expect(Number.isInteger(spots)).toBe(true);
      if (day.endsWith('-01')) expect(spots).toBe(20 - dailyOffset(day));
      if (Number(day.slice(8)) === daysInMonth(day)) expect(spots).toBe(3);
    }
  });
});
