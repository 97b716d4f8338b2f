import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  BOOKING_TIME_ZONE,
  checkSlotStart,
  formatSlotDay,
  formatSlotTime,
  freeSlots,
  videoCallUrl,
  type Booking,
} from '#domain/bookings.ts';
import { amsterdamTime } from '#domain/amsterdam-time.ts';
import {
  bookingRequestSchema,
  slotsQuerySchema,
  surveyRequestSchema,
} from '#domain/consultation.schema.ts';
import { ICS_FILE_NAME } from '#domain/calendar-export.ts';
import { addDays } from '#domain/format.ts';
import { manageBookingLink } from '#domain/links.ts';
import type { Database } from '../db/database.ts';
import { bookings, consultationSurveys } from '../db/schema.ts';
import { idempotency } from '../http/idempotency.ts';
import { bookingIcs, bookingTitle, icsAttachment, slotWhen, visitorMail } from './booking-mail.ts';
import { notifyStaff, type Mailer } from '../mail/mail.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { ApiError, validateJson, validateQuery } from '../http/errors.ts';
import { requestLang } from '../http/language.ts';
import type { Lang } from '#domain/language.ts';
import { languageName, t } from '../i18n.ts';
import { hashToken } from '../accounts/sessions.ts';
import { RATE_LIMITS, type RateLimits } from '../http/rate-limit.ts';

export const DEFAULT_VIDEO_CALL_BASE_URL = 'https://meet.jit.si/';
const ADMIN_LIST_LIMIT = 500;

/** SQLSTATE 23505 (unique_violation), from node-postgres or PGlite, possibly wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

type BookingRow = typeof bookings.$inferSelect;

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

/**
 * GET /api/bookings/slots, POST /api/bookings, GET /api/bookings/{id}/ics,
 * POST /api/consultation-survey and staff-only GET /api/admin/bookings.
 *
 * The slot rules are the rule book's (`domain/bookings.ts`); whether a slot is still free is the
 * database's answer: the insert runs in a transaction against a UNIQUE index on the start, so two
 * visitors clicking the same slot at once get one booking and one `409 SLOT_TAKEN`.
 */
export function bookingsRoutes(options: {
  database: Database;
  mailer?: Mailer | undefined;
  now: () => Date;
  publicUrl: string;
  videoCallBaseUrl?: string | undefined;
  currentUser?: CurrentUser | undefined;
  rateLimits: RateLimits;
}) {
  const { database, mailer, now } = options;
  const baseUrl = options.videoCallBaseUrl ?? DEFAULT_VIDEO_CALL_BASE_URL;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const staffOnly = requireStaff(options.currentUser ?? (async () => null));

  return new Hono()
    .get('/bookings/slots', validateQuery(slotsQuerySchema), async (c) => {
      const { from, days } = c.req.valid('query');
      const rangeStart = amsterdamTime(from, 0);
      const rangeEnd = amsterdamTime(addDays(from, days), 0);
      const taken = await database.read((db) =>
        db
          .select({ startTime: bookings.startTime })
          .from(bookings)
          .where(and(gte(bookings.startTime, rangeStart), lt(bookings.startTime, rangeEnd))),
      );
      return c.json({
        timeZone: BOOKING_TIME_ZONE,
        slots: freeSlots({
          from,
          days,
          now: now(),
          taken: taken.map((r) => r.startTime.toISOString()),
        }),
      });
    })
    .post(
      '/bookings',
      options.rateLimits.limit(RATE_LIMITS.bookings),
      validateJson(bookingRequestSchema),
      async (c) => {
        const body = c.req.valid('json');
        const lang = requestLang(c);
        const checked = checkSlotStart(new Date(body.start), now());
        if (!checked.ok)
          throw new ApiError('VALIDATION_FAILED', {
            fields: { start: `scheduler.validation.${checked.reason}` },
          });
        const id = randomUUID();
        // The visitor's key to their own booking page; only its sha256 is stored.
        const manageToken = randomBytes(32).toString('base64url');
        // 128 random bits: the room cannot be guessed from the booking or the time.
        const callUrl = videoCallUrl(baseUrl, randomBytes(16).toString('hex'));
        const values: typeof bookings.$inferInsert = {
          id,
          startTime: new Date(checked.slot.start),
          endTime: new Date(checked.slot.end),
          name: body.name,
          email: body.email.toLowerCase(),
          lang,
          title: t(lang, 'consultation.event.title'),
          description: t(lang, 'consultation.event.description', { name: body.name, url: callUrl }),
          videoCallUrl: callUrl,
          manageTokenHash: hashToken(manageToken),
          // Made signed in: the account's own even before its address is proven.
          userId: (await options.currentUser?.(c))?.id ?? null,
        };
        const once = idempotency(c, 'POST /api/bookings', body);
        let answer: { booking: Booking & { manageToken: string } };
        try {
          answer = await database.write(async (tx) => {
            const previous = await once.replay<{ booking: Booking & { manageToken: string } }>(tx);
            if (previous) return previous.body;
            const [inserted] = await tx.insert(bookings).values(values).returning();
            const saved = inserted!;
            const icsUrl = `${publicUrl}/api/bookings/${saved.id}/ics`;
            const ics = bookingIcs(saved, now(), mailer?.staffAddress);
            // Stored in this transaction: the mails exist exactly when the booking does.
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
                  `${publicUrl}${manageBookingLink(manageToken, lang)}`,
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
            const response = { booking: { ...publicBooking(saved), manageToken } };
            await once.remember(tx, 201, response);
            return response;
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw new ApiError('SLOT_TAKEN');
          throw error;
        }
        return c.json(answer, 201);
      },
    )
    .get('/bookings/:id/ics', async (c) => {
      const id = c.req.param('id');
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
        throw new ApiError('NOT_FOUND');
      const [row] = await database.read((db) =>
        db.select().from(bookings).where(eq(bookings.id, id)).limit(1),
      );
      if (!row) throw new ApiError('NOT_FOUND');
      return c.body(bookingIcs(row, row.createdAt, mailer?.staffAddress), 200, {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="${ICS_FILE_NAME}"`,
        'Cache-Control': 'private, no-store',
      });
    })
    .post(
      '/consultation-survey',
      options.rateLimits.limit(RATE_LIMITS.survey),
      validateJson(surveyRequestSchema),
      async (c) => {
        const body = c.req.valid('json');
        const id = await database.write(async (tx) => {
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
        });
        return c.json({ ok: true, id }, 201);
      },
    )
    .get('/admin/bookings', staffOnly, async (c) => {
      const rows = await database.read((db) =>
        db
          .select()
          .from(bookings)
          .orderBy(desc(bookings.startTime), asc(bookings.id))
          .limit(ADMIN_LIST_LIMIT),
      );
      return c.json({
        bookings: rows.map((row) => ({
          ...publicBooking(row),
          name: row.name,
          email: row.email,
          lang: row.lang,
          createdAt: row.createdAt.toISOString(),
        })),
      });
    });
}
