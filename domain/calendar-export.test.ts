import { describe, expect, it } from 'vitest';
import { videoCallUrl, type Booking } from './bookings.ts';
import {
  buildIcs,
  escapeIcsText,
  foldIcsLine,
  googleCalendarUrl,
  outlookCalendarUrl,
} from './calendar-export.ts';

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
