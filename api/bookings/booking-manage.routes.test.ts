import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookings, cancelledBookings } from '../db/schema.ts';
import type { SessionUser } from '../http/auth.ts';
import { testAppForFile } from '../../tests/helpers/app.ts';
import { lastMailTo as lastMail } from '../../tests/helpers/outbox.ts';
import { Hono } from 'hono';
import { errorResponse, type ApiError } from '../http/errors.ts';
import { createBookingTokens } from './booking-tokens.ts';
import { createRateLimits, rateCounter } from '../http/rate-limit.ts';
import { bookingManageRoutes } from './booking-manage.routes.ts';

// Monday 6 January 2025, 11:15 in Amsterdam.
const NOW = new Date('2025-01-06T10:15:00Z');
let user: SessionUser | null = null;
const t = testAppForFile({ now: () => NOW, currentUser: async () => user });

let slot = 0;
/** A fresh slot on Wednesday 8 January 2025 or later (Amsterdam 9:00 = 08:00Z). */
function nextSlot(): string {
  const i = slot++;
  const day = 8 + Math.floor(i / 16);
  const minutes = 8 * 60 + (i % 16) * 30;
  return new Date(Date.UTC(2025, 0, day, Math.floor(minutes / 60), minutes % 60)).toISOString();
}

async function book(lang = 'en') {
  const res = await t.call('POST', `/api/bookings?lang=${lang}`, {
    name: 'Anne',
    email: 'anne@example.nl',
    start: nextSlot(),
  });
  expect(res.status).toBe(201);
  return (await res.json()).booking as { id: string; manageToken: string; startTime: string };
}

const lastMailTo = (to: string) => lastMail(t.database, to);
const icsOf = (mail: { attachments: { content: string }[] }) =>
  Buffer.from(mail.attachments[0]!.content, 'base64').toString('utf8');

describe('POST /api/bookings: the manage token', () => {
  it('answers a manageToken, stores only its hash and links the mail to the manage page', async () => {
    const booking = await book('nl');
    expect(booking.manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.manageTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.manageTokenHash).not.toBe(booking.manageToken);
    const mail = await lastMailTo('anne@example.nl');
    expect(mail.text).toContain(
      `http://localhost:3000/consultation/manage?token=${booking.manageToken}&lang=nl`,
    );
    const manage = await t.call('GET', `/api/bookings/manage?token=${booking.manageToken}`);
    expect(manage.status).toBe(200);
    expect((await manage.json()).booking).toMatchObject({ id: booking.id, status: 'booked' });
    // Booked in Dutch, the stock title reads in the page's language.
    const titleIn = async (lang: string) =>
      (
        await (
          await t.call('GET', `/api/bookings/manage?token=${booking.manageToken}&lang=${lang}`)
        ).json()
      ).booking.title;
    expect(await titleIn('en')).toBe('Free 30-minute consultation');
    expect(await titleIn('nl')).toBe('Gratis adviesgesprek van 30 minuten');
  });
});

