import { recordStaffAction } from '../security/audit.ts';
import { Hono, type Context } from 'hono';
import {
  bookingCancelSchema,
  bookingRescheduleSchema,
  TOKEN_PATTERN,
} from '#domain/account.schema.ts';
import { checkSlotStart } from '#domain/bookings.ts';
import { requestLang } from '../http/language.ts';
import type { Database } from '../db/database.ts';
import type { CurrentUser } from '../http/auth.ts';
import { ApiError, validateJson } from '../http/errors.ts';
import { isUuid } from '../http/params.ts';
import type { Mailer } from '../mail/mail.ts';
import { RATE_LIMITS, rateCounter, type RateCounter, type RateLimits } from '../http/rate-limit.ts';
import type { BookingTokens } from './booking-tokens.ts';
import {
  cancelBooking,
  cancelledWithToken,
  managedBooking,
  rescheduleBooking,
} from './booking-manage.ts';
import { isUniqueViolation, publicBooking, type BookingRow } from './bookings.ts';

/** Wrong manage tokens per network address in 15 minutes. */
export const MANAGE_TOKEN_LIMIT = { perAddress: RATE_LIMITS.bookingManageToken.limit };

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

  return new Hono()
    .get('/bookings/manage', async (c) => {
      await guard(c);
      const token = c.req.query('token') ?? '';
      if (!TOKEN_PATTERN.test(token)) throw await wrongToken(c);
      const lang = requestLang(c);
      const booking = await database.read((db) => managedBooking(db, token, tokens, lang));
      if (!booking) throw await wrongToken(c);
      return c.json({ booking });
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
        const done = await cancelBooking(tx, { id, token, tokens, at, mailer, publicUrl });
        if (done?.outcome === 'cancelled' && token === undefined && user) {
          await recordStaffAction(tx, c, user, 'booking_cancel', done.row.id, {
            rateLimits: options.rateLimits,
          });
        }
        return done;
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
        moved = await database.write((tx) =>
          rescheduleBooking(tx, { id, token, tokens, slot: checked.slot, at, mailer, publicUrl }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError('SLOT_TAKEN');
        throw error;
      }
      if (!moved) {
        if (await database.read((db) => cancelledWithToken(db, id, token, tokens)))
          throw new ApiError('ALREADY_CANCELLED');
        throw await wrongToken(c);
      }
      return c.json({ booking: publicBooking(moved) });
    });
}
