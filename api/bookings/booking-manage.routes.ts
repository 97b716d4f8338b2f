import { recordStaffAction } from '../security/audit.ts';
import { and, eq, or, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  bookingCancelSchema,
  bookingRescheduleSchema,
  TOKEN_PATTERN,
} from '#domain/account.schema.ts';
import { BOOKING_TIME_ZONE, checkSlotStart } from '#domain/bookings.ts';
import type { Lang } from '#domain/language.ts';
import { requestLang } from '../http/language.ts';
import { manageBookingLink } from '#domain/links.ts';
import type { Database, Tx } from '../db/database.ts';
import { bookings, cancelledBookings } from '../db/schema.ts';
import type { CurrentUser } from '../http/auth.ts';
import { ApiError, validateJson } from '../http/errors.ts';
import { isUuid } from '../http/params.ts';
import { t } from '../i18n.ts';
import { notifyStaff, type Mailer } from '../mail/mail.ts';
import { RATE_LIMITS, rateCounter, type RateCounter, type RateLimits } from '../http/rate-limit.ts';
import { bookingIcs, bookingTitle, icsAttachment, slotWhen, visitorMail } from './booking-mail.ts';
import type { BookingTokens } from './booking-tokens.ts';
import { hashToken } from '../accounts/sessions.ts';
import { isUniqueViolation, publicBooking } from './bookings.routes.ts';

/** Wrong manage tokens per network address in 15 minutes. */
export const MANAGE_TOKEN_LIMIT = { perAddress: RATE_LIMITS.bookingManageToken.limit };

type BookingRow = typeof bookings.$inferSelect;

function when(row: { startTime: Date; endTime: Date }, lang: Lang): string {
  return `${slotWhen(row, lang)} (Europe/Amsterdam)`;
}

/**
 * Booking self-service (API.md section 6): GET /api/bookings/manage?token= (the visitor's own
 * booking, for its page; beyond API.md), POST /api/bookings/{id}/cancel with the booking's
 * `manageToken` or a staff session, POST /api/bookings/{id}/reschedule with the token and a new
 * start. A wrong token is the same 404 as an unknown booking. Moving keeps the race rules of a new
 * booking: the update of the start hits the same UNIQUE index, so a taken slot is `409
 * SLOT_TAKEN` and the old slot stays the visitor's. A cancelled booking moves to
 * `cancelled_bookings`, so its slot is free at once. Every change mails the visitor an .ics with
 * the same UID (METHOD:CANCEL, or a higher SEQUENCE) and notifies staff, in the same transaction.
 */
