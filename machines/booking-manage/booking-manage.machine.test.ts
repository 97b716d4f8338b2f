// The booking page (move or cancel a consultation): every transition of its chart (model-based).
// The model is tests/paths/models/booking-manage.ts, the one `npm run paths -- bookingManage`
// prints.

import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { controlledCalls } from '#tests/helpers/controlled-promise.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { bookingManageMachine } from './booking-manage.machine.ts';
import {
  input,
  model,
  type ModelEvent,
  outputs,
  type Result,
} from '#tests/paths/models/booking-manage.ts';

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
