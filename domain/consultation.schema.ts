// Request and answer shapes of the consultation and contact endpoints (API.md section 4), shared
// by the server's validators and the browser's calls, so both read one definition.

import * as v from 'valibot';
import { multiLine, singleLine } from './text.ts';
import { EMAIL_PATTERN } from './email.ts';
import { isIsoDay } from './format.ts';
import { MAX_SLOT_QUERY_DAYS } from './bookings.ts';
import { surveyPriorityOf, type SurveyPriority } from './consultation-survey.ts';

const requiredText = (max: number, lines: 'single' | 'multi' = 'single') =>
  v.pipe(
    v.optional(v.string('form.validation.invalid'), ''),
    v.trim(),
    v.nonEmpty('form.validation.required'),
    v.maxLength(max, 'form.validation.invalid'),
    lines === 'single' ? singleLine() : multiLine(),
  );

export const emailSchema = v.pipe(
  v.optional(v.string('form.validation.invalidEmail'), ''),
  v.trim(),
  v.nonEmpty('form.validation.required'),
  v.maxLength(254, 'form.validation.invalidEmail'),
  singleLine(),
  v.regex(EMAIL_PATTERN, 'form.validation.invalidEmail'),
);

/** GET /api/bookings/slots?from=YYYY-MM-DD&days=1..31 */
export const slotsQuerySchema = v.object({
  from: v.pipe(v.string('form.validation.required'), v.check(isIsoDay, 'form.validation.invalid')),
  days: v.pipe(
    v.optional(v.string(), '7'),
    v.regex(/^\d{1,2}$/, 'form.validation.invalid'),
    v.transform(Number),
    v.minValue(1, 'form.validation.invalid'),
    v.maxValue(MAX_SLOT_QUERY_DAYS, 'form.validation.invalid'),
  ),
});

/** POST /api/bookings */
export const bookingRequestSchema = v.object({
  name: requiredText(120),
  email: emailSchema,
  start: v.pipe(
    v.optional(v.string('form.validation.invalid'), ''),
    v.nonEmpty('form.validation.required'),
    v.regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/,
      'form.validation.invalid',
    ),
    v.check((s) => !Number.isNaN(new Date(s).getTime()), 'form.validation.invalid'),
  ),
});
export type BookingRequest = v.InferOutput<typeof bookingRequestSchema>;

/** The booking as the API returns it, and as the confirmation page accepts it from a query. */
export const bookingSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)),
  title: v.pipe(v.string(), v.maxLength(200)),
  description: v.pipe(v.string(), v.maxLength(2000)),
  startTime: v.pipe(v.string(), v.isoTimestamp()),
  endTime: v.pipe(v.string(), v.isoTimestamp()),
  timeZone: v.pipe(v.string(), v.maxLength(64)),
  videoCallUrl: v.pipe(
    v.string(),
    v.url(),
    v.check((s) => /^https?:\/\//.test(s)),
  ),
  /** the key to the booking's own page (`/consultation/manage?token=`), issue 15 */
  manageToken: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/))),
});

export const slotsAnswerSchema = v.object({
  timeZone: v.string(),
  slots: v.array(v.object({ start: v.string(), end: v.string() })),
});

export const bookingAnswerSchema = v.object({ booking: bookingSchema });

/** POST /api/consultation-survey: no field is required (SPEC 5). */
export const surveyRequestSchema = v.object({
  // An id or SPEC 14's English label ("Increase sales"); stored as the id.
  priority: v.optional(
    v.union([
      v.literal(''),
      v.pipe(
        v.string('form.validation.invalid'),
        v.check((value) => surveyPriorityOf(value) !== undefined, 'form.validation.invalid'),
        v.transform((value) => surveyPriorityOf(value) as SurveyPriority),
      ),
    ]),
    '',
  ),
  notes: v.optional(
    v.pipe(v.string(), v.maxLength(4000, 'form.validation.invalid'), multiLine()),
    '',
  ),
  bookingId: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200))), null),
});
export type SurveyRequest = v.InferOutput<typeof surveyRequestSchema>;

export const CONTACT_SUBJECTS = ['general', 'support', 'collaboration'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** The longest ticket message; the form shows it with a counter (issue 39). */
export const CONTACT_MESSAGE_MAX = 5000;

/** A ticket's reference as the visitor reads it, on screen and in the mail: `3F2A9C1B`. */
export function ticketReference(ticketId: string): string {
  return ticketId.slice(0, 8).toUpperCase();
}

/** POST /api/contact: name, email and message required, subject optional (SPEC 5). */
export const contactRequestSchema = v.object({
  name: requiredText(120),
  email: emailSchema,
  subject: v.optional(
    v.union([v.picklist(CONTACT_SUBJECTS, 'form.validation.invalid'), v.literal('')]),
    '',
  ),
  message: v.pipe(
    v.optional(v.string('form.validation.invalid'), ''),
    v.trim(),
    v.nonEmpty('form.validation.required'),
    v.maxLength(CONTACT_MESSAGE_MAX, 'contact.form.messageTooLong'),
    multiLine(),
  ),
});
export type ContactRequest = v.InferOutput<typeof contactRequestSchema>;

/** PUT /api/admin/chat-availability */
export const chatAvailabilitySchema = v.object({
  available: v.boolean('form.validation.invalid'),
});

/** `GET /api/chat-status` */
export const chatStatusAnswerSchema = v.object({ online: v.boolean() });

/** `PUT /api/admin/chat-availability` */
export const chatAvailabilityAnswerSchema = v.object({
  available: v.boolean(),
  online: v.boolean(),
});

/** `POST /api/contact` */
export const contactAnswerSchema = v.object({ ok: v.literal(true), ticketId: v.string() });
