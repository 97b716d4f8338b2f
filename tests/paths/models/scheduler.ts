// The consultation scheduler's model: what machines/scheduler/scheduler.machine.test.ts walks and
// what `npm run paths -- scheduler` prints; one definition for both.

import { fromPromise } from 'xstate';
import type { Booking, Slot } from '#domain/bookings.ts';
import type { CreateBookingResult, LoadSlotsResult } from '#machines/scheduler/scheduler.actors.ts';
import { schedulerMachine } from '#machines/scheduler/scheduler.machine.ts';
import type { SchedulerEvent } from '#machines/scheduler/scheduler.types.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export const slot = (start: string): Slot => ({
  start,
  end: new Date(new Date(start).getTime() + 30 * 60_000).toISOString(),
});
export const SLOTS = [
  slot('2025-01-08T09:00:00.000Z'),
  slot('2025-01-08T09:30:00.000Z'),
  slot('2025-01-09T09:00:00.000Z'),
];
export const BOOKING: Booking = {
  id: '6f1c0a5e-2d1b-4f7e-9a63-1f1f0c2b9e11',
  title: 'Free 30-minute consultation',
  description: 'Discovery call',
  startTime: SLOTS[0]!.start,
  endTime: SLOTS[0]!.end,
  timeZone: 'Europe/Amsterdam',
  videoCallUrl: 'https://meet.jit.si/abc',
};

export type ModelEvent =
  | SchedulerEvent
  | { type: 'xstate.done.actor.loadSlots'; output: LoadSlotsResult }
  | { type: 'xstate.error.actor.loadSlots'; error: string }
  | { type: 'xstate.done.actor.createBooking'; output: CreateBookingResult }
  | { type: 'xstate.error.actor.createBooking'; error: string };

export const samples = {
  'user.selectDay': [{ day: '2025-01-09' }],
  'user.selectSlot': [{ start: SLOTS[0]!.start }],
  'user.changeName': [{ value: '' }],
  'user.changeEmail': [{ value: 'anne@example.nl' }],
  'user.confirm': [{}],
  'user.retry': [{}],
  'xstate.done.actor.loadSlots': [
    { output: { ok: true, slots: SLOTS } },
    { output: { ok: false } },
  ],
  'xstate.error.actor.loadSlots': [{ error: 'network' }],
  'xstate.done.actor.createBooking': [
    { output: { ok: true, booking: BOOKING } },
    { output: { ok: false, reason: 'slotTaken' } },
    {
      output: {
        ok: false,
        reason: 'invalid',
        fields: { start: 'scheduler.validation.outsideWindow' },
      },
    },
    { output: { ok: false, reason: 'failed' } },
  ],
  'xstate.error.actor.createBooking': [{ error: 'network' }],
} satisfies EventSamples<ModelEvent>;

export type BookingInput = { name: string; email: string; start: string; lang: 'nl' | 'en' };

export const INPUT = { lang: 'en' as const, from: '2025-01-06', name: 'Anne' };

export const never = <T>() => new Promise<T>(() => {});
export const fake = schedulerMachine.provide({
  actors: {
    loadSlots: fromPromise<LoadSlotsResult, { from: string; days: number }>(() => never()),
    createBooking: fromPromise<CreateBookingResult, BookingInput>(() => never()),
  },
  actions: { announceBooking: () => {}, showConfirmation: () => {} },
});

export const model = createModel<typeof fake, ModelEvent>({
  machine: fake,
  input: INPUT,
  events: samples,
  // What transitions depend on; the rest is asserted per state.
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      name: s.context.name,
      email: s.context.email,
      day: s.context.day,
      start: s.context.start,
      taken: s.context.takenStart,
      errors: Object.keys(s.context.fieldErrors)
        .filter((k) => s.context.fieldErrors[k as 'name'])
        .sort(),
      slots: s.context.slots.length,
    }),
  limit: 20000,
  // The paths its test walks (`coveringPaths({ maxSteps: 80 })`).
  maxSteps: 80,
});

export const spec = {
  machine: schedulerMachine,
  model,
  test: 'machines/scheduler/scheduler.machine.test.ts',
} as unknown as ModelSpec;
