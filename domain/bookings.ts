// The consultation rule book (SPEC 2 "/schedule-consultation", SPEC 9 "Support weekdays 9:00-17:00",
// INTEGRATIONS 5): which 30-minute slots can be booked, when the studio counts as open (chat),
// Dutch public holidays, and the calendar exports (.ics, Google and Outlook links). Pure: the
// current time is always passed in.

import { addDays, amsterdamDay, isIsoDay, TIME_ZONE, type IsoDay } from './format.ts';
import { intlLocale, type Lang } from './language.ts';

export const BOOKING_TIME_ZONE = TIME_ZONE;
export const SLOT_MINUTES = 30;
/** Office hours in Amsterdam wall-clock time: slots start at 9:00 and the last one ends at 17:00. */
export const OFFICE_OPENS_HOUR = 9;
export const OFFICE_CLOSES_HOUR = 17;
/** A slot must start at least this long after now. */
export const MIN_LEAD_HOURS = 24;
/** …and at most this many days after now. */
export const MAX_DAYS_AHEAD = 30;
/** `days` of GET /api/bookings/slots. */
export const MAX_SLOT_QUERY_DAYS = 31;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// ------------------------------------------------------------------------------------------------
// Dutch public holidays

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

// ------------------------------------------------------------------------------------------------
// Amsterdam wall-clock time

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The Amsterdam calendar day and wall-clock time of an instant. */
export function amsterdamClock(date: Date): {
  day: IsoDay;
  hour: number;
  minute: number;
  second: number;
} {
  const parts = partsFormat.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  return {
    day: `${get('year')}-${get('month')}-${get('day')}`,
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    second: Number(get('second')),
  };
}

/** Minutes Amsterdam is ahead of UTC at this instant (60 in winter, 120 in summer). */
function offsetMinutes(date: Date): number {
  const { day, hour, minute, second } = amsterdamClock(date);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d, hour, minute, second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / MINUTE);
}

/**
 * The instant of an Amsterdam wall-clock time. Office hours never fall in a daylight-saving
 * change (those happen at 2:00-3:00), so each such time names exactly one instant.
 */
export function amsterdamTime(day: IsoDay, hour: number, minute = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  let instant = wall - offsetMinutes(new Date(wall)) * MINUTE;
  instant = wall - offsetMinutes(new Date(instant)) * MINUTE;
  return new Date(instant);
}

// ------------------------------------------------------------------------------------------------
// Slots

export interface Slot {
  /** ISO 8601 instants in UTC (`2025-01-10T08:00:00.000Z`). */
  start: string;
  end: string;
}

export type SlotRefusal = 'notASlot' | 'outsideWindow';

/** Every slot start of a working day, in order (9:00, 9:30, …, 16:30 Amsterdam time). */
export function slotStartsOfDay(day: IsoDay): Date[] {
  if (!isWorkingDay(day)) return [];
  const starts: Date[] = [];
  for (
    let minutes = OFFICE_OPENS_HOUR * 60;
    minutes + SLOT_MINUTES <= OFFICE_CLOSES_HOUR * 60;
    minutes += SLOT_MINUTES
  )
    starts.push(amsterdamTime(day, Math.floor(minutes / 60), minutes % 60));
  return starts;
}

/** Inside the booking window: at least MIN_LEAD_HOURS and at most MAX_DAYS_AHEAD days from now. */
export function isInBookingWindow(start: Date, now: Date): boolean {
  const t = start.getTime();
  return t >= now.getTime() + MIN_LEAD_HOURS * HOUR && t <= now.getTime() + MAX_DAYS_AHEAD * DAY;
}

/**
 * Checks a requested start: it must be one of the slots (a working day, office hours, on the
 * half hour) and inside the booking window. Whether it is still free is the database's answer.
 */
export function checkSlotStart(
  start: Date,
  now: Date,
): { ok: true; slot: Slot } | { ok: false; reason: SlotRefusal } {
  if (Number.isNaN(start.getTime())) return { ok: false, reason: 'notASlot' };
  const { day } = amsterdamClock(start);
  const isSlot = slotStartsOfDay(day).some((s) => s.getTime() === start.getTime());
  if (!isSlot) return { ok: false, reason: 'notASlot' };
  if (!isInBookingWindow(start, now)) return { ok: false, reason: 'outsideWindow' };
  return { ok: true, slot: slotAt(start) };
}

export function slotAt(start: Date): Slot {
  return {
    start: start.toISOString(),
    end: new Date(start.getTime() + SLOT_MINUTES * MINUTE).toISOString(),
  };
}

/**
 * The bookable slots of `days` calendar days from `from` (Amsterdam days), minus the starts in
 * `taken`, in time order.
 */
export function freeSlots(options: {
  from: IsoDay;
  days: number;
  now: Date;
  taken?: Iterable<string>;
}): Slot[] {
  const taken = new Set([...(options.taken ?? [])].map((s) => new Date(s).getTime()));
  const slots: Slot[] = [];
  for (let i = 0; i < options.days; i++) {
    for (const start of slotStartsOfDay(addDays(options.from, i))) {
      if (!isInBookingWindow(start, options.now) || taken.has(start.getTime())) continue;
      slots.push(slotAt(start));
    }
  }
  return slots;
}

/** The first calendar day any slot can be on (today in Amsterdam). */
export function firstBookableDay(now: Date): IsoDay {
  return amsterdamDay(now);
}

