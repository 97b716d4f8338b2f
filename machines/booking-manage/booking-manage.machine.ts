import { assign, fromPromise, setup } from 'xstate';
import type { ManagedBooking } from '#domain/account.schema.ts';
import { dayWithSlots, slotDays, type Slot } from '#domain/bookings.ts';
import type { Lang } from '#domain/language.ts';
import { bookingCalls } from '../shared/bookings.ts';
import type { ApiResult } from '../shared/api-client.ts';
import { callResult } from '../shared/call-result.ts';

export interface BookingManageInput {
  token: string;
  lang: Lang;
  /** today in Amsterdam, where the slot list starts */
  today: string;
}

export interface BookingManageContext extends BookingManageInput {
  booking: ManagedBooking | null;
  slots: Slot[];
  /** the day whose free times are shown (Amsterdam calendar day) */
  day: string | null;
  chosen: string | null;
}

export type BookingManageEvent =
  | { type: 'user.retry' }
  | { type: 'user.move' }
  | { type: 'user.chooseDay'; day: string }
  | { type: 'user.choose'; start: string }
  | { type: 'user.confirmMove' }
  | { type: 'user.cancel' }
  | { type: 'user.confirmCancel' }
  | { type: 'user.back' };

type Result = ApiResult<unknown>;

/** The booking at rest: move it or cancel it. */
const moveOrCancel = { 'user.move': 'choosing', 'user.cancel': 'confirmingCancel' } as const;
/** Asked to confirm the cancellation (again, after a failure). */
const confirmCancelOrBack = { 'user.confirmCancel': 'cancelling', 'user.back': 'idle' } as const;
/** The free slots are read from today on. */
const slotsFrom = ({ context }: { context: BookingManageContext }) => ({
  from: context.today,
  lang: context.lang,
});

/**
 * A visitor's own booking page (/consultation/manage?token=). `loading` reads the booking by its
 * token: unknown or wrong tokens end in `notFound`, a cancelled one in `cancelled`. In `booked`
 * the visitor either moves the call (`choosing` loads the free slots of the next 31 days and shows
 * the first day's, `user.chooseDay` shows another day's, `user.choose` picks one,
 * `moving` sends it: a slot taken meanwhile comes back to `choosing.taken` with fresh slots) or
 * cancels it (`confirmingCancel`, then `cancelling`). Every send is accepted only from its
 * confirming state, so a double click cannot move or cancel twice.
 */
