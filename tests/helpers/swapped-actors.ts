// For a model test of a component that makes its own actor (`useActorRef(realMachine)`): the
// test's `vi.mock('@xstate/react', ...)` wraps `useActorRef` with `swappingUseActorRef`, so the
// component runs the machine the test provides (fakes for its calls) and the test reads the actor
// the component made, to compare its snapshot with the model's.
//
//   const swaps = vi.hoisted(() => ({ machines: new Map(), actors: new Map() }));
//   vi.mock('@xstate/react', async (importOriginal) => {
//     const { swappingUseActorRef } = await import('#tests/helpers/swapped-actors.ts');
//     const real = await importOriginal<typeof import('@xstate/react')>();
//     return { ...real, useActorRef: swappingUseActorRef(real.useActorRef, swaps) };
//   });
//   swaps.machines.set(copyButtonMachine, fake);   // then render; swaps.actors.get('copyButton')

import type { useActorRef as UseActorRef } from '@xstate/react';

export interface Swaps {
  /** The real machine → the machine the component runs instead. */
  machines: Map<unknown, unknown>;
  /** The last actor made per machine id. */
  actors: Map<string, unknown>;
}

export function swappingUseActorRef(real: typeof UseActorRef, swaps: Swaps): typeof UseActorRef {
  return ((logic: { id?: string }, ...rest: unknown[]) => {
    const swapped = (swaps.machines.get(logic) ?? logic) as Parameters<typeof UseActorRef>[0];
    const actor = (real as (...args: unknown[]) => unknown)(swapped, ...rest);
    if (typeof logic.id === 'string') swaps.actors.set(logic.id, actor);
    return actor;
  }) as typeof UseActorRef;
}