/** The `count` free slots closest in time to `start` (for "this slot was just taken"). */
export function nearestSlots(slots: readonly Slot[], start: string, count = 3): Slot[] {
  const target = new Date(start).getTime();
  return [...slots]
    .sort(
      (a, b) =>
        Math.abs(new Date(a.start).getTime() - target) -
          Math.abs(new Date(b.start).getTime() - target) || a.start.localeCompare(b.start),
    )
    .slice(0, count)
    .sort((a, b) => a.start.localeCompare(b.start));
}

/** Slots grouped by their Amsterdam calendar day, days in order. */
export function slotsByDay(slots: readonly Slot[]): Array<{ day: IsoDay; slots: Slot[] }> {
  const groups = new Map<IsoDay, Slot[]>();
  for (const slot of slots) {
    const day = amsterdamDay(new Date(slot.start));
    const list = groups.get(day) ?? [];
    list.push(slot);
    groups.set(day, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, list]) => ({ day, slots: list }));
}

// ------------------------------------------------------------------------------------------------
// Office hours (live chat)

/** Open: a working day between 9:00 and 17:00 Amsterdam time. */
export function isWithinOfficeHours(now: Date): boolean {
  const { day, hour } = amsterdamClock(now);
  return isWorkingDay(day) && hour >= OFFICE_OPENS_HOUR && hour < OFFICE_CLOSES_HOUR;
}

// ------------------------------------------------------------------------------------------------
// Formatting

/** `09:30` (24-hour clock in both languages, Amsterdam time). */
export function formatSlotTime(date: Date | string, lang: Lang): string {
  return new Intl.DateTimeFormat(intlLocale(lang), {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(date));
}

/** `Friday, January 10, 2025` / `vrijdag 10 januari 2025`, of the Amsterdam day. */
export function formatSlotDay(date: Date | string, lang: Lang): string {
  return new Intl.DateTimeFormat(intlLocale(lang), {
    timeZone: TIME_ZONE,
    dateStyle: 'full',
  }).format(new Date(date));
}

/** A calendar day `YYYY-MM-DD` as a short heading (`Fri, Jan 10` / `vr 10 jan`). */
export function formatDayShort(day: IsoDay, lang: Lang): string {
  if (!isIsoDay(day)) return day;
  return new Intl.DateTimeFormat(intlLocale(lang), {
    timeZone: TIME_ZONE,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(`${day}T12:00:00Z`));
}

// ------------------------------------------------------------------------------------------------
// The booking record as the API returns it

export interface Booking {
  id: string;
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  videoCallUrl: string;
}

const BOOKING_TEXT: Record<
  Lang,
  { title: string; description: (name: string, url: string) => string }
> = {
  en: {
    title: 'Free 30-minute consultation',
    description: (name, url) =>
      `Discovery video call with ${name}: your goals, your current website and the next steps.\nJoin the call: ${url}`,
  },
  nl: {
    title: 'Gratis adviesgesprek van 30 minuten',
    description: (name, url) =>
      `Kennismakingsgesprek via video met ${name}: je doelen, je huidige website en de volgende stappen.\nDeelnemen aan het gesprek: ${url}`,
  },
};

export function bookingTitle(lang: Lang): string {
  return BOOKING_TEXT[lang].title;
}

export function bookingDescription(lang: Lang, name: string, videoCallUrl: string): string {
  return BOOKING_TEXT[lang].description(name, videoCallUrl);
}

/** The video-call address: the configured base plus a room name (hex of random bytes). */
export function videoCallUrl(baseUrl: string, room: string): string {
  return new URL(encodeURIComponent(room), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href;
}

// ------------------------------------------------------------------------------------------------
// Calendar export (RFC 5545)

/** The name of the calendar file, in the download and the mail attachment. */
export const ICS_FILE_NAME = 'consultation.ics';

/** `20250110T090000Z` */
export function icsDateTime(date: Date | string): string {
  return new Date(date)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT value escaping: backslash, semicolon, comma, and newlines as `\n`. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * Folds one content line at 75 octets: CRLF plus a space, never inside a multi-byte UTF-8
 * character (whole code points are kept together). Continuation lines carry 74 octets after the
 * leading space.
 */
export function foldIcsLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
      limit = 74;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export interface CalendarEvent {
  uid: string;
  stamp: Date;
  start: string;
  end: string;
  summary: string;
  description: string;
  url: string;
  organizer?: string;
}

/** A complete VCALENDAR with one VEVENT, CRLF line ends, folded and escaped. */
export function buildIcs(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Webstudio//Consultations//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    `LOCATION:${escapeIcsText(event.url)}`,
    `URL:${event.url}`,
    ...(event.organizer ? [`ORGANIZER:mailto:${event.organizer}`] : []),
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}

/** Google Calendar "add event" link (INTEGRATIONS 5). */
export function googleCalendarUrl(booking: Booking): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: booking.title,
    dates: `${icsDateTime(booking.startTime)}/${icsDateTime(booking.endTime)}`,
    details: booking.description,
    location: booking.videoCallUrl,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** Outlook on the web "compose event" link (INTEGRATIONS 5). */
export function outlookCalendarUrl(booking: Booking): string {
  const iso = (s: string) => new Date(s).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    startdt: iso(booking.startTime),
    enddt: iso(booking.endTime),
    subject: booking.title,
    body: booking.description,
    location: booking.videoCallUrl,
  });
  return `https://outlook.live.com/calendar/deeplink/compose?${params.toString()}`;
}

// ------------------------------------------------------------------------------------------------
// Survey

export const SURVEY_PRIORITIES = [
  'increaseSales',
  'improveRetention',
  'optimizeOperations',
  'other',
] as const;
export type SurveyPriority = (typeof SURVEY_PRIORITIES)[number];
