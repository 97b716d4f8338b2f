/**
 * The mails about a consultation booking (booked, moved, cancelled): the visitor's in their
 * language with the booking's .ics attached (the notice to staff goes through mail.ts's notifyStaff).
 */
import { formatSlotDay, formatSlotTime } from '#domain/bookings.ts';
import { ICS_FILE_NAME, buildIcs } from '#domain/calendar-export.ts';
import type { Lang } from '#domain/language.ts';
import type { bookings } from '../db/schema.ts';
import { t, type MessageKey } from '../i18n.ts';

type BookingRow = typeof bookings.$inferSelect;

/**
 * A booking's title in `lang`: the stock title is stored in the language it was booked in, and a
 * page in the other language names it in its own; any other title is kept as stored.
 */
export function bookingTitle(stored: string, lang: Lang): string {
  const key = 'consultation.event.title';
  return t('nl', key) === stored || t('en', key) === stored ? t(lang, key) : stored;
}

/** "day, start–end" of a booking's slot in `lang`. */
export function slotWhen(row: { startTime: Date; endTime: Date }, lang: Lang): string {
  return `${formatSlotDay(row.startTime, lang)}, ${formatSlotTime(row.startTime, lang)}–${formatSlotTime(row.endTime, lang)}`;
}

/** The booking's calendar entry; the same UID across changes, `sequence` counts them. */
export function bookingIcs(
  row: Pick<
    BookingRow,
    'id' | 'startTime' | 'endTime' | 'title' | 'description' | 'videoCallUrl'
  > & {
    sequence: number;
  },
  stamp: Date,
  organizer?: string | null,
  method: 'PUBLISH' | 'CANCEL' = 'PUBLISH',
): string {
  return buildIcs({
    uid: `${row.id}@consultations`,
    method,
    sequence: row.sequence,
    stamp,
    start: row.startTime.toISOString(),
    end: row.endTime.toISOString(),
    summary: row.title,
    description: row.description,
    url: row.videoCallUrl,
    ...(organizer ? { organizer } : {}),
  });
}

/** A mail to the visitor: `subjectKey` with the booking's title and day, a greeting, `body`. */
export function visitorMail(
  row: BookingRow,
  lang: Lang,
  subjectKey: MessageKey,
  body: string[],
): { subject: string; text: string } {
  return {
    subject: t(lang, subjectKey, { title: row.title, day: formatSlotDay(row.startTime, lang) }),
    text: [t(lang, 'mail.common.hello', { name: row.name }), '', ...body].join('\n'),
  };
}

/** The booking's calendar file as a mail attachment. */
export function icsAttachment(ics: string, method: 'PUBLISH' | 'CANCEL') {
  return {
    filename: ICS_FILE_NAME,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: Buffer.from(ics, 'utf8').toString('base64'),
  };
}
