// When live chat is staffed (API.md section 2: OFFICE_HOURS, OFFICE_HOLIDAYS). Pure: the
// configuration text is parsed into a value, and the current time is always passed in.
//
// Grammar of OFFICE_HOURS (Europe/Amsterdam wall-clock time, case-insensitive):
//   hours   := entry ( ("," | ";") entry )*
//   entry   := days " " time "-" time
//   days    := day | day "-" day            (a range may wrap: "sat-mon")
//   day     := mon | tue | wed | thu | fri | sat | sun
//   time    := HH ":" MM                    (00:00 to 24:00; the end is exclusive and after the start)
// e.g. `mon-fri 09:00-17:00`, `mon-sun 00:00-24:00`, `mon-thu 09:00-17:00, fri 09:00-12:30`.
// OFFICE_HOLIDAYS is `nl` (Dutch public holidays are closed) or `none`.

import { amsterdamClock } from './amsterdam-time.ts';
import { isDutchPublicHoliday } from './dutch-holidays.ts';
import type { Lang } from './language.ts';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const HOLIDAY_RULES = ['nl', 'none'] as const;
export type HolidayRule = (typeof HOLIDAY_RULES)[number];

/** One opening window: minutes since midnight, `from` inclusive, `to` exclusive. */
export interface OfficeWindow {
  days: Weekday[];
  from: number;
  to: number;
}

export interface OfficeHours {
  windows: OfficeWindow[];
  holidays: HolidayRule;
}

export const DEFAULT_OFFICE_HOURS = 'mon-fri 09:00-17:00';
export const DEFAULT_OFFICE_HOLIDAYS: HolidayRule = 'nl';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; problem: string };

function parseTime(text: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) return null;
  return hours * 60 + minutes;
}

function dayRange(text: string): Weekday[] | null {
  const [first, last, ...rest] = text.split('-');
  if (rest.length > 0) return null;
  const start = WEEKDAYS.indexOf(first as Weekday);
  const end = last === undefined ? start : WEEKDAYS.indexOf(last as Weekday);
  if (start < 0 || end < 0) return null;
  const days: Weekday[] = [];
  for (let i = start; ; i = (i + 1) % 7) {
    days.push(WEEKDAYS[i]!);
    if (i === end) break;
  }
  return days;
}

/** Parses OFFICE_HOURS; the refusal says what is wrong in words an operator understands. */
export function parseOfficeHours(text: string): ParseResult<OfficeWindow[]> {
  const entries = text
    .trim()
    .toLowerCase()
    .split(/[,;]/)
    .map((e) => e.trim());
  const windows: OfficeWindow[] = [];
  for (const entry of entries) {
    const match = /^([a-z-]+)\s+(\S+)-(\S+)$/.exec(entry);
    const example = 'use e.g. "mon-fri 09:00-17:00"';
    if (!match) return { ok: false, problem: `has an invalid entry "${entry}" (${example})` };
    const days = dayRange(match[1]!);
    if (!days) return { ok: false, problem: `has unknown days "${match[1]}" (${example})` };
    const from = parseTime(match[2]!);
    const to = parseTime(match[3]!);
    if (from === null || to === null)
      return { ok: false, problem: `has an invalid time in "${entry}" (HH:MM, 00:00 to 24:00)` };
    if (to <= from) return { ok: false, problem: `has an end before its start in "${entry}"` };
    windows.push({ days, from, to });
  }
  return { ok: true, value: windows };
}

export function parseOfficeHolidays(text: string): ParseResult<HolidayRule> {
  const value = text.trim().toLowerCase();
  return (HOLIDAY_RULES as readonly string[]).includes(value)
    ? { ok: true, value: value as HolidayRule }
    : { ok: false, problem: 'must be nl or none' };
}

/** The defaults of API.md section 2 (mon-fri 09:00-17:00, Dutch holidays closed). */
export function defaultOfficeHours(): OfficeHours {
  const parsed = parseOfficeHours(DEFAULT_OFFICE_HOURS);
  if (!parsed.ok) throw new Error(parsed.problem);
  return { windows: parsed.value, holidays: DEFAULT_OFFICE_HOLIDAYS };
}

function weekdayOf(day: string): Weekday {
  // getUTCDay: 0 is Sunday
  return WEEKDAYS[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7]!;
}

/** Inside office hours at this instant (Amsterdam wall-clock time, holidays per the rule). */
export function isOpenAt(hours: OfficeHours, now: Date): boolean {
  const { day, hour, minute } = amsterdamClock(now);
  if (hours.holidays === 'nl' && isDutchPublicHoliday(day)) return false;
  const weekday = weekdayOf(day);
  const minutes = hour * 60 + minute;
  return hours.windows.some((w) => w.days.includes(weekday) && minutes >= w.from && minutes < w.to);
}

const DAY_NAMES: Record<Lang, Record<Weekday, string>> = {
  en: {
    mon: 'Monday',
    tue: 'Tuesday',
    wed: 'Wednesday',
    thu: 'Thursday',
    fri: 'Friday',
    sat: 'Saturday',
    sun: 'Sunday',
  },
  nl: {
    mon: 'maandag',
    tue: 'dinsdag',
    wed: 'woensdag',
    thu: 'donderdag',
    fri: 'vrijdag',
    sat: 'zaterdag',
    sun: 'zondag',
  },
};

function clock(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Consecutive runs of days, e.g. [mon..fri] -> "Monday to Friday". */
function describeDays(days: readonly Weekday[], lang: Lang): string {
  const names = DAY_NAMES[lang];
  const runs: Weekday[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    const previous = run?.at(-1);
    if (run && previous && (WEEKDAYS.indexOf(previous) + 1) % 7 === WEEKDAYS.indexOf(day))
      run.push(day);
    else runs.push([day]);
  }
  const joiner = lang === 'nl' ? ' t/m ' : ' to ';
  const parts = runs.map((run) =>
    run.length === 1
      ? names[run[0]!]
      : run.length === 2
        ? `${names[run[0]!]}${lang === 'nl' ? ' en ' : ' and '}${names[run[1]!]}`
        : `${names[run[0]!]}${joiner}${names[run.at(-1)!]}`,
  );
  return parts.join(', ');
}

/**
 * The opening windows in words, e.g. "Monday to Friday 9:00-17:00" / "maandag t/m vrijdag
 * 9:00-17:00"; windows are joined with "; ". The surrounding sentence (time zone, holidays) comes
 * from the message catalogue.
 */
export function describeOfficeWindows(windows: readonly OfficeWindow[], lang: Lang): string {
  return windows
    .map((w) =>
      w.from === 0 && w.to === 24 * 60
        ? `${describeDays(w.days, lang)}${lang === 'nl' ? ', de hele dag' : ', all day'}`
        : `${describeDays(w.days, lang)} ${clock(w.from)}-${clock(w.to)}`,
    )
    .join('; ');
}
