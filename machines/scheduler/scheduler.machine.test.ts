// The consultation scheduler: every transition of its chart (model-based). The model is
// tests/paths/models/scheduler.ts, the one `npm run paths -- scheduler` prints.

import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { controlledCalls } from '#tests/helpers/controlled-promise.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import type { CreateBookingResult, LoadSlotsResult } from './scheduler.actors.ts';
import { schedulerMachine } from './scheduler.machine.ts';
import {
  selectAlert,
  selectAlternatives,
  selectDaySlots,
  selectDays,
  selectIsBusy,
} from './scheduler.selectors.ts';
import {
  BOOKING,
  type BookingInput,
  INPUT,
  model,
  type ModelEvent,
  SLOTS,
} from '#tests/paths/models/scheduler.ts';

function start() {
  const fake = controlledCalls();
  const calls = {
    announced: 0,
    shown: 0,
    get loads() {
      return fake.inputsOf('loadSlots') as Array<{ from: string; days: number }>;
    },
  };
  const actor = createActor(
    schedulerMachine.provide({
      actors: {
        loadSlots: fake.logic<LoadSlotsResult, { from: string; days: number }>('loadSlots'),
        createBooking: fake.logic<CreateBookingResult, BookingInput>('createBooking'),
      },
      actions: {
        announceBooking: () => void (calls.announced += 1),
        showConfirmation: () => void (calls.shown += 1),
      },
    }),
    { input: INPUT },
  ).start();
  const driver = {
    'user.selectDay': (e) => void actor.send(e),
    'user.selectSlot': (e) => void actor.send(e),
    'user.changeName': (e) => void actor.send(e),
    'user.changeEmail': (e) => void actor.send(e),
    'user.confirm': (e) => void actor.send(e),
    'user.retry': (e) => void actor.send(e),
    ...fake.answersFor('loadSlots', 'createBooking'),
  } satisfies Driver<ModelEvent>;
  return { driver, calls, getSnapshot: () => actor.getSnapshot(), stop: () => void actor.stop() };
}

describe('scheduler machine (model-based)', () => {
  const coverage = model.createCoverage();
  it('reaches every leaf state', () => expect(model.unreachableLeafStates()).toEqual([]));
  for (const path of model.coveringPaths({ maxSteps: 80 })) {
    it(path.description, () =>
      model.walk(path, {
        start,
        coverage,
        assertState: (snapshot, session) => {
          const busy = selectIsBusy(snapshot);
          expect(busy).toBe(
            snapshot.matches('loading') ||
              snapshot.matches('booking') ||
              snapshot.matches('refreshing'),
          );
          // A chosen start is always one the server offered.
          if (snapshot.context.start)
            expect(snapshot.context.slots.map((s) => s.start)).toContain(snapshot.context.start);
          // The chosen day always has slots once loaded.
          if (snapshot.matches('ready') && snapshot.context.day)
            expect(selectDays(snapshot)).toContain(snapshot.context.day);
          expect(
            selectDaySlots(snapshot).every((s) => s.start.startsWith(snapshot.context.day ?? '-')),
          ).toBe(true);
          const alert = selectAlert(snapshot);
          expect(alert === 'scheduler.alert.slotTaken').toBe(snapshot.matches({ ready: 'taken' }));
          if (snapshot.matches({ ready: 'taken' })) {
            expect(snapshot.context.takenStart).not.toBeNull();
            expect(selectAlternatives(snapshot).length).toBeGreaterThan(0);
          }
          // Announced and shown exactly once, on arrival in `booked`.
          const booked = snapshot.matches('booked');
          expect(session.calls.announced).toBe(booked ? 1 : 0);
          expect(session.calls.shown).toBe(booked ? 1 : 0);
          if (booked) expect(snapshot.context.booking).toEqual(BOOKING);
          for (const load of session.calls.loads)
            expect(load).toEqual({ from: '2025-01-06', days: 31 });
        },
      }),
    );
  }
  it('takes every transition', () => coverage.assertComplete());
});

describe('scheduler journeys', () => {
  it('books, and after a 409 offers the nearest free slots', async () => {
    const session = start();
    const { driver } = session;
    await driver['xstate.done.actor.loadSlots']({
      type: 'xstate.done.actor.loadSlots',
      output: { ok: true, slots: SLOTS },
    });
    expect(session.getSnapshot().context.day).toBe('2025-01-08');
    driver['user.confirm']({ type: 'user.confirm' });
    expect(session.getSnapshot().matches({ ready: 'invalid' })).toBe(true);
    expect(session.getSnapshot().context.fieldErrors).toEqual({
      email: 'form.validation.required',
      start: 'scheduler.validation.chooseTime',
    });
    driver['user.changeEmail']({ type: 'user.changeEmail', value: 'anne@example.nl' });
    driver['user.selectSlot']({ type: 'user.selectSlot', start: SLOTS[1]!.start });
    driver['user.confirm']({ type: 'user.confirm' });
    expect(session.getSnapshot().matches('booking')).toBe(true);
    // A second click while booking is not accepted.
    driver['user.confirm']({ type: 'user.confirm' });
    await driver['xstate.done.actor.createBooking']({
      type: 'xstate.done.actor.createBooking',
      output: { ok: false, reason: 'slotTaken' },
    });
    expect(session.getSnapshot().matches('refreshing')).toBe(true);
    await driver['xstate.done.actor.loadSlots']({
      type: 'xstate.done.actor.loadSlots',
      output: { ok: true, slots: [SLOTS[0]!, SLOTS[2]!] },
    });
    const snapshot = session.getSnapshot();
    expect(snapshot.matches({ ready: 'taken' })).toBe(true);
    expect(selectAlternatives(snapshot).map((s) => s.start)).toEqual([
      SLOTS[0]!.start,
      SLOTS[2]!.start,
    ]);
    driver['user.selectSlot']({ type: 'user.selectSlot', start: SLOTS[0]!.start });
    driver['user.confirm']({ type: 'user.confirm' });
    await driver['xstate.done.actor.createBooking']({
      type: 'xstate.done.actor.createBooking',
      output: { ok: true, booking: BOOKING },
    });
    expect(session.getSnapshot().status).toBe('done');
    expect(session.calls).toMatchObject({ announced: 1, shown: 1 });
    session.stop();
  });

  it('ignores a start the server did not offer', async () => {
    const session = start();
    await session.driver['xstate.done.actor.loadSlots']({
      type: 'xstate.done.actor.loadSlots',
      output: { ok: true, slots: SLOTS },
    });
    session.driver['user.selectSlot']({
      type: 'user.selectSlot',
      start: '2025-01-08T03:00:00.000Z',
    });
    expect(session.getSnapshot().context.start).toBeNull();
    session.stop();
  });
});
