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
export async function flushMicrotasks(turns = 10): Promise<void> {
  for (let i = 0; i < turns; i += 1) await Promise.resolve();
}

type Waiting = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** A model driver's entries that answer the named calls (see `controlledCalls`). */
export type CallAnswers<N extends string> = {
  [K in `xstate.done.actor.${N}`]: (event: { type: string; output: unknown }) => Promise<void>;
} & {
  [K in `xstate.error.actor.${N}`]: (event: { type: string; error: unknown }) => Promise<void>;
};

/**
 * Several promise actors a test answers by hand, by name: `logic(name)` goes into
 * `machine.provide({ actors })`; `calls` lists every call (its name and input) in order;
 * `answer`/`fail` settle the call of that name under way (none under way fails the test) and let
 * the machine react; `answersFor(...names)` are a model test's driver entries for
 * `xstate.done.actor.<name>` (answer with its output) and `xstate.error.actor.<name>` (fail).
 */
export function controlledCalls() {
  const waiting = new Map<string, Waiting>();
  const calls: Array<{ actor: string; input: unknown }> = [];
  const settle = async (name: string, how: (call: Waiting) => void) => {
    const call = waiting.get(name);
    if (!call) throw new Error(`no ${name} call is waiting for an answer`);
    waiting.delete(name);
    how(call);
    await flushMicrotasks();
  };
  const answer = (name: string, value: unknown) => settle(name, (call) => call.resolve(value));
  const fail = (name: string, error: unknown = new Error('offline')) =>
    settle(name, (call) => call.reject(error));
  return {
    calls,
    /** the inputs of the calls of one name, in order */
    inputsOf: (name: string) => calls.filter((c) => c.actor === name).map((c) => c.input),
    logic: <TOutput, TInput = unknown>(name: string) =>
      fromPromise<TOutput, TInput>(({ input }) => {
        calls.push({ actor: name, input });
        return new Promise<TOutput>((resolve, reject) =>
          waiting.set(name, { resolve: resolve as (value: unknown) => void, reject }),
        );
      }),
    answer,
    fail,
    answersFor: <N extends string>(...names: N[]) =>
      Object.fromEntries(
        names.flatMap((name) => [
          [`xstate.done.actor.${name}`, (event: { output: unknown }) => answer(name, event.output)],
          [`xstate.error.actor.${name}`, (event: { error: unknown }) => fail(name, event.error)],
        ]),
      ) as CallAnswers<N>,
  };
}
