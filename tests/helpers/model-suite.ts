// The usual model-based suite in one call: every covering path of the model walked as its own
// test, then the check that together they took every transition of the chart. `assertFor` is
// called inside each path's test, so state it sets up (counters, logs) is fresh per path.
//
//   walkEveryTransition(model, start, (path) => (snapshot, session, step) => { ... }, { maxSteps: 30 });

import { it } from 'vitest';
import type { EventObject } from 'xstate';
import type { Model, ModelPath, Session, WalkOptions } from './model-testing.ts';

export function walkEveryTransition<
  TSnapshot,
  TEvent extends EventObject,
  TSession extends Session<TSnapshot, TEvent>,
>(
  model: Model<TSnapshot, TEvent>,
  start: () => TSession | Promise<TSession>,
  assertFor: (
    path: ModelPath<TSnapshot, TEvent>,
  ) => NonNullable<WalkOptions<TSnapshot, TEvent, TSession>['assertState']>,
  paths: { maxSteps?: number } = {},
): void {
  const coverage = model.createCoverage();
  for (const path of model.coveringPaths(paths)) {
    it(path.description, async () => {
      await model.walk(path, { start, assertState: assertFor(path), coverage });
    });
  }
  it('takes every transition', () => {
    coverage.assertComplete();
  });
}