export const bookingManageMachine = setup({
  types: {
    input: {} as BookingManageInput,
    context: {} as BookingManageContext,
    events: {} as BookingManageEvent,
  },
  actors: {
    load: fromPromise<Result, { token: string; lang: Lang }>(({ input }) =>
      bookingCalls.loadManagedBooking(input.token, input.lang),
    ),
    loadSlots: fromPromise<Result, { from: string; lang: Lang }>(({ input }) =>
      bookingCalls.loadSlots(input.from, input.lang),
    ),
    move: fromPromise<Result, { id: string; token: string; start: string; lang: Lang }>(
      ({ input }) => bookingCalls.rescheduleBooking({ ...input }),
    ),
    cancel: fromPromise<Result, { id: string; token: string; lang: Lang }>(({ input }) =>
      bookingCalls.cancelBooking({ ...input }),
    ),
  },
  guards: {
    isOk: (_, params: { result: Result }) => params.result.ok,
    isCancelledBooking: (_, params: { result: Result }) =>
      params.result.ok &&
      (params.result.data as { booking: ManagedBooking }).booking.status === 'cancelled',
    isNotFound: (_, params: { result: Result }) =>
      !params.result.ok && (params.result.status === 404 || params.result.status === 400),
    isSlotTaken: (_, params: { result: Result }) =>
      !params.result.ok && params.result.code === 'SLOT_TAKEN',
    isAlreadyCancelled: (_, params: { result: Result }) =>
      !params.result.ok && params.result.code === 'ALREADY_CANCELLED',
    hasChosen: ({ context }) => context.chosen !== null,
    isOfferedDay: ({ context }, params: { day: string }) =>
      slotDays(context.slots).includes(params.day),
  },
  actions: {
    storeBooking: assign((_, params: { result: Result }) =>
      params.result.ok
        ? { booking: (params.result.data as { booking: ManagedBooking }).booking }
        : {},
    ),
    storeMoved: assign(({ context }, params: { result: Result }) => {
      if (!params.result.ok || !context.booking) return {};
      const moved = (params.result.data as { booking: { startTime: string; endTime: string } })
        .booking;
      return {
        booking: { ...context.booking, startTime: moved.startTime, endTime: moved.endTime },
        chosen: null,
      };
    }),
    storeSlots: assign(({ context }, params: { result: Result }) => {
      const slots = params.result.ok ? (params.result.data as { slots: Slot[] }).slots : [];
      return { slots, day: dayWithSlots(slots, context.day) };
    }),
    /** Another day: its times are shown, and a time chosen on the day before is let go. */
    storeDay: assign((_, params: { day: string }) => ({ day: params.day, chosen: null })),
    storeChoice: assign((_, params: { start: string }) => ({ chosen: params.start })),
    clearChoice: assign({ chosen: null }),
  },
}).createMachine({
  id: 'bookingManage',
  context: ({ input }) => ({ ...input, booking: null, slots: [], day: null, chosen: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ token: context.token, lang: context.lang }),
        onDone: [
          {
            guard: { type: 'isCancelledBooking', params: callResult },
            target: 'cancelled',
            actions: { type: 'storeBooking', params: callResult },
          },
          {
            guard: { type: 'isOk', params: callResult },
            target: 'booked',
            actions: { type: 'storeBooking', params: callResult },
          },
          {
            guard: { type: 'isNotFound', params: callResult },
            target: 'notFound',
          },
          { target: 'failed' },
        ],
        onError: 'failed',
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    notFound: {},
    booked: {
      initial: 'idle',
      states: {
        idle: { on: moveOrCancel },
        moved: { on: moveOrCancel },
        choosing: {
          initial: 'loadingSlots',
          states: {
            loadingSlots: {
              invoke: {
                id: 'loadSlots',
                src: 'loadSlots',
                input: slotsFrom,
                onDone: [
                  {
                    guard: { type: 'isOk', params: callResult },
                    target: 'picking',
                    actions: { type: 'storeSlots', params: callResult },
                  },
                  { target: 'slotsFailed' },
                ],
                onError: 'slotsFailed',
              },
            },
            slotsFailed: { on: { 'user.retry': 'loadingSlots' } },
            picking: {},
            taken: {
              // The slot went to someone else meanwhile: the list is read again.
              invoke: {
                id: 'reloadSlots',
                src: 'loadSlots',
                input: slotsFrom,
                onDone: {
                  actions: { type: 'storeSlots', params: callResult },
                },
              },
            },
            moveFailed: {},
          },
          on: {
            'user.back': { target: 'idle', actions: 'clearChoice' },
            'user.chooseDay': {
              guard: { type: 'isOfferedDay', params: ({ event }) => ({ day: event.day }) },
              actions: { type: 'storeDay', params: ({ event }) => ({ day: event.day }) },
            },
            'user.choose': {
              actions: { type: 'storeChoice', params: ({ event }) => ({ start: event.start }) },
            },
            'user.confirmMove': { guard: 'hasChosen', target: 'moving' },
          },
        },
        moving: {
          tags: ['busy'],
          invoke: {
            id: 'move',
            src: 'move',
            input: ({ context }) => ({
              id: context.booking!.id,
              token: context.token,
              start: context.chosen!,
              lang: context.lang,
            }),
            onDone: [
              {
                guard: { type: 'isOk', params: callResult },
                target: 'moved',
                actions: { type: 'storeMoved', params: callResult },
              },
              {
                guard: { type: 'isSlotTaken', params: callResult },
                // Fresh slots, and the visitor's old time stays theirs.
                target: 'choosing.taken',
                actions: 'clearChoice',
              },
              {
                guard: { type: 'isAlreadyCancelled', params: callResult },
                target: '#bookingManage.cancelled',
              },
              { target: 'choosing.moveFailed' },
            ],
            onError: 'choosing.moveFailed',
          },
        },
        confirmingCancel: { on: confirmCancelOrBack },
        cancelFailed: { on: confirmCancelOrBack },
        cancelling: {
          tags: ['busy'],
          invoke: {
            id: 'cancel',
            src: 'cancel',
            input: ({ context }) => ({
              id: context.booking!.id,
              token: context.token,
              lang: context.lang,
            }),
            onDone: [
              {
                guard: { type: 'isOk', params: callResult },
                target: '#bookingManage.cancelled',
              },
              { target: 'cancelFailed' },
            ],
            onError: 'cancelFailed',
          },
        },
      },
    },
    cancelled: {},
  },
});
