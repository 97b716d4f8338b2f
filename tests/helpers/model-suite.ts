// The usual model-based suite in one call: every covering path of the model walked as its own
// test, then the check that together they took every transition of the chart. `assertFor` is
// called inside each path's test, so state it sets up (counters, logs) is fresh per path;
// `timeout` is each path's own where a walk through a real screen takes longer.
//
//   walkEveryTransition(model, start, (path) => (snapshot, session, step) => { ... }, { maxSteps: 30 });
//   describeModel('the quiz', model, { start, assertState, maxSteps: 30 });

import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import type { Model, ModelPath, Session, WalkOptions } from './model-testing.ts';

type AssertState<
  TSnapshot,
  TEvent extends EventObject,
  TSession extends Session<TSnapshot, TEvent>,
> = NonNullable<WalkOptions<TSnapshot, TEvent, TSession>['assertState']>;

export function walkEveryTransition<
  TSnapshot,
  TEvent extends EventObject,
  TSession extends Session<TSnapshot, TEvent>,
>(
  model: Model<TSnapshot, TEvent>,
  start: () => TSession | Promise<TSession>,
  assertFor: (path: ModelPath<TSnapshot, TEvent>) => AssertState<TSnapshot, TEvent, TSession>,
  options: { maxSteps?: number; timeout?: number } = {},
): void {
  const { timeout, ...paths } = options;
  // Each path's test is named by its steps (`user.start → situation → …`), so a failure says where.
  const coverage = model.createCoverage();
  for (const path of model.coveringPaths(paths)) {
    it(path.description, { timeout }, async () => {
      await model.walk(path, { start, assertState: assertFor(path), coverage });
    });
  }
  it('takes every transition of the chart', () => {
    coverage.assertComplete();
  });
}

/** Runs a journey on a fresh session from `start` and stops the session, whatever happens. */
export async function inSession<TSession extends { stop?: () => void | Promise<void> }>(
  start: () => TSession,
  journey: (session: TSession) => void | Promise<void>,
): Promise<void> {
  const session = start();
  try {
    await journey(session);
  } finally {
    await session.stop?.();
  }
}

/**
 * The model-based suite of a chart under `title`: every leaf state is reached, and every
 * transition is taken by the covering paths (each at most `maxSteps` events, else the model's own
 * `maxSteps`: the paths `npm run paths` prints), walked on a fresh
 * system from `start` with `assertState` after every step. A model without `assertState` is
 * refused.
 */
export function describeModel<
  TSnapshot,
  TEvent extends EventObject,
  TSession extends Session<TSnapshot, TEvent>,
>(
  title: string,
  model: Model<TSnapshot, TEvent>,
  options: Omit<WalkOptions<TSnapshot, TEvent, TSession>, 'coverage' | 'assertState'> & {
    /** What the screen must show in each state: a model test without it checks nothing. */
    assertState: AssertState<TSnapshot, TEvent, TSession>;
    maxSteps?: number;
    timeout?: number;
  },
): void {
  const { maxSteps, timeout, start, assertState } = options;
  // Walking every path without looking at the screen only proves the chart agrees with itself.
  if (typeof assertState !== 'function')
    throw new Error(
      `describeModel('${title}'): a model test needs screen assertions (assertState)`,
    );
  describe(title, () => {
    it('reaches every screen', () => {
      expect(model.unreachableLeafStates()).toEqual([]);
    });
    walkEveryTransition(model, start, () => assertState, {
      maxSteps,
      timeout,
    });
  });
}
