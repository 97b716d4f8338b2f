import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { controlledCalls } from '#tests/helpers/controlled-promise.ts';
import { createModel, type Driver, type EventSamples } from '#tests/helpers/model-testing.ts';
import type { ApiResult } from '../shared/api-client.ts';
import { bookingManageMachine, type BookingManageEvent } from './booking-manage.machine.ts';

type Result = ApiResult<unknown>;
type ActorName = 'load' | 'loadSlots' | 'reloadSlots' | 'move' | 'cancel';
type ModelEvent =
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

const booking = {
  id: 'b1',
  title: 'Call',
  startTime: '2025-01-08T08:00:00.000Z',
  endTime: '2025-01-08T08:30:00.000Z',
  timeZone: 'Europe/Amsterdam',
  videoCallUrl: 'https://meet.jit.si/x',
  status: 'booked' as const,
};
const okOf = (data: unknown): Result => ({ ok: true, status: 200, data, headers: new Headers() });
const outputs: Record<Exclude<ActorName, 'reloadSlots'>, Result[]> = {
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

const samples = {
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

const input = { token: 't'.repeat(43), lang: 'en' as const, today: '2025-01-06' };

/** The model: each invoked actor answers through a `fake.*` event while it runs. */
// Cast: each actor has its own input type; these fakes never read it.
const never = () => fromPromise<Result, unknown>(() => new Promise(() => {})) as never;
const modelMachine = bookingManageMachine.provide({
  actors: { load: never(), loadSlots: never(), move: never(), cancel: never() },
});

const model = createModel<typeof modelMachine, ModelEvent>({
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
});

function start() {
  const fake = controlledCalls();
  const actor = createActor(
    bookingManageMachine.provide({
      // Cast: each actor has its own input type; these fakes never read it.
      actors: {
        load: fake.logic<Result>('load') as never,
        loadSlots: fake.logic<Result>('loadSlots') as never,
        move: fake.logic<Result>('move') as never,
        cancel: fake.logic<Result>('cancel') as never,
      },
    }),
    { input },
  ).start();
  const driver = {
    'user.retry': (e) => void actor.send(e),
    'user.move': (e) => void actor.send(e),
    'user.chooseDay': (e) => void actor.send(e),
    'user.choose': (e) => void actor.send(e),
    'user.confirmMove': (e) => void actor.send(e),
    'user.cancel': (e) => void actor.send(e),
    'user.confirmCancel': (e) => void actor.send(e),
    'user.back': (e) => void actor.send(e),
    ...fake.answersFor('load', 'loadSlots', 'move', 'cancel'),
    // The slots read again after a taken slot come from the same call.
    'xstate.done.actor.reloadSlots': (e) => fake.answer('loadSlots', e.output),
  } satisfies Driver<ModelEvent>;
  return { driver, getSnapshot: () => actor.getSnapshot(), stop: () => void actor.stop() };
}

describe('booking manage (model-based)', () => {
  it('reaches every leaf state', () => expect(model.unreachableLeafStates()).toEqual([]));
  const coverage = model.createCoverage();
  for (const path of model.coveringPaths({ maxSteps: 40 })) {
    it(path.description, () =>
      model.walk(path, {
        start,
        coverage,
        assertState: (snapshot) => {
          if (snapshot.matches('booked')) expect(snapshot.context.booking?.id).toBe('b1');
          // Slots read: a day with free times is shown (the first, or the one chosen).
          if (snapshot.context.slots.length > 0)
            expect(['2025-01-09', '2025-01-10']).toContain(snapshot.context.day);
          if (snapshot.matches({ booked: 'moved' }))
            expect(snapshot.context.booking?.startTime).toBe('2025-01-09T08:00:00.000Z');
          if (snapshot.matches('cancelled') || snapshot.matches('notFound'))
            expect(snapshot.children).toEqual({});
        },
      }),
    );
  }
  it('takes every transition', () => coverage.assertComplete());
});

describe('booking manage: days', () => {
  it('shows the first day with free times, another on request, and lets a time on the old day go', async () => {
    const { driver, getSnapshot, stop } = start();
    await driver['xstate.done.actor.load']({
      type: 'xstate.done.actor.load',
      output: outputs.load[0]!,
    });
    driver['user.move']({ type: 'user.move' });
    const slots = outputs.loadSlots[0]!;
    await driver['xstate.done.actor.loadSlots']({
      type: 'xstate.done.actor.loadSlots',
      output: slots,
    });
    expect(getSnapshot().context.day).toBe('2025-01-09');
    driver['user.choose']({ type: 'user.choose', start: '2025-01-09T08:00:00.000Z' });
    // A day without free times is refused: the day and the chosen time stay.
    driver['user.chooseDay']({ type: 'user.chooseDay', day: '2025-02-01' });
    expect(getSnapshot().context).toMatchObject({
      day: '2025-01-09',
      chosen: '2025-01-09T08:00:00.000Z',
    });
    driver['user.chooseDay']({ type: 'user.chooseDay', day: '2025-01-10' });
    expect(getSnapshot().context).toMatchObject({ day: '2025-01-10', chosen: null });
    stop();
  });
});
