// Dutch address completion: every transition of its chart (model-based), with the look-up
// answered by a controlled fake. Which inputs start a look-up, and what is filled, by hand. The
// model is tests/paths/models/address-lookup.ts, the one `npm run paths -- addressLookup` prints.

import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { controlledPromise, flushMicrotasks } from '#tests/helpers/controlled-promise.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { type Input, LOOKUPS, model, type ModelEvent } from '#tests/paths/models/address-lookup.ts';
import { addressLookupMachine } from './address-lookup.machine.ts';
import type { FoundAddress } from './checkout.actors.ts';

function start() {
  const lookup = controlledPromise<FoundAddress | null, Input>();
  const filled: FoundAddress[] = [];
  const actor = createActor(
    addressLookupMachine.provide({
      actors: { fetchAddress: lookup.logic },
      actions: { fillAddress: (_, { found }) => void filled.push(found) },
    }),
  ).start();
  const driver = {
    'user.lookupAddress': (e) => void actor.send(e),
    'xstate.done.actor.fetchAddress': async (e) => {
      lookup.resolve(e.output);
      await flushMicrotasks();
    },
    'xstate.error.actor.fetchAddress': async (e) => {
      lookup.reject(new Error(e.error));
      await flushMicrotasks();
    },
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    asked: lookup.inputs,
    filled,
    getSnapshot: () => actor.getSnapshot(),
    stop: () => void actor.stop(),
  };
}

describe('address look-up chart (model-based)', () => {
  it('reaches every state', () => {
    expect(model.unreachableLeafStates()).toEqual([]);
  });
  walkEveryTransition(model, start, (path) => {
    const asked: Input[] = [];
    const filled: FoundAddress[] = [];
    return (snapshot, session, step) => {
      const event = step.event;
      if (event.type === 'user.lookupAddress') {
        const { type: _type, ...sample } = event;
        const expected = LOOKUPS.find(([e]) => JSON.stringify(e) === JSON.stringify(sample));
        const before = path.steps[step.index - 1]!.state.value;
        // Only when not already looking, and only with a Dutch postal code and a bare house number.
        if (before !== 'looking' && expected?.[1]) asked.push(expected[1]);
      }
      if (event.type === 'xstate.done.actor.fetchAddress' && event.output)
        filled.push(event.output);
      expect(session.asked).toEqual(asked);
      expect(session.filled).toEqual(filled);
      // Busy exactly while looking; it never blocks typing otherwise.
      expect(snapshot.hasTag('busy')).toBe(snapshot.value === 'looking');
      // "Type the street yourself" after a look-up that filled nothing, until the next one.
      if (event.type === 'xstate.done.actor.fetchAddress')
        expect(snapshot.hasTag('missed')).toBe(event.output === null);
      if (event.type === 'xstate.error.actor.fetchAddress')
        expect(snapshot.hasTag('missed')).toBe(true);
      if (event.type === 'user.lookupAddress') expect(snapshot.hasTag('missed')).toBe(false);
    };
  });
});