describe('POST /api/bookings/{id}/reschedule', () => {
  it('moves the call, frees the old slot and mails an .ics with the same UID and a higher SEQUENCE', async () => {
    const booking = await book();
    const start = nextSlot();
    const res = await t.call('POST', `/api/bookings/${booking.id}/reschedule`, {
      token: booking.manageToken,
      start,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).booking).toMatchObject({ id: booking.id, startTime: start });
    const ics = icsOf(await lastMailTo('anne@example.nl'));
    expect(ics).toContain(`UID:${booking.id}@consultations`);
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain('METHOD:PUBLISH');
    const staffMail = await lastMailTo('staff@example.test');
    // In the staff's language (STAFF_LANG, Dutch unless set), whatever the visitor's.
    expect(staffMail.subject).toMatch(/^Adviesgesprek verzet/);
    expect(staffMail.lang).toBe('nl');
    // The old slot is bookable again.
    const again = await t.call('POST', '/api/bookings', {
      name: 'Bob',
      email: 'bob@example.nl',
      start: booking.startTime,
    });
    expect(again.status).toBe(201);
  });

  it('answers 409 SLOT_TAKEN for a taken slot and keeps the old one', async () => {
    const mine = await book();
    const theirs = await book();
    const res = await t.call('POST', `/api/bookings/${mine.id}/reschedule`, {
      token: mine.manageToken,
      start: theirs.startTime,
    });
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('SLOT_TAKEN');
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, mine.id));
    expect(row!.startTime.toISOString()).toBe(mine.startTime);
  });

  it('answers 404 for a wrong token and 400 for a time that is not a slot', async () => {
    const booking = await book();
    const other = await book();
    const wrong = await t.call('POST', `/api/bookings/${booking.id}/reschedule`, {
      token: other.manageToken,
      start: nextSlot(),
    });
    expect(wrong.status).toBe(404);
    const bad = await t.call('POST', `/api/bookings/${booking.id}/reschedule`, {
      token: booking.manageToken,
      start: '2025-01-08T08:10:00.000Z',
    });
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/bookings/{id}/cancel', () => {
  it('cancels with the token: slot free, METHOD:CANCEL mailed, staff notified, repeat is harmless', async () => {
    const booking = await book();
    const res = await t.call('POST', `/api/bookings/${booking.id}/cancel`, {
      token: booking.manageToken,
    });
    expect(res.status).toBe(200);
    expect(await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id))).toEqual(
      [],
    );
    const [kept] = await t.database.db
      .select()
      .from(cancelledBookings)
      .where(eq(cancelledBookings.id, booking.id));
    expect(kept).toMatchObject({ cancelledBy: 'visitor', sequence: 1 });
    const mail = await lastMailTo('anne@example.nl');
    expect(mail.kind).toBe('booking-cancellation');
    const ics = icsOf(mail);
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain(`UID:${booking.id}@consultations`);
    expect(ics).toContain('SEQUENCE:1');
    expect((await lastMailTo('staff@example.test')).subject).toMatch(/^Adviesgesprek geannuleerd/);

    const slots = await (await t.call('GET', '/api/bookings/slots?from=2025-01-08&days=3')).json();
    expect(slots.slots.map((s: { start: string }) => s.start)).toContain(booking.startTime);

    const again = await t.call('POST', `/api/bookings/${booking.id}/cancel`, {
      token: booking.manageToken,
    });
    expect(again.status).toBe(200);
    const manage = await t.call('GET', `/api/bookings/manage?token=${booking.manageToken}`);
    expect((await manage.json()).booking.status).toBe('cancelled');
    const move = await t.call('POST', `/api/bookings/${booking.id}/reschedule`, {
      token: booking.manageToken,
      start: nextSlot(),
    });
    expect(move.status).toBe(409);
  });

  it('needs the token or a staff session: 401 without, 403 for a client, 404 for a wrong token', async () => {
    const booking = await book();
    user = null;
    expect((await t.call('POST', `/api/bookings/${booking.id}/cancel`, {})).status).toBe(401);
    user = {
      id: '00000000-0000-4000-8000-000000000001',
      email: 'c@example.test',
      name: '',
      role: 'client',
    };
    expect((await t.call('POST', `/api/bookings/${booking.id}/cancel`, {})).status).toBe(403);
    user = null;
    const wrong = await t.call('POST', `/api/bookings/${booking.id}/cancel`, {
      token: 'z'.repeat(43),
    });
    expect(wrong.status).toBe(404);
    user = {
      id: '00000000-0000-4000-8000-000000000002',
      email: 's@example.test',
      name: '',
      role: 'staff',
    };
    const staff = await t.call('POST', `/api/bookings/${booking.id}/cancel`, {});
    user = null;
    expect(staff.status).toBe(200);
    const [kept] = await t.database.db
      .select()
      .from(cancelledBookings)
      .where(eq(cancelledBookings.id, booking.id));
    expect(kept!.cancelledBy).toBe('staff');
    // Staff's cancel is in the audit log; the visitor's own (by token) is not a staff action.
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'booking_cancel'));
    expect(audited.map((e) => [e.target, e.actor])).toEqual([[booking.id, 's@example.test']]);
  });

  it('rate limits wrong tokens per network address', async () => {
    const rateLimits = createRateLimits({ database: t.database, trustProxy: 1, now: () => NOW });
    const limiter = rateCounter(rateLimits, { name: 'test.manage', limit: 2, windowMs: 60_000 });
    const app = new Hono()
      .onError((error, c) => errorResponse(c, error as ApiError))
      .route(
        '/',
        bookingManageRoutes({
          database: t.database,
          now: () => NOW,
          publicUrl: 'http://localhost:3000',
          rateLimits,
          limiter,
          bookingTokens: createBookingTokens('a-test-secret-of-at-least-32-characters'),
        }),
      );
    const ask = () =>
      app.request(`/bookings/manage?token=${'q'.repeat(43)}`, {
        headers: { 'X-Forwarded-For': '203.0.113.9' },
      });
    expect((await ask()).status).toBe(404);
    expect((await ask()).status).toBe(404);
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
