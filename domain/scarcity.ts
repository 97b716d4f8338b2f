// The "remaining spots" counter of the landing page. Marketing, not stock: it falls through the
// month and is the same for every visitor on the same Amsterdam calendar day.

import { amsterdamDay, daysInMonth, type IsoDay } from './format.ts';

export const MAX_SPOTS = 20;
export const MIN_SPOTS_SHOWN = 3;

/** FNV-1a over the day string: a small, stable, platform-independent hash. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The day's pseudo-random offset, 1 to 3, seeded by the calendar day. */
export function dailyOffset(day: IsoDay): 1 | 2 | 3 {
  return ((hash(day) % 3) + 1) as 1 | 2 | 3;
}

/** Spots before the daily offset: 20 on day 1, falling in proportion to the day of the month. */
export function baseSpots(day: IsoDay): number {
  const dayOfMonth = Number(day.slice(8, 10));
  return Math.round(MAX_SPOTS * (1 - (dayOfMonth - 1) / daysInMonth(day)));
}

/** Remaining spots shown on `now`'s Amsterdam day: at most 20, never below 3. */
export function remainingSpots(now: Date): number {
  const day = amsterdamDay(now);
  const spots = baseSpots(day) - dailyOffset(day);
  return Math.min(MAX_SPOTS, Math.max(MIN_SPOTS_SHOWN, spots));
}
