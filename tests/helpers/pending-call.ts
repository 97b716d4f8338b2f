import { vi } from 'vitest';

/**
 * A fake server call that the test answers: every call returns a promise that waits until the
 * test resolves or rejects it (the latest call; answering when no call waits fails the test).
 * `fn` is the call as a spy, for `fromPromise(({ input }) => call.fn(input))` and assertions.
 */
export function pendingCall<TInput, TOutput>() {
  let waiting: { resolve: (output: TOutput) => void; reject: (error: unknown) => void } | null =
    null;
  const fn = vi.fn(
    (_input: TInput) =>
      new Promise<TOutput>((resolve, reject) => {
        waiting = { resolve, reject };
      }),
  );
  const settle = (how: (w: NonNullable<typeof waiting>) => void) => {
    const current = waiting;
    waiting = null;
    if (!current) throw new Error('no call is waiting for an answer');
    how(current);
  };
  return {
    fn,
    /** whether a call waits for its answer */
    isWaiting: () => waiting !== null,
    resolve: (output: TOutput) => settle((w) => w.resolve(output)),
    reject: (error: unknown) => settle((w) => w.reject(error)),
  };
}

export type PendingCall<TInput, TOutput> = ReturnType<typeof pendingCall<TInput, TOutput>>;

/** Lets the promises a settled call started run out (a few microtask turns). */
export { flushMicrotasks as flushPromises } from './controlled-promise.ts';
