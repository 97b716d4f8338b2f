/**
 * The params of a guard or action that judges a finished call: `{ result }`, the call's output.
 * `params: callResult` in an `onDone` transition is `params: ({ event }) => ({ result: event.output })`.
 */
export const callResult = <T>({ event }: { event: { output: T } }) => ({ result: event.output });
