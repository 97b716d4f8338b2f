// The one formatting module every screen, mail and PDF uses: money, numbers, dates and calendar
// days. Money is always EUR, written the way the page's (or document's) language writes it
// (D39A-6: English `€1,814.00`, Dutch `€ 1.814,00`); dates follow the language; calendar days are
// counted in Europe/Amsterdam.

import { intlLocale, type Lang } from './language.ts';

export const TIME_ZONE = 'Europe/Amsterdam';

/** A calendar day, `YYYY-MM-DD`. */
export type IsoDay = string;

// Made on first use, one per language: a page that formats nothing does not pay for Intl's
// start-up (issue 18).
const moneyFormats = new Map<Lang, Intl.NumberFormat>();

/**
 * Integer euro cents in the reader's language: `€1,814.00` in English, `€ 1.814,00` in Dutch
 * (no-break space after the sign). Every screen, mail and PDF passes its own language.
 */
export function formatMoney(cents: number, lang: Lang): string {
  let format = moneyFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency: 'EUR' });
    moneyFormats.set(lang, format);
  }
  return format.format(Math.round(cents) / 100);
}

/** A percentage (`66.7` is 66.7 %) in the reader's language: `66.7%` in English, `66,7%` in Dutch. */
export function formatPercent(percent: number, lang: Lang, maximumFractionDigits = 1): string {
  return new Intl.NumberFormat(intlLocale(lang), {
    style: 'percent',
    maximumFractionDigits,
  }).format(percent / 100);
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day's parts, or null when `value` is not an existing calendar day `YYYY-MM-DD`. */
function calendarParts(value: string): { y: number; m: number; d: number } | null {
  const match = DAY_RE.exec(value);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
    ? { y, m, d }
    : null;
}

export function isIsoDay(value: string): boolean {
  return calendarParts(value) !== null;
}

function parseDay(day: IsoDay): { y: number; m: number; d: number } {
  const parts = calendarParts(day);
  if (!parts) throw new RangeError(`not a calendar day: ${day}`);
  return parts;
}

function toDay(y: number, m: number, d: number): IsoDay {
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
}

let dayParts: Intl.DateTimeFormat | undefined;

const HOUR_MS = 3_600_000;
/** Since 2000 Amsterdam's offset is +1 or +2 whole hours, changed on the hour (01:00 UTC). */
const WHOLE_HOUR_OFFSETS_SINCE = Date.UTC(2000, 0, 1);
// Formatting a day costs tens of microseconds and a request asks several times: the day per UTC
// hour (constant within one, see above), a few hours kept.
const dayOfHour = new Map<number, IsoDay>();

/** The calendar day in Amsterdam at this instant. */
export function amsterdamDay(date: Date): IsoDay {
  const time = date.getTime();
  const hour = time >= WHOLE_HOUR_OFFSETS_SINCE ? Math.floor(time / HOUR_MS) : undefined;
  const known = hour === undefined ? undefined : dayOfHour.get(hour);
  if (known) return known;
  dayParts ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = dayParts.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${get('year')}-${get('month')}-${get('day')}`;
  if (hour !== undefined) {
    if (dayOfHour.size >= 64) dayOfHour.clear();
    dayOfHour.set(hour, day);
  }
  return day;
}

function asDay(value: Date | IsoDay): IsoDay {
  if (typeof value === 'string') {
    parseDay(value);
    return value;
  }
  return amsterdamDay(value);
}

/** Calendar-day arithmetic; a Date is first read as its Amsterdam day. */
export function addDays(day: Date | IsoDay, days: number): IsoDay {
  const { y, m, d } = parseDay(asDay(day));
  return toDay(y, m, d + days);
}

/**
 * Calendar-month arithmetic. A day that does not exist in the target month is clamped to that
 * month's last day (31 January + 1 month = 28 or 29 February).
 */
export function addMonths(day: Date | IsoDay, months: number): IsoDay {
  const { y, m, d } = parseDay(asDay(day));
  const targetIndex = y * 12 + (m - 1) + months;
  const ty = Math.floor(targetIndex / 12);
  const tm = targetIndex - ty * 12 + 1;
  const lastDay = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  return toDay(ty, tm, Math.min(d, lastDay));
}

/** Number of days in the month of this calendar day. */
export function daysInMonth(day: IsoDay): number {
  const { y, m } = parseDay(day);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export type DateStyle = 'full' | 'long' | 'medium' | 'short';

/**
 * A date in the reader's language (nl-NL or en-US), always in Amsterdam time. A `YYYY-MM-DD`
 * string is that calendar day itself, whatever the machine's time zone.
 */
export function formatDate(date: Date | IsoDay, lang: Lang, style: DateStyle = 'long'): string {
  const instant =
    typeof date === 'string'
      ? (() => {
          const { y, m, d } = parseDay(date);
          // Noon UTC is the same calendar day in Amsterdam (UTC+1 or UTC+2).
          return new Date(Date.UTC(y, m - 1, d, 12));
        })()
      : date;
  return dateFormat(lang, style).format(instant);
}

// One formatter per language and style: making an Intl.DateTimeFormat costs far more than
// using one (the billing job formats two dates per invoice line).
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lang: Lang, style: DateStyle): Intl.DateTimeFormat {
  const key = `${lang}:${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: style, timeZone: TIME_ZONE });
    dateFormats.set(key, format);
  }
  return format;
}

const dateTimeFormats = new Map<Lang, Intl.DateTimeFormat>();
/** A moment as day and time in the reader's language, in Amsterdam time ("28 nov 2026 10:15"). */
export function formatDateTime(date: Date, lang: Lang): string {
  let format = dateTimeFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(lang), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: TIME_ZONE,
    });
    dateTimeFormats.set(lang, format);
  }
  return format.format(date);
}
