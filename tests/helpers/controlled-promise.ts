// A promise actor a test answers by hand: `logic` goes into `machine.provide({ actors })`, each
// call's input is kept in `inputs`, and `resolve`/`reject` settle the call under way. A model
// test's driver answers `xstate.done.actor.<id>` / `xstate.error.actor.<id>` with them.

import { fromPromise } from 'xstate';

export function controlledPromise<TOutput, TInput = unknown>() {
  let settle: { resolve: (value: TOutput) => void; reject: (error: unknown) => void } | null = null;
  const inputs: TInput[] = [];
  return {
    logic: fromPromise<TOutput, TInput>(({ input }) => {
      inputs.push(input);
      return new Promise<TOutput>((resolve, reject) => (settle = { resolve, reject }));
    }),
    inputs,
    resolve: (value: TOutput) => settle?.resolve(value),
    reject: (error: unknown) => settle?.reject(error),
  };
}

/** Lets the promise callbacks and the actor's reaction to them run. */
export async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}
