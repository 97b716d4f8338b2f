// describeModel refuses a model test that looks at no screen: walking every path without
// assertions only proves the chart agrees with itself (issue 41).

import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { describeModel } from './model-suite.ts';
import { createModel } from './model-testing.ts';

const toggle = setup({ types: { events: {} as { type: 'user.toggle' } } }).createMachine({
  id: 'toggle',
  initial: 'off',
  states: { off: { on: { 'user.toggle': 'on' } }, on: { on: { 'user.toggle': 'off' } } },
});
const model = createModel({ machine: toggle, events: { 'user.toggle': [{}] } });
const start = () => {
  const actor = createActor(toggle).start();
  return {
    driver: { 'user.toggle': () => void actor.send({ type: 'user.toggle' }) },
    getSnapshot: () => actor.getSnapshot(),
    stop: () => void actor.stop(),
  };
};

describe('describeModel', () => {
  it('refuses a model with no screen assertions', () => {
    expect(() => describeModel('a toggle', model, { start } as never)).toThrow(
      "describeModel('a toggle'): a model test needs screen assertions (assertState)",
    );
  });
});

// With them, every path is walked and every transition taken.
const seen: string[] = [];
describeModel('a toggle with screen assertions', model, {
  start,
  assertState: (snapshot) => {
    seen.push(String(snapshot.value));
    expect(['off', 'on']).toContain(snapshot.value);
  },
});
it('looked at the screen after every step', () => {
  expect(seen.length).toBeGreaterThan(2);
});
