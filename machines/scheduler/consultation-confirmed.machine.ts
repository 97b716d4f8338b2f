import { assign, fromPromise, setup } from 'xstate';
import type { Booking } from '#domain/bookings.ts';
import type { SurveyPriority } from '#domain/consultation-survey.ts';
import { postSurvey, readConfirmedBooking } from './scheduler.actors.ts';

export interface ConfirmationInput {
  /** The `booking` query parameter (JSON), if any. */
  query?: string | undefined;
}

export interface ConfirmationContext {
  query: string | undefined;
  booking: Booking | null;
  priority: SurveyPriority | '';
  notes: string;
}

export type ConfirmationEvent =
  | { type: 'user.choosePriority'; priority: SurveyPriority }
  | { type: 'user.changeNotes'; value: string }
  | { type: 'user.submitSurvey' };

/**
 * The confirmation page (SPEC 2 "/consultation-confirmed", screen 14). `reading` the booking the
 * scheduler left (sessionStorage, else the query) happens in the browser only, so the server
 * renders the heading and the page fills in after hydration. `found` holds the follow-up survey:
 * `editing`, `sending`, then `thanked` whatever the answer (SPEC 5: no required field, the
 * response is not read). `notFound` explains the page was opened directly.
 */
export const consultationConfirmedMachine = setup({
  types: {
    input: {} as ConfirmationInput,
    context: {} as ConfirmationContext,
    events: {} as ConfirmationEvent,
  },
  actors: {
    readBooking: fromPromise<Booking | null, { query?: string | undefined }>(({ input }) =>
      readConfirmedBooking(input),
    ),
    sendSurvey: fromPromise<void, { priority: string; notes: string; bookingId: string | null }>(
      ({ input }) =>
        postSurvey({
          priority: input.priority as SurveyPriority | '',
          notes: input.notes,
          bookingId: input.bookingId,
        }),
    ),
  },
  guards: {
    hasBooking: (_, params: { booking: Booking | null }) => params.booking !== null,
  },
  actions: {
    storeBooking: assign((_, params: { booking: Booking | null }) => ({ booking: params.booking })),
    storePriority: assign((_, params: { priority: SurveyPriority }) => ({
      priority: params.priority,
    })),
    storeNotes: assign((_, params: { value: string }) => ({ notes: params.value })),
  },
}).createMachine({
  id: 'consultationConfirmed',
  context: ({ input }) => ({ query: input.query, booking: null, priority: '', notes: '' }),
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        id: 'readBooking',
        src: 'readBooking',
        input: ({ context }) => ({ query: context.query }),
        onDone: [
          {
            guard: { type: 'hasBooking', params: ({ event }) => ({ booking: event.output }) },
            target: 'found',
            actions: { type: 'storeBooking', params: ({ event }) => ({ booking: event.output }) },
          },
          { target: 'notFound' },
        ],
        onError: 'notFound',
      },
    },
    notFound: {},
    found: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'user.choosePriority': {
              actions: {
                type: 'storePriority',
                params: ({ event }) => ({ priority: event.priority }),
              },
            },
            'user.changeNotes': {
              actions: { type: 'storeNotes', params: ({ event }) => ({ value: event.value }) },
            },
            'user.submitSurvey': 'sending',
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'sendSurvey',
            src: 'sendSurvey',
            input: ({ context }) => ({
              priority: context.priority,
              notes: context.notes.trim(),
              bookingId: context.booking?.id ?? null,
            }),
            // Thanked either way: the survey never blocks or scolds the visitor (SPEC 5, 7).
            onDone: 'thanked',
            onError: 'thanked',
          },
        },
        thanked: {},
      },
    },
  },
});
