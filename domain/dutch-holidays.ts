// Dutch public holidays and working days (SPEC 9 "Support weekdays 9:00-17:00"): the legal list
// of the Algemene termijnenwet, with Easter computed. Pure.

import { addDays, type IsoDay } from './format.ts';

/** Easter Sunday (Gregorian, anonymous algorithm of Meeus/Jones/Butcher) as `YYYY-MM-DD`. */
export function easterSunday(year: number): IsoDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export type HolidayKey =
  | 'newYear'
  | 'easterSunday'
  | 'easterMonday'
  | 'kingsDay'
  | 'liberationDay'
  | 'ascensionDay'
  | 'whitSunday'
  | 'whitMonday'
  | 'christmasDay'
  | 'boxingDay';

/**
 * The general holidays of the Algemene termijnenwet (the legal list of Dutch public holidays):
 * New Year's Day, Easter Sunday and Monday, King's Day (27 April, 26 April when the 27th is a
 * Sunday), Liberation Day (5 May, every year), Ascension Day, Whit Sunday and Monday, Christmas
 * Day and Boxing Day. Good Friday is not on that list. Sorted by date.
 */
export function dutchPublicHolidays(year: number): Array<{ day: IsoDay; key: HolidayKey }> {
  const easter = easterSunday(year);
  const april27 = `${year}-04-27`;
  const kingsDay = new Date(`${april27}T12:00:00Z`).getUTCDay() === 0 ? `${year}-04-26` : april27;
  const list: Array<{ day: IsoDay; key: HolidayKey }> = [
    { day: `${year}-01-01`, key: 'newYear' },
    { day: easter, key: 'easterSunday' },
    { day: addDays(easter, 1), key: 'easterMonday' },
    { day: kingsDay, key: 'kingsDay' },
    { day: `${year}-05-05`, key: 'liberationDay' },
    { day: addDays(easter, 39), key: 'ascensionDay' },
    { day: addDays(easter, 49), key: 'whitSunday' },
    { day: addDays(easter, 50), key: 'whitMonday' },
    { day: `${year}-12-25`, key: 'christmasDay' },
    { day: `${year}-12-26`, key: 'boxingDay' },
  ];
  return list.sort((x, y) => x.day.localeCompare(y.day));
}

export function isDutchPublicHoliday(day: IsoDay): boolean {
  const year = Number(day.slice(0, 4));
  return dutchPublicHolidays(year).some((h) => h.day === day);
}

/** Monday to Friday, by the calendar day itself. */
export function isWeekday(day: IsoDay): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday >= 1 && weekday <= 5;
}

/** A working day: a weekday that is not a Dutch public holiday. */
export function isWorkingDay(day: IsoDay): boolean {
  return isWeekday(day) && !isDutchPublicHoliday(day);
}
