import { assign, fromPromise, setup } from 'xstate';
import { dayWithSlots, MAX_SLOT_QUERY_DAYS } from '#domain/bookings.ts';
import { bookingRequestSchema } from '#domain/consultation.schema.ts';
import { fieldErrorsOf } from '../shared/form-action.machine.ts';
import {
  announceBooking,
  fetchSlots,
  postBooking,
  type CreateBookingResult,
  type LoadSlotsResult,
} from './scheduler.actors.ts';
import type { SchedulerContext, SchedulerEvent, SchedulerInput } from './scheduler.types.ts';

function formErrors(context: SchedulerContext): SchedulerContext['fieldErrors'] {
  const errors: SchedulerContext['fieldErrors'] = fieldErrorsOf(bookingRequestSchema, {
    name: context.name,
    email: context.email,
    start: context.start ?? '',
  });
  if (errors.start) errors.start = 'scheduler.validation.chooseTime';
  return errors;
}

/**
 * Our own consultation scheduler (SPEC 2 "/schedule-consultation", issue 7). Lifecycle phases:
 * `loading` the free slots, `ready` to choose (children: `choosing` at rest, `invalid` after a
 * refused confirm, `taken` when the chosen slot went to someone else meanwhile and the nearest
 * free ones are offered, `bookFailed` after an unexpected failure), `booking` while the server
 * decides, `refreshing` the slots after a 409, and the final `booked`. A confirm is accepted only
 * in `ready`, so a double click cannot post two bookings. The server, not this chart, decides
 * whether the slot is still free.
 */
