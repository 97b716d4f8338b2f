import { describe, expect, it } from 'vitest';
import {
  amsterdamTime,
  buildIcs,
  checkSlotStart,
  dutchPublicHolidays,
  easterSunday,
  escapeIcsText,
  foldIcsLine,
  formatSlotTime,
  freeSlots,
  googleCalendarUrl,
  isDutchPublicHoliday,
  isWithinOfficeHours,
  nearestSlots,
  outlookCalendarUrl,
  slotStartsOfDay,
  slotsByDay,
  videoCallUrl,
  type Booking,
} from './bookings.ts';

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

describe('slots', () => {
  it('are 30 minutes from 9:00 to 17:00 Amsterdam time, in winter and summer', () => {
    const winter = slotStartsOfDay('2025-01-10');
    expect(winter).toHaveLength(16);
    expect(winter[0]!.toISOString()).toBe('2025-01-10T08:00:00.000Z');
    expect(winter[15]!.toISOString()).toBe('2025-01-10T15:30:00.000Z');
    const summer = slotStartsOfDay('2025-07-10');
    expect(summer[0]!.toISOString()).toBe('2025-07-10T07:00:00.000Z');
    expect(slotStartsOfDay('2025-01-11')).toEqual([]); // Saturday
    expect(slotStartsOfDay('2025-04-21')).toEqual([]); // Easter Monday
    expect(amsterdamTime('2025-03-31', 9).toISOString()).toBe('2025-03-31T07:00:00.000Z');
  });

  it('start at least 24 hours ahead and at most 30 days out', () => {
    const now = new Date('2025-01-06T10:15:00Z'); // Monday 11:15 Amsterdam
    const slots = freeSlots({ from: '2025-01-06', days: 31, now });
    expect(slots[0]!.start).toBe('2025-01-07T10:30:00.000Z'); // Tuesday 11:30, the first ≥ 24 h
    const last = new Date(slots[slots.length - 1]!.start).getTime();
    expect(last).toBeLessThanOrEqual(now.getTime() + 30 * 86_400_000);
    expect(
      slots.every((s) => new Date(s.end).getTime() - new Date(s.start).getTime() === 1_800_000),
    ).toBe(true);
    const taken = freeSlots({
      from: '2025-01-07',
      days: 1,
      now,
      taken: ['2025-01-07T10:30:00.000Z'],
    });
    expect(taken[0]!.start).toBe('2025-01-07T11:00:00.000Z');
  });

  it('checks a requested start', () => {
    const now = new Date('2025-01-06T10:15:00Z');
    expect(checkSlotStart(new Date('2025-01-08T08:00:00Z'), now)).toEqual({
      ok: true,
      slot: { start: '2025-01-08T08:00:00.000Z', end: '2025-01-08T08:30:00.000Z' },
    });
    expect(checkSlotStart(new Date('2025-01-08T08:10:00Z'), now)).toEqual({
      ok: false,
      reason: 'notASlot',
    });
    expect(checkSlotStart(new Date('2025-01-08T16:00:00Z'), now)).toEqual({
      ok: false,
      reason: 'notASlot',
    });
    expect(checkSlotStart(new Date('2025-01-11T09:00:00Z'), now)).toEqual({
      ok: false,
      reason: 'notASlot',
    });
    expect(checkSlotStart(new Date('2025-01-07T08:00:00Z'), now)).toEqual({
      ok: false,
      reason: 'outsideWindow',
    });
    expect(checkSlotStart(new Date('2025-02-10T08:00:00Z'), now)).toEqual({
      ok: false,
      reason: 'outsideWindow',
    });
    expect(checkSlotStart(new Date('nonsense'), now)).toEqual({ ok: false, reason: 'notASlot' });
  });

  it('finds the nearest free slots and groups by day', () => {
    const now = new Date('2025-01-06T10:15:00Z');
    const slots = freeSlots({ from: '2025-01-08', days: 2, now });
    expect(nearestSlots(slots, '2025-01-08T12:00:00.000Z', 3).map((s) => s.start)).toEqual([
      '2025-01-08T11:30:00.000Z',
      '2025-01-08T12:00:00.000Z',
      '2025-01-08T12:30:00.000Z',
    ]);
    expect(slotsByDay(slots).map((g) => [g.day, g.slots.length])).toEqual([
      ['2025-01-08', 16],
      ['2025-01-09', 16],
    ]);
  });

  it('formats the time in Amsterdam', () => {
    expect(formatSlotTime('2025-07-10T07:00:00Z', 'en')).toBe('09:00');
    expect(formatSlotTime('2025-01-10T15:30:00Z', 'nl')).toBe('16:30');
  });
});

