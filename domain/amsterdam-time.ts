// Amsterdam wall-clock time: the calendar day and time of an instant, and the instant of a wall
// time, through Intl (no time-zone library). Pure.

import { TIME_ZONE, type IsoDay } from './format.ts';

const MINUTE = 60_000;

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
