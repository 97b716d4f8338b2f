import { describe, expect, it } from 'vitest';
import {
  defaultOfficeHours,
  describeOfficeWindows,
  isOpenAt,
  parseOfficeHolidays,
  parseOfficeHours,
} from './office-hours.ts';

describe('OFFICE_HOURS', () => {
  it('parses the examples of API.md and lists of windows', () => {
    expect(parseOfficeHours('mon-fri 09:00-17:00')).toEqual({
      ok: true,
      value: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: 540, to: 1020 }],
    });
    expect(parseOfficeHours('mon-sun 00:00-24:00')).toMatchObject({ ok: true });
    expect(parseOfficeHours('Mon-Thu 09:00-17:00, fri 09:00-12:30')).toEqual({
      ok: true,
      value: [
        { days: ['mon', 'tue', 'wed', 'thu'], from: 540, to: 1020 },
        { days: ['fri'], from: 540, to: 750 },
      ],
    });
    expect(parseOfficeHours('sat-mon 10:00-12:00')).toMatchObject({
      value: [{ days: ['sat', 'sun', 'mon'] }],
    });
  });

  it.each([
    '',
    'weekdays',
    'mon-fri 9-17',
    'mon-fri 17:00-09:00',
    'mon-xyz 09:00-17:00',
    'mon 24:30-25:00',
    'mon-fri 09:00-17:00,',
  ])('refuses %j', (text) => expect(parseOfficeHours(text).ok).toBe(false));

  it('parses OFFICE_HOLIDAYS', () => {
    expect(parseOfficeHolidays('nl')).toEqual({ ok: true, value: 'nl' });
    expect(parseOfficeHolidays('NONE')).toEqual({ ok: true, value: 'none' });
    expect(parseOfficeHolidays('be').ok).toBe(false);
  });

  it('is open inside the windows in Amsterdam time, closed on Dutch holidays when asked', () => {
    const hours = defaultOfficeHours();
    expect(isOpenAt(hours, new Date('2025-01-08T08:00:00Z'))).toBe(true); // Wed 9:00
    expect(isOpenAt(hours, new Date('2025-01-08T07:59:00Z'))).toBe(false); // 8:59
    expect(isOpenAt(hours, new Date('2025-07-08T14:59:00Z'))).toBe(true); // summer 16:59
    expect(isOpenAt(hours, new Date('2025-07-08T15:00:00Z'))).toBe(false); // 17:00
    expect(isOpenAt(hours, new Date('2025-01-11T10:00:00Z'))).toBe(false); // Saturday
    expect(isOpenAt(hours, new Date('2025-12-25T10:00:00Z'))).toBe(false); // Christmas
    expect(isOpenAt({ ...hours, holidays: 'none' }, new Date('2025-12-25T10:00:00Z'))).toBe(true);
  });

  it('describes the windows in both languages', () => {
    const parsed = parseOfficeHours('mon-fri 09:00-17:00, sat 10:00-12:30, sun 00:00-24:00');
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(describeOfficeWindows(parsed.value, 'en')).toBe(
      'Monday to Friday 9:00-17:00; Saturday 10:00-12:30; Sunday, all day',
    );
    expect(describeOfficeWindows(parsed.value, 'nl')).toBe(
      'maandag t/m vrijdag 9:00-17:00; zaterdag 10:00-12:30; zondag, de hele dag',
    );
  });
});
