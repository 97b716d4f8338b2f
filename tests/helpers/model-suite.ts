import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import type { Model, Session, WalkOptions } from './model-testing.ts';

/**
 * The model-based suite of a chart: every leaf state is reached, one test per covering path
 * (each at most `maxSteps` events) walked on a fresh system from `start` with `assertState`
 * after every step, and every transition of the chart taken by those walks.
 */
export function describeModel<
  TSnapshot,
  TEvent extends EventObject,
  TSession extends Session<TSnapshot, TEvent>,
>(
  title: string,
  model: Model<TSnapshot, TEvent>,
  options: Omit<WalkOptions<TSnapshot, TEvent, TSession>, 'coverage'> & { maxSteps: number },
): void {
  const { maxSteps, ...walk } = options;
  describe(title, () => {
    it('reaches every screen', () => {
      expect(model.unreachableLeafStates()).toEqual([]);
    });
    const coverage = model.createCoverage();
    for (const path of model.coveringPaths({ maxSteps }))
      it(path.description, () => model.walk(path, { ...walk, coverage }));
    it('takes every transition of the chart', () => {
      coverage.assertComplete();
    });
  });
}
