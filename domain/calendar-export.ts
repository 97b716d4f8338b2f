// Calendar export of a booking (INTEGRATIONS 5): the .ics file (RFC 5545) and the Google and
// Outlook "add event" links. Pure.

import type { Booking } from './bookings.ts';

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
  /**
   * iTIP method: PUBLISH for the first file and for a moved call (with a higher `sequence`, same
   * UID), CANCEL for a cancelled one (same UID, STATUS:CANCELLED).
   */
  method?: 'PUBLISH' | 'CANCEL';
  /** RFC 5545 SEQUENCE: 0 at booking, one higher on every change. */
  sequence?: number;
}

/** A complete VCALENDAR with one VEVENT, CRLF line ends, folded and escaped. */
export function buildIcs(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Webstudio//Consultations//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method ?? 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    ...(event.sequence !== undefined ? [`SEQUENCE:${event.sequence}`] : []),
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    `LOCATION:${escapeIcsText(event.url)}`,
    `URL:${event.url}`,
    ...(event.organizer ? [`ORGANIZER:mailto:${event.organizer}`] : []),
    event.method === 'CANCEL' ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
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
