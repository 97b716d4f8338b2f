// The consultation rule book (SPEC 2 "/schedule-consultation", SPEC 9 "Support weekdays 9:00-17:00",
// INTEGRATIONS 5): which 30-minute slots can be booked, when the studio counts as open (chat), and
// the booking record. Pure: the current time is always passed in. Holidays are in
// dutch-holidays.ts, wall-clock time in amsterdam-time.ts, calendar files and links in
// calendar-export.ts, the follow-up survey in consultation-survey.ts.

import { amsterdamClock, amsterdamTime } from './amsterdam-time.ts';
import { isWorkingDay } from './dutch-holidays.ts';
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

/** The days that have a free slot, in order (a booking's or a reschedule's day list). */
export function slotDays(slots: readonly Slot[]): IsoDay[] {
  return slotsByDay(slots).map((g) => g.day);
}

/** The free slots of one day. */
export function slotsOfDay(slots: readonly Slot[], day: string | null): Slot[] {
  return slotsByDay(slots).find((g) => g.day === day)?.slots ?? [];
}

/** The day a slot list opens on: the day kept when it still has a slot, else the first. */
export function dayWithSlots(slots: readonly Slot[], keep: string | null): IsoDay | null {
  const days = slotDays(slots);
  return keep && days.includes(keep) ? keep : (days[0] ?? null);
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
  /** only in the answer to the visitor who booked: the key to `/consultation/manage` */
  manageToken?: string;
}

/** The video-call address: the configured base plus a room name (hex of random bytes). */
export function videoCallUrl(baseUrl: string, room: string): string {
  return new URL(encodeURIComponent(room), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href;
}
