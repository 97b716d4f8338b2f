import { Hono } from 'hono';
import { BOOKING_TIME_ZONE, checkSlotStart, freeSlots, type Booking } from '#domain/bookings.ts';
import { amsterdamTime } from '#domain/amsterdam-time.ts';
import {
  bookingRequestSchema,
  slotsQuerySchema,
  surveyRequestSchema,
} from '#domain/consultation.schema.ts';
import { ICS_FILE_NAME } from '#domain/calendar-export.ts';
import { addDays } from '#domain/format.ts';
import type { Database } from '../db/database.ts';
import { idempotency } from '../http/idempotency.ts';
import { bookingIcs } from './booking-mail.ts';
import type { Mailer } from '../mail/mail.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { ApiError, validateJson, validateQuery } from '../http/errors.ts';
import { uuidParams } from '../http/params.ts';
import { requestLang } from '../http/language.ts';
import { RATE_LIMITS, type RateLimits } from '../http/rate-limit.ts';
import {
  bookingById,
  insertBooking,
  isUniqueViolation,
  latestBookings,
  newBooking,
  publicBooking,
  saveSurvey,
  takenStarts,
} from './bookings.ts';

export const DEFAULT_VIDEO_CALL_BASE_URL = 'https://meet.jit.si/';
const ADMIN_LIST_LIMIT = 500;

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
      const taken = await database.read((db) => takenStarts(db, rangeStart, rangeEnd));
      return c.json({
        timeZone: BOOKING_TIME_ZONE,
        slots: freeSlots({
          from,
          days,
          now: now(),
          taken,
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
        const booking = newBooking({
          slot: checked.slot,
          name: body.name,
          email: body.email,
          lang,
          userId: (await options.currentUser?.(c))?.id ?? null,
          videoCallBaseUrl: baseUrl,
        });
        const once = idempotency(c, 'POST /api/bookings', body);
        let answer: { booking: Booking & { manageToken: string } };
        try {
          answer = await database.write(async (tx) => {
            const previous = await once.replay<{ booking: Booking & { manageToken: string } }>(tx);
            if (previous) return previous.body;
            const saved = await insertBooking(tx, booking, {
              mailer,
              publicUrl,
              lang,
              at: now(),
            });
            const response = {
              booking: { ...publicBooking(saved), manageToken: booking.manageToken },
            };
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
    .get('/bookings/:id/ics', uuidParams('id'), async (c) => {
      const id = c.req.param('id');
      const row = await database.read((db) => bookingById(db, id));
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
        const id = await database.write((tx) => saveSurvey(tx, mailer, body));
        return c.json({ ok: true, id }, 201);
      },
    )
    .get('/admin/bookings', staffOnly, async (c) => {
      const rows = await database.read((db) => latestBookings(db, ADMIN_LIST_LIMIT));
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