describe('office hours', () => {
  it.each([
    ['2025-01-10T07:59:00Z', false],
    ['2025-01-10T08:00:00Z', true],
    ['2025-01-10T15:59:00Z', true],
    ['2025-01-10T16:00:00Z', false],
    ['2025-01-11T10:00:00Z', false],
    ['2025-12-25T10:00:00Z', false],
  ])('%s open: %s', (iso, open) => expect(isWithinOfficeHours(new Date(iso))).toBe(open));
});

describe('calendar export', () => {
  const booking: Booking = {
    id: '6f1c0a5e-2d1b-4f7e-9a63-1f1f0c2b9e11',
    title: 'Free consultation; with Anne, Jan & Ĳsbrand',
    description: 'Line one\nLine two, with a comma; and a \\ backslash — plus émojis 🎉 '.repeat(3),
    startTime: '2025-01-10T09:00:00.000Z',
    endTime: '2025-01-10T09:30:00.000Z',
    timeZone: 'Europe/Amsterdam',
    videoCallUrl: 'https://meet.jit.si/abc123',
  };

  it('escapes text values', () => {
    expect(escapeIcsText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds at 75 octets, never inside a multi-byte character', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}🎉🎉🎉`;
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const [i, part] of parts.entries()) {
      const bytes = Buffer.byteLength(part, 'utf8');
      expect(bytes).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
      expect(part).not.toContain('\uFFFD');
    }
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });

  it('builds a parseable VCALENDAR with CRLF lines', () => {
    const ics = buildIcs({
      uid: `${booking.id}@webstudio`,
      stamp: new Date('2025-01-01T12:00:00Z'),
      start: booking.startTime,
      end: booking.endTime,
      summary: booking.title,
      description: booking.description,
      url: booking.videoCallUrl,
    });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    // Unfold (RFC 5545 3.1) and read the properties back.
    const unfolded = ics
      .replace(/\r\n[ \t]/g, '')
      .split('\r\n')
      .filter(Boolean);
    const props = new Map(
      unfolded.map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1)]),
    );
    expect(unfolded[0]).toBe('BEGIN:VCALENDAR');
    expect(props.get('VERSION')).toBe('2.0');
    expect(props.get('METHOD')).toBe('PUBLISH');
    expect(props.get('DTSTART')).toBe('20250110T090000Z');
    expect(props.get('DTEND')).toBe('20250110T093000Z');
    expect(props.get('DTSTAMP')).toBe('20250101T120000Z');
    const unescape = (s: string) =>
      s.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
    expect(unescape(props.get('SUMMARY')!)).toBe(booking.title);
    expect(unescape(props.get('DESCRIPTION')!)).toBe(booking.description);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('makes Google and Outlook links', () => {
    const google = new URL(googleCalendarUrl(booking));
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(google.searchParams.get('action')).toBe('TEMPLATE');
    expect(google.searchParams.get('dates')).toBe('20250110T090000Z/20250110T093000Z');
    expect(google.searchParams.get('text')).toBe(booking.title);
    const outlook = new URL(outlookCalendarUrl(booking));
    expect(outlook.origin + outlook.pathname).toBe(
      'https://outlook.live.com/calendar/deeplink/compose',
    );
    expect(outlook.searchParams.get('startdt')).toBe('2025-01-10T09:00:00Z');
    expect(outlook.searchParams.get('enddt')).toBe('2025-01-10T09:30:00Z');
    expect(outlook.searchParams.get('rru')).toBe('addevent');
  });

  it('joins the video-call base and room', () => {
    expect(videoCallUrl('https://meet.jit.si/', 'abc')).toBe('https://meet.jit.si/abc');
    expect(videoCallUrl('https://video.example/rooms', 'abc')).toBe(
      'https://video.example/rooms/abc',
    );
  });
});
