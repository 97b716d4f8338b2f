// The booking page's model (move or cancel a consultation): what
// machines/booking-manage/booking-manage.machine.test.ts walks and what
// `npm run paths -- bookingManage` prints; one definition for both.

import { fromPromise } from 'xstate';
import {
  bookingManageMachine,
  type BookingManageEvent,
} from '#machines/booking-manage/booking-manage.machine.ts';
import type { ApiResult } from '#machines/shared/api-client.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type Result = ApiResult<unknown>;
export type ActorName = 'load' | 'loadSlots' | 'reloadSlots' | 'move' | 'cancel';
export type ModelEvent =
  | BookingManageEvent
  | { type: 'xstate.done.actor.load'; output: Result }
  | { type: 'xstate.done.actor.loadSlots'; output: Result }
  | { type: 'xstate.done.actor.reloadSlots'; output: Result }
  | { type: 'xstate.done.actor.move'; output: Result }
  | { type: 'xstate.done.actor.cancel'; output: Result }
  | { type: 'xstate.error.actor.load'; error: string }
  | { type: 'xstate.error.actor.loadSlots'; error: string }
  | { type: 'xstate.error.actor.move'; error: string }
  | { type: 'xstate.error.actor.cancel'; error: string };

export const booking = {
  id: 'b1',
  title: 'Call',
  startTime: '2025-01-08T08:00:00.000Z',
  endTime: '2025-01-08T08:30:00.000Z',
  timeZone: 'Europe/Amsterdam',
  videoCallUrl: 'https://meet.jit.si/x',
  status: 'booked' as const,
};
export const okOf = (data: unknown): Result => ({
  ok: true,
  status: 200,
  data,
  headers: new Headers(),
});
export const outputs: Record<Exclude<ActorName, 'reloadSlots'>, Result[]> = {
  load: [
    okOf({ booking }),
    okOf({ booking: { ...booking, status: 'cancelled' } }),
    { ok: false, status: 404, code: 'NOT_FOUND' },
    { ok: false, status: 0, code: 'NETWORK' },
  ],
  loadSlots: [
    okOf({
      timeZone: 'Europe/Amsterdam',
      slots: [
        { start: '2025-01-09T08:00:00.000Z', end: '2025-01-09T08:30:00.000Z' },
        { start: '2025-01-10T09:00:00.000Z', end: '2025-01-10T09:30:00.000Z' },
      ],
    }),
    { ok: false, status: 0, code: 'NETWORK' },
  ],
  move: [
    okOf({
      booking: {
        ...booking,
        startTime: '2025-01-09T08:00:00.000Z',
        endTime: '2025-01-09T08:30:00.000Z',
      },
    }),
    { ok: false, status: 409, code: 'SLOT_TAKEN' },
    { ok: false, status: 409, code: 'ALREADY_CANCELLED' },
    { ok: false, status: 0, code: 'NETWORK' },
  ],
  cancel: [okOf({ ok: true }), { ok: false, status: 0, code: 'NETWORK' }],
};

export const samples = {
  'user.retry': [{}],
  'user.move': [{}],
  // A day with free times, and one without (refused).
  'user.chooseDay': [{ day: '2025-01-10' }, { day: '2025-02-01' }],
  'user.choose': [{ start: '2025-01-09T08:00:00.000Z' }],
  'user.confirmMove': [{}],
  'user.cancel': [{}],
  'user.confirmCancel': [{}],
  'user.back': [{}],
  'xstate.done.actor.load': outputs.load.map((output) => ({ output })),
  'xstate.done.actor.loadSlots': outputs.loadSlots.map((output) => ({ output })),
  'xstate.done.actor.reloadSlots': outputs.loadSlots.slice(0, 1).map((output) => ({ output })),
  'xstate.done.actor.move': outputs.move.map((output) => ({ output })),
  'xstate.done.actor.cancel': outputs.cancel.map((output) => ({ output })),
  'xstate.error.actor.load': [{ error: 'boom' }],
  'xstate.error.actor.loadSlots': [{ error: 'boom' }],
  'xstate.error.actor.move': [{ error: 'boom' }],
  'xstate.error.actor.cancel': [{ error: 'boom' }],
} satisfies EventSamples<ModelEvent>;

export const input = { token: 't'.repeat(43), lang: 'en' as const, today: '2025-01-06' };

/** The model: each invoked actor answers through a `fake.*` event while it runs. */
// Cast: each actor has its own input type; these fakes never read it.
export const never = () => fromPromise<Result, unknown>(() => new Promise(() => {})) as never;
export const modelMachine = bookingManageMachine.provide({
  actors: { load: never(), loadSlots: never(), move: never(), cancel: never() },
});

export const model = createModel<typeof modelMachine, ModelEvent>({
  machine: modelMachine,
  input,
  events: samples,
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      chosen: s.context.chosen,
      day: s.context.day,
      slots: s.context.slots.length,
    }),
  // The paths its test walks (`coveringPaths({ maxSteps: 40 })`).
  maxSteps: 40,
});

export const spec = {
  machine: bookingManageMachine,
  model,
  test: 'machines/booking-manage/booking-manage.machine.test.ts',
} as unknown as ModelSpec;
