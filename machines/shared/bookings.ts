// The booking pieces several flows share: the calls on a booking that exists (the visitor's
// manage page, the client area and the staff bookings page) and the hand-over of a new booking
// from the scheduler to the page that shows it (sessionStorage `bookingData`, or a postMessage to
// a parent page that embeds the scheduler).

import { bookingAnswerSchema, slotsAnswerSchema } from '#domain/consultation.schema.ts';
import { managedBookingSchema } from '#domain/account.schema.ts';
import type { Lang } from '#domain/language.ts';
import { anyBody, api } from './api-client.ts';

/** sessionStorage key under which a new booking reaches the confirmation page. */
export const BOOKING_STORAGE_KEY = 'bookingData';
/** `type` of the message an embedded scheduler posts to its parent page. */
export const BOOKING_MESSAGE_TYPE = 'booking-success';

const lang = (values: Record<string, string>): Lang => (values.lang === 'nl' ? 'nl' : 'en');

export const bookingCalls = {
  /** The visitor's own booking (manage page). */
  loadManagedBooking: (token: string, l: Lang) =>
    api.get('/bookings/manage', managedBookingSchema, { lang: l, searchParams: { token } }),
  cancelBooking: (values: Record<string, string>) =>
    api.post(`/bookings/${encodeURIComponent(values.id ?? '')}/cancel`, anyBody, {
      lang: lang(values),
      json: values.token ? { token: values.token } : {},
    }),
  rescheduleBooking: (values: Record<string, string>) =>
    api.post(`/bookings/${encodeURIComponent(values.id ?? '')}/reschedule`, bookingAnswerSchema, {
      lang: lang(values),
      json: { token: values.token ?? '', start: values.start ?? '' },
    }),
  loadSlots: (from: string, l: Lang) =>
    api.get('/bookings/slots', slotsAnswerSchema, { lang: l, searchParams: { from, days: 31 } }),
};