export function bookingManageRoutes(options: {
  database: Database;
  mailer?: Mailer | undefined;
  now: () => Date;
  publicUrl: string;
  currentUser?: CurrentUser | undefined;
  rateLimits: RateLimits;
  limiter?: RateCounter;
  /** Which tokens open a booking: the mailed one, or the owner's from the client area. */
  bookingTokens: BookingTokens;
}) {
  const { database, mailer, now, bookingTokens: tokens } = options;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  // In the database, so the count holds across app servers (RATE_LIMITS.bookingManageToken).
  const limiter =
    options.limiter ?? rateCounter(options.rateLimits, RATE_LIMITS.bookingManageToken);
  const clientAddress = (c: Context) => options.rateLimits.address(c);

  const guard = async (c: Context) => {
    const blocked = await limiter.check(clientAddress(c));
    if (blocked > 0)
      throw new ApiError('RATE_LIMITED', { headers: { 'Retry-After': String(blocked) } });
  };
  const wrongToken = async (c: Context) => {
    await limiter.hit(clientAddress(c));
    return new ApiError('NOT_FOUND');
  };

  /** The booking `id` if the token is its own, locked for this transaction. */
  const lockBooking = async (tx: Tx, id: string, token: string | undefined) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    if (!row) return null;
    if (token === undefined) return row;
    return tokens.opens(token, row) ? row : null;
  };

  /** Rows the token may open: its hash (a mailed token) or the id it names (the owner's). */
  const tokenMatch = (
    table: typeof bookings | typeof cancelledBookings,
    token: string,
  ): ReturnType<typeof eq> => {
    const byHash = eq(table.manageTokenHash, hashToken(token));
    const id = tokens.bookingIdOf(token);
    return id && isUuid(id) ? or(byHash, eq(table.id, id))! : byHash;
  };

  return new Hono()
    .get('/bookings/manage', async (c) => {
      await guard(c);
      const token = c.req.query('token') ?? '';
      if (!TOKEN_PATTERN.test(token)) throw await wrongToken(c);
      const [row] = (
        await database.read((db) => db.select().from(bookings).where(tokenMatch(bookings, token)))
      ).filter((r) => tokens.opens(token, r));
      if (row)
        return c.json({
          booking: {
            ...publicBooking(row, requestLang(c)),
            status: 'booked' as const,
          },
        });
      const [cancelled] = (
        await database.read((db) =>
          db.select().from(cancelledBookings).where(tokenMatch(cancelledBookings, token)),
        )
      ).filter((r) => tokens.opens(token, r));
      if (!cancelled) throw await wrongToken(c);
      return c.json({
        booking: {
          id: cancelled.id,
          title: bookingTitle(cancelled.title, requestLang(c)),
          startTime: cancelled.startTime.toISOString(),
          endTime: cancelled.endTime.toISOString(),
          timeZone: BOOKING_TIME_ZONE,
          videoCallUrl: null,
          status: 'cancelled' as const,
        },
      });
    })
    .post('/bookings/:id/cancel', validateJson(bookingCancelSchema), async (c) => {
      await guard(c);
      const id = c.req.param('id');
      const { token } = c.req.valid('json');
      const user = token === undefined ? await options.currentUser?.(c) : null;
      // Without a token only staff may cancel.
      if (token === undefined && user?.role !== 'staff') {
        if (!user) throw new ApiError('UNAUTHORIZED');
        throw new ApiError('FORBIDDEN');
      }
      if (!isUuid(id) || (token !== undefined && !TOKEN_PATTERN.test(token)))
        throw token === undefined ? new ApiError('NOT_FOUND') : await wrongToken(c);
      const at = now();
      const outcome = await database.write(async (tx) => {
        const row = await lockBooking(tx, id, token);
        if (!row) {
          // Cancelling twice is answered like the first time (the slot is free either way).
          const [done] = await tx
            .select({ id: cancelledBookings.id, hash: cancelledBookings.manageTokenHash })
            .from(cancelledBookings)
            .where(eq(cancelledBookings.id, id));
          if (
            done &&
            (token === undefined ||
              tokens.opens(token, { id: done.id, manageTokenHash: done.hash }))
          )
            return 'already' as const;
          return null;
        }
        const sequence = row.sequence + 1;
        await tx.delete(bookings).where(eq(bookings.id, row.id));
        await tx.insert(cancelledBookings).values({
          id: row.id,
          startTime: row.startTime,
          endTime: row.endTime,
          name: row.name,
          email: row.email,
          lang: row.lang,
          title: row.title,
          manageTokenHash: row.manageTokenHash,
          sequence,
          cancelledBy: token === undefined ? 'staff' : 'visitor',
          userId: row.userId,
          bookedAt: row.createdAt,
          cancelledAt: at,
        });
        if (token === undefined && user) {
          await recordStaffAction(tx, c, user, 'booking_cancel', row.id, {
            rateLimits: options.rateLimits,
          });
        }
        const ics = bookingIcs({ ...row, sequence }, at, mailer?.staffAddress, 'CANCEL');
        await mailer?.send(
          {
            to: row.email,
            ...visitorMail(row, row.lang, 'mail.bookingCancelled.subject', [
              t(row.lang, 'mail.bookingCancelled.body', { when: when(row, row.lang) }),
              '',
              t(row.lang, 'mail.bookingCancelled.rebook'),
              `${publicUrl}/schedule-consultation?lang=${row.lang}`,
            ]),
            attachments: [icsAttachment(ics, 'CANCEL')],
            kind: 'booking-cancellation',
            lang: row.lang,
          },
          tx,
        );
        await notifyStaff(mailer, tx, 'booking-notification', (staffLang) => ({
          subject: t(staffLang, 'mail.staffBookingCancelled.subject', {
            name: row.name,
            when: when(row, staffLang),
          }),
          text: [
            t(
              staffLang,
              token === undefined
                ? 'mail.staffBookingCancelled.byStaff'
                : 'mail.staffBookingCancelled.byVisitor',
            ),
            '',
            t(staffLang, 'mail.field.name', { name: row.name }),
            t(staffLang, 'mail.field.email', { email: row.email }),
            t(staffLang, 'mail.field.when', { when: when(row, staffLang) }),
            t(staffLang, 'mail.field.bookingId', { id: row.id }),
          ].join('\n'),
        }));
        return 'cancelled' as const;
      });
      if (!outcome) throw token === undefined ? new ApiError('NOT_FOUND') : await wrongToken(c);
      return c.json({ ok: true, status: 'cancelled' });
    })
    .post('/bookings/:id/reschedule', validateJson(bookingRescheduleSchema), async (c) => {
      await guard(c);
      const id = c.req.param('id');
      const { token, start } = c.req.valid('json');
      if (!isUuid(id) || !TOKEN_PATTERN.test(token)) throw await wrongToken(c);
      const at = now();
      const checked = checkSlotStart(new Date(start), at);
      if (!checked.ok)
        throw new ApiError('VALIDATION_FAILED', {
          fields: { start: `scheduler.validation.${checked.reason}` },
        });
      let moved: BookingRow | null;
      try {
        moved = await database.write(async (tx) => {
          const row = await lockBooking(tx, id, token);
          if (!row) return null;
          const [updated] = await tx
            .update(bookings)
            .set({
              startTime: new Date(checked.slot.start),
              endTime: new Date(checked.slot.end),
              sequence: sql`${bookings.sequence} + 1`,
            })
            .where(and(eq(bookings.id, row.id)))
            .returning();
          const saved = updated!;
          const ics = bookingIcs(saved, at, mailer?.staffAddress);
          await mailer?.send(
            {
              to: saved.email,
              ...visitorMail(saved, saved.lang, 'mail.bookingMoved.subject', [
                t(saved.lang, 'mail.bookingMoved.body', { when: when(saved, saved.lang) }),
                t(saved.lang, 'mail.field.videoCall', { url: saved.videoCallUrl }),
                '',
                t(saved.lang, 'mail.bookingMoved.manage'),
                `${publicUrl}${manageBookingLink(token, saved.lang)}`,
              ]),
              attachments: [icsAttachment(ics, 'PUBLISH')],
              kind: 'booking-rescheduled',
              lang: saved.lang,
            },
            tx,
          );
          await notifyStaff(mailer, tx, 'booking-notification', (staffLang) => ({
            subject: t(staffLang, 'mail.staffBookingMoved.subject', {
              name: saved.name,
              when: when(saved, staffLang),
            }),
            text: [
              t(staffLang, 'mail.staffBookingMoved.body'),
              '',
              t(staffLang, 'mail.field.name', { name: saved.name }),
              t(staffLang, 'mail.field.email', { email: saved.email }),
              t(staffLang, 'mail.staffBookingMoved.was', { when: when(row, staffLang) }),
              t(staffLang, 'mail.staffBookingMoved.now', { when: when(saved, staffLang) }),
              t(staffLang, 'mail.field.bookingId', { id: saved.id }),
            ].join('\n'),
          }));
          return saved;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError('SLOT_TAKEN');
        throw error;
      }
      if (!moved) {
        const [cancelled] = await database.read((db) =>
          db
            .select({
              id: cancelledBookings.id,
              manageTokenHash: cancelledBookings.manageTokenHash,
            })
            .from(cancelledBookings)
            .where(eq(cancelledBookings.id, id)),
        );
        if (cancelled && tokens.opens(token, cancelled)) throw new ApiError('ALREADY_CANCELLED');
        throw await wrongToken(c);
      }
      return c.json({ booking: publicBooking(moved) });
    });
}
