import { describe, it, expect } from 'vitest';
import { amsterdamMonth, spotsLeft } from './scarcity.ts';

describe('spots left this month (D39A-3)', () => {
  it("is the month's projects minus the website orders paid this month, never below 0", () => {
    expect(spotsLeft(20, 0)).toBe(20);
    expect(spotsLeft(20, 3)).toBe(17);
    expect(spotsLeft(5, 5)).toBe(0);
    expect(spotsLeft(5, 7)).toBe(0);
  });

  it('counts the Amsterdam calendar month, not the UTC one', () => {
    // 31 March 2026 23:30 UTC is already 1 April in Amsterdam (UTC+2).
    expect(amsterdamMonth(new Date('2026-03-31T23:30:00Z'))).toEqual({
      month: '2026-04',
      start: new Date('2026-03-31T22:00:00Z'),
      end: new Date('2026-04-30T22:00:00Z'),
    });
    // Winter: UTC+1; December runs into the next year.
    expect(amsterdamMonth(new Date('2026-12-15T12:00:00Z'))).toEqual({
      month: '2026-12',
      start: new Date('2026-11-30T23:00:00Z'),
      end: new Date('2026-12-31T23:00:00Z'),
    });
    // October holds the change back to winter time.
    expect(amsterdamMonth(new Date('2026-10-31T22:59:59Z'))).toEqual({
      month: '2026-10',
      start: new Date('2026-09-30T22:00:00Z'),
      end: new Date('2026-10-31T23:00:00Z'),
    });
  });
});
