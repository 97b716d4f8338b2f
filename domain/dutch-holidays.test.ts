import { describe, expect, it } from 'vitest';
import { dutchPublicHolidays, easterSunday, isDutchPublicHoliday } from './dutch-holidays.ts';

describe('Dutch public holidays', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ])('Easter %i is %s', (year, day) => expect(easterSunday(year)).toBe(day));

  it('lists the holidays of 2025, Easter-based ones included', () => {
    expect(dutchPublicHolidays(2025).map((h) => `${h.day} ${h.key}`)).toEqual([
      '2025-01-01 newYear',
      '2025-04-20 easterSunday',
      '2025-04-21 easterMonday',
      '2025-04-26 kingsDay', // 27 April 2025 is a Sunday
      '2025-05-05 liberationDay',
      '2025-05-29 ascensionDay',
      '2025-06-08 whitSunday',
      '2025-06-09 whitMonday',
      '2025-12-25 christmasDay',
      '2025-12-26 boxingDay',
    ]);
    expect(isDutchPublicHoliday('2026-04-27')).toBe(true);
    expect(isDutchPublicHoliday('2026-05-14')).toBe(true); // Ascension 2026
    expect(isDutchPublicHoliday('2026-04-03')).toBe(false); // Good Friday is not on the list
  });
});
