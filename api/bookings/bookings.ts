import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import {
  BOOKING_TIME_ZONE,
  formatSlotDay,
  formatSlotTime,
  videoCallUrl,
  type Booking,
} from '#domain/bookings.ts';
import type { SurveyRequest } from '#domain/consultation.schema.ts';
import type { Lang } from '#domain/language.ts';
import { manageBookingLink } from '#domain/links.ts';
import type { Db, Tx } from '../db/database.ts';
import { bookings, consultationSurveys } from '../db/schema.ts';
import { languageName, t } from '../i18n.ts';
import { notifyStaff, type Mailer } from '../mail/mail.ts';
import { hashToken, newToken } from '../security/tokens.ts';
import { bookingIcs, bookingTitle, icsAttachment, slotWhen, visitorMail } from './booking-mail.ts';

/**
 * Consultation bookings in the database: the slots taken, a new booking with its mails, the
 * consultation survey, and what the booking routers (bookings.routes.ts, booking-manage.routes.ts)
 * share: a booking as the API answers it and the slot race's unique violation.
 */

export type BookingRow = typeof bookings.$inferSelect;

/** SQLSTATE 23505 (unique_violation), from node-postgres or PGlite, possibly wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A booking as the API answers it; its stock title in `lang` when given (bookingTitle). */
export function publicBooking(row: BookingRow, lang?: Lang): Booking {
  return {
    id: row.id,
    title: lang ? bookingTitle(row.title, lang) : row.title,
    description: row.description,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    timeZone: BOOKING_TIME_ZONE,
    videoCallUrl: row.videoCallUrl,
  };
}

/** The starts of the bookings in [start, end). */
export async function takenStarts(db: Db | Tx, start: Date, end: Date): Promise<string[]> {
  const rows = await db
    .select({ startTime: bookings.startTime })
    .from(bookings)
    .where(and(gte(bookings.startTime, start), lt(bookings.startTime, end)));
  return rows.map((r) => r.startTime.toISOString());
}

/**
 * A new booking's row and the visitor's key to their own booking page (only its sha256 is
 * stored), made before the transaction.
 */
export function newBooking(input: {
  slot: { start: string; end: string };
  name: string;
  email: string;
  lang: Lang;
  userId: string | null;
  videoCallBaseUrl: string;
}): { values: typeof bookings.$inferInsert; manageToken: string } {
  const { lang, name } = input;
  const manageToken = newToken();
  // 128 random bits: the room cannot be guessed from the booking or the time.
  const callUrl = videoCallUrl(input.videoCallBaseUrl, newToken(16, 'hex'));
  return {
    manageToken,
    values: {
      id: randomUUID(),
      startTime: new Date(input.slot.start),
      endTime: new Date(input.slot.end),
      name,
      email: input.email.toLowerCase(),
      lang,
      title: t(lang, 'consultation.event.title'),
      description: t(lang, 'consultation.event.description', { name, url: callUrl }),
      videoCallUrl: callUrl,
      manageTokenHash: hashToken(manageToken),
      // Made signed in: the account's own even before its address is proven.
      userId: input.userId,
    },
  };
}

/**
 * Stores the booking (a taken slot fails on the UNIQUE index of the start: `isUniqueViolation`)
 * with the visitor's confirmation and the staff notice, in the caller's transaction: the mails
 * exist exactly when the booking does.
 */
export async function insertBooking(
  tx: Tx,
  booking: { values: typeof bookings.$inferInsert; manageToken: string },
  options: { mailer: Mailer | undefined; publicUrl: string; lang: Lang; at: Date },
): Promise<BookingRow> {
  const { mailer, publicUrl, lang } = options;
  const [inserted] = await tx.insert(bookings).values(booking.values).returning();
  const saved = inserted!;
  const icsUrl = `${publicUrl}/api/bookings/${saved.id}/ics`;
  const ics = bookingIcs(saved, options.at, mailer?.staffAddress);
  await mailer?.send(
    {
      to: saved.email,
      ...visitorMail(saved, lang, 'mail.booking.subject', [
        t(lang, 'mail.booking.booked'),
        '',
        t(lang, 'mail.booking.when', { when: slotWhen(saved, lang) }),
        t(lang, 'mail.field.videoCall', { url: saved.videoCallUrl }),
        '',
        t(lang, 'mail.booking.calendar'),
        icsUrl,
        '',
        t(lang, 'mail.booking.manage'),
        `${publicUrl}${manageBookingLink(booking.manageToken, lang)}`,
      ]),
      attachments: [icsAttachment(ics, 'PUBLISH')],
      kind: 'booking-confirmation',
      lang,
    },
    tx,
  );
  await notifyStaff(mailer, tx, 'booking-notification', (staffLang) => ({
    subject: t(staffLang, 'mail.staffBooking.subject', {
      name: saved.name,
      day: formatSlotDay(saved.startTime, staffLang),
      time: formatSlotTime(saved.startTime, staffLang),
    }),
    text: [
      t(staffLang, 'mail.staffBooking.body'),
      '',
      t(staffLang, 'mail.field.name', { name: saved.name }),
      t(staffLang, 'mail.field.email', { email: saved.email }),
      t(staffLang, 'mail.field.language', { lang: languageName(saved.lang, staffLang) }),
      t(staffLang, 'mail.staffBooking.when', { when: slotWhen(saved, staffLang) }),
      t(staffLang, 'mail.field.videoCall', { url: saved.videoCallUrl }),
      t(staffLang, 'mail.field.bookingId', { id: saved.id }),
    ].join('\n'),
  }));
  return saved;
}

/** The booking of an id, or null. */
export async function bookingById(db: Db | Tx, id: string): Promise<BookingRow | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row ?? null;
}

/** The newest bookings by start, at most `limit` (the staff list). */
export async function latestBookings(db: Db | Tx, limit: number): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .orderBy(desc(bookings.startTime), asc(bookings.id))
    .limit(limit);
}

/** Stores a consultation survey with its staff notice, in the caller's transaction; its id. */
export async function saveSurvey(
  tx: Tx,
  mailer: Mailer | undefined,
  body: SurveyRequest,
): Promise<string> {
  const [saved] = await tx
    .insert(consultationSurveys)
    .values({ bookingId: body.bookingId, priority: body.priority, notes: body.notes })
    .returning({ id: consultationSurveys.id });
  await notifyStaff(mailer, tx, 'survey-notification', (staffLang) => {
    // The answer as staff read it, never its stored id ("increaseSales", issue 39).
    const priority = body.priority
      ? t(staffLang, `consultation.survey.priority.${body.priority}`)
      : '';
    return {
      subject: priority
        ? t(staffLang, 'mail.staffSurvey.subjectPriority', { priority })
        : t(staffLang, 'mail.staffSurvey.subject'),
      text: [
        t(staffLang, 'mail.staffSurvey.body'),
        '',
        t(staffLang, 'mail.staffSurvey.priority', {
          priority: priority || t(staffLang, 'mail.common.none'),
        }),
        t(staffLang, 'mail.staffSurvey.notes', {
          notes: body.notes || t(staffLang, 'mail.common.none'),
        }),
        t(staffLang, 'mail.staffSurvey.booking', {
          id: body.bookingId ?? t(staffLang, 'mail.common.unknown'),
        }),
      ].join('\n'),
    };
  });
  return saved!.id;
}