export const schedulerMachine = setup({
  types: {
    input: {} as SchedulerInput,
    context: {} as SchedulerContext,
    events: {} as SchedulerEvent,
  },
  actors: {
    loadSlots: fromPromise<LoadSlotsResult, { from: string; days: number }>(({ input }) =>
      fetchSlots(input),
    ),
    createBooking: fromPromise<
      CreateBookingResult,
      { name: string; email: string; start: string; lang: SchedulerContext['lang'] }
    >(({ input }) => postBooking(input)),
  },
  guards: {
    isLoaded: (_, params: { result: LoadSlotsResult }) => params.result.ok,
    isFormValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
    isBooked: (_, params: { result: CreateBookingResult }) => params.result.ok,
    isSlotTaken: (_, params: { result: CreateBookingResult }) =>
      !params.result.ok && params.result.reason === 'slotTaken',
    isOfferedSlot: ({ context }, params: { start: string }) =>
      context.slots.some((s) => s.start === params.start),
  },
  actions: {
    storeSlots: assign(({ context }, params: { result: LoadSlotsResult }) => {
      if (!params.result.ok) return {};
      const slots = params.result.slots;
      return { slots, day: dayWithSlots(slots, context.day) };
    }),
    /** After a 409 with no fresh list: at least stop offering the slot that was taken. */
    dropTakenSlot: assign(({ context }) => {
      const slots = context.slots.filter((s) => s.start !== context.takenStart);
      return { slots, day: dayWithSlots(slots, context.day) };
    }),
    storeDay: assign((_, params: { day: string }) => ({ day: params.day })),
    storeSlot: assign(({ context }, params: { start: string }) => ({
      start: params.start,
      takenStart: null,
      fieldErrors: { ...context.fieldErrors, start: undefined },
    })),
    storeName: assign((_, params: { value: string }) => ({ name: params.value })),
    storeEmail: assign((_, params: { value: string }) => ({ email: params.value })),
    storeFieldErrors: assign(({ context }) => ({ fieldErrors: formErrors(context) })),
    storeServerFieldErrors: assign((_, params: { result: CreateBookingResult }) => {
      if (params.result.ok || !params.result.fields) return {};
      const errors: SchedulerContext['fieldErrors'] = {};
      for (const key of ['name', 'email', 'start'] as const)
        if (params.result.fields[key]) errors[key] = params.result.fields[key];
      return { fieldErrors: errors };
    }),
    clearFieldErrors: assign({ fieldErrors: {} }),
    /** The taken start is remembered for the notice, and forgotten as the chosen one. */
    markTaken: assign(({ context }) => ({ takenStart: context.start, start: null })),
    storeBooking: assign((_, params: { result: CreateBookingResult }) => ({
      booking: params.result.ok ? params.result.booking : null,
    })),
    /** sessionStorage + postMessage to a same-origin parent; replaced in tests. */
    announceBooking: ({ context }) => {
      if (context.booking) announceBooking(context.booking);
    },
    /** Replaced by the page: leave for the confirmation page (unless embedded); a no-op here. */
    showConfirmation: () => {},
  },
}).createMachine({
  id: 'scheduler',
  context: ({ input }) => ({
    name: input.name ?? '',
    email: input.email ?? '',
    lang: input.lang,
    from: input.from,
    slots: [],
    day: null,
    start: null,
    takenStart: null,
    fieldErrors: {},
    booking: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSlots',
        src: 'loadSlots',
        input: ({ context }) => ({ from: context.from, days: MAX_SLOT_QUERY_DAYS }),
        onDone: [
          {
            guard: { type: 'isLoaded', params: ({ event }) => ({ result: event.output }) },
            target: 'ready',
            actions: { type: 'storeSlots', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'loadFailed' },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { 'user.retry': 'loading' },
    },
    ready: {
      initial: 'choosing',
      on: {
        'user.selectDay': {
          target: '.choosing',
          actions: { type: 'storeDay', params: ({ event }) => ({ day: event.day }) },
        },
        'user.selectSlot': {
          // Only a start the server offered; anything else is ignored.
          guard: { type: 'isOfferedSlot', params: ({ event }) => ({ start: event.start }) },
          target: '.choosing',
          actions: { type: 'storeSlot', params: ({ event }) => ({ start: event.start }) },
        },
        'user.changeName': {
          actions: { type: 'storeName', params: ({ event }) => ({ value: event.value }) },
        },
        'user.changeEmail': {
          actions: { type: 'storeEmail', params: ({ event }) => ({ value: event.value }) },
        },
        'user.confirm': [
          { guard: 'isFormValid', target: 'booking', actions: 'clearFieldErrors' },
          { target: '.invalid', actions: 'storeFieldErrors' },
        ],
      },
      states: {
        choosing: {},
        invalid: {},
        taken: {},
        bookFailed: {},
      },
    },
    booking: {
      tags: ['busy'],
      invoke: {
        id: 'createBooking',
        src: 'createBooking',
        input: ({ context }) => ({
          name: context.name.trim(),
          email: context.email.trim(),
          start: context.start ?? '',
          lang: context.lang,
        }),
        onDone: [
          {
            guard: { type: 'isBooked', params: ({ event }) => ({ result: event.output }) },
            target: 'booked',
            actions: { type: 'storeBooking', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'isSlotTaken', params: ({ event }) => ({ result: event.output }) },
            target: 'refreshing',
            actions: 'markTaken',
          },
          {
            target: 'ready.invalid',
            guard: ({ event }) => !event.output.ok && event.output.reason === 'invalid',
            actions: {
              type: 'storeServerFieldErrors',
              params: ({ event }) => ({ result: event.output }),
            },
          },
          { target: 'ready.bookFailed' },
        ],
        onError: 'ready.bookFailed',
      },
    },
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'loadSlots',
        src: 'loadSlots',
        input: ({ context }) => ({ from: context.from, days: MAX_SLOT_QUERY_DAYS }),
        onDone: [
          {
            guard: { type: 'isLoaded', params: ({ event }) => ({ result: event.output }) },
            target: 'ready.taken',
            actions: { type: 'storeSlots', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'ready.taken', actions: 'dropTakenSlot' },
        ],
        onError: { target: 'ready.taken', actions: 'dropTakenSlot' },
      },
    },
    booked: {
      type: 'final',
      // Announced first, so the confirmation page finds the booking in sessionStorage.
      entry: ['announceBooking', 'showConfirmation'],
    },
  },
});
