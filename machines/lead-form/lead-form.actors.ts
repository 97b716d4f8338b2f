// Side effects of the lead form: the lead sent to the API, the booking handed to the
// confirmation page, and the check of a scheduler message.

import * as v from 'valibot';
import type { Booking } from '#domain/bookings.ts';
import { bookingSchema } from '#domain/consultation.schema.ts';
import { schedulerLink } from '#domain/links.ts';
import { BOOKING_MESSAGE_TYPE, BOOKING_STORAGE_KEY } from '#machines/shared/bookings.ts';
import { writeStored } from '#machines/shared/storage.ts';

const bookingMessageSchema = v.object({
  type: v.literal(BOOKING_MESSAGE_TYPE),
  booking: bookingSchema,
});

/**
 * The booking in a `message` event, or null. Accepted only from our own origin and from the
 * embedded scheduler's own window, so no other page or frame can fake a booking.
 */
export function bookingFromMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  expected: { origin: string; source: MessageEventSource | null | undefined },
): Booking | null {
  if (event.origin !== expected.origin) return null;
  if (!expected.source || event.source !== expected.source) return null;
  const parsed = v.safeParse(bookingMessageSchema, event.data);
  return parsed.success ? parsed.output.booking : null;
}

/** Keeps the booking for the confirmation page (sessionStorage `bookingData`). */
export function storeBooking(booking: Booking): void {
  // Storage disabled: the confirmation page then shows "No Consultation Found".
  writeStored(BOOKING_STORAGE_KEY, booking, 'session');
}

/** The embedded scheduler's address, with name and email pre-filled. */
export function schedulerSrc(name: string, email: string): string {
  return schedulerLink({ name, email });
}
