// Side effects of the scheduler and the confirmation page: the bookings API (the one API client),
// the hand-over
// of a booking to the confirmation page (sessionStorage `bookingData`) and to a parent page that
// embeds the scheduler (postMessage to its exact origin). Safe during server rendering.

import * as v from 'valibot';
import type { Booking, Slot } from '#domain/bookings.ts';
import {
  bookingAnswerSchema,
  bookingSchema,
  slotsAnswerSchema,
  type SurveyRequest,
} from '#domain/consultation.schema.ts';
import type { Lang } from '#domain/language.ts';
import { anyBody, api } from '#machines/shared/api-client.ts';
import { BOOKING_MESSAGE_TYPE, BOOKING_STORAGE_KEY } from '#machines/shared/bookings.ts';
import { takeStored, writeStored } from '#machines/shared/storage.ts';

export type LoadSlotsResult = { ok: true; slots: Slot[] } | { ok: false };

/** GET /api/bookings/slots: the free slots of `days` days from `from`. */
export async function fetchSlots(input: { from: string; days: number }): Promise<LoadSlotsResult> {
  const result = await api.get('/bookings/slots', slotsAnswerSchema, {
    searchParams: { from: input.from, days: input.days },
  });
  return result.ok ? { ok: true, slots: result.data.slots } : { ok: false };
}

export type CreateBookingResult =
  | { ok: true; booking: Booking }
  | { ok: false; reason: 'slotTaken' | 'invalid' | 'failed'; fields?: Record<string, string> };

/** POST /api/bookings. A taken slot (409) and a refused request (400) come back as values. */
export async function postBooking(input: {
  name: string;
  email: string;
  start: string;
  lang: Lang;
  idempotencyKey?: string;
}): Promise<CreateBookingResult> {
  const result = await api.post('/bookings', bookingAnswerSchema, {
    json: { name: input.name, email: input.email, start: input.start },
    lang: input.lang,
    ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
  });
  if (result.ok) return { ok: true, booking: result.data.booking };
  if (result.status === 409) return { ok: false, reason: 'slotTaken' };
  if (result.status === 400)
    return { ok: false, reason: 'invalid', ...(result.fields ? { fields: result.fields } : {}) };
  return { ok: false, reason: 'failed' };
}

/** True when this page is shown in a frame of a page on our own origin. */
export function isFramedBySameOrigin(): boolean {
  if (typeof window === 'undefined' || window.parent === window) return false;
  try {
    return window.parent.location.origin === window.location.origin;
  } catch {
    return false; // a foreign parent: reading its location throws
  }
}

/**
 * Hands the booking on: kept in sessionStorage for the confirmation page, and, when the scheduler
 * is embedded by a page of our own origin, posted to that parent with our exact origin as target
 * (never `*`). The message is a convenience; the server's record is the proof of the booking.
 */
export function announceBooking(booking: Booking): void {
  if (typeof window === 'undefined') return;
  // Storage disabled: the confirmation page also accepts the booking from its query.
  writeStored(BOOKING_STORAGE_KEY, booking, 'session');
  if (isFramedBySameOrigin())
    window.parent.postMessage({ type: BOOKING_MESSAGE_TYPE, booking }, window.location.origin);
}

/** A booking from JSON text, validated; null when absent or malformed. */
export function parseBooking(text: string | null | undefined): Booking | null {
  if (!text) return null;
  try {
    const parsed = v.safeParse(bookingSchema, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/**
 * The booking to confirm: sessionStorage `bookingData` (removed after reading), else the
 * `booking` query parameter holding JSON. Null when neither holds a valid booking.
 */
export async function readConfirmedBooking(input: {
  query?: string | undefined;
}): Promise<Booking | null> {
  return takeStored(BOOKING_STORAGE_KEY, bookingSchema, 'session') ?? parseBooking(input.query);
}

/** POST /api/consultation-survey; the answer is not read (SPEC 7). */
export async function postSurvey(input: SurveyRequest): Promise<void> {
  await api.post('/consultation-survey', anyBody, { json: input });
}
