// For a model test of a component that makes its own actor (`useActorRef(realMachine)`): the
// test's `vi.mock('@xstate/react', ...)` wraps `useActorRef` with `swappingUseActorRef`, so the
// component runs the machine the test provides (fakes for its calls) and the test reads the actor
// the component made, to compare its snapshot with the model's.
//
//   const swaps = vi.hoisted(() => ({ machines: new Map(), actors: new Map() }));
//   vi.mock('@xstate/react', async () =>
//     (await import('#tests/helpers/swapped-actors.ts')).xstateReactSwapping(swaps));
//   swaps.machines.set(copyButtonMachine, fake);   // then render; swaps.actors.get('copyButton')

import type * as XstateReact from '@xstate/react';
import { vi } from 'vitest';

type UseActorRef = typeof XstateReact.useActorRef;

export interface Swaps {
  /** The real machine → the machine the component runs instead. */
  machines: Map<unknown, unknown>;
  /** The last actor made per machine id. */
  actors: Map<string, unknown>;
}

export function swappingUseActorRef(real: UseActorRef, swaps: Swaps): UseActorRef {
  return ((logic: { id?: string }, ...rest: unknown[]) => {
    const swapped = (swaps.machines.get(logic) ?? logic) as Parameters<UseActorRef>[0];
    const actor = (real as (...args: unknown[]) => unknown)(swapped, ...rest);
    if (typeof logic.id === 'string') swaps.actors.set(logic.id, actor);
    return actor;
  }) as UseActorRef;
}

/**
 * The `@xstate/react` a test's `vi.mock` hands out: the real one with `useActorRef` swapping.
 *
 *   vi.mock('@xstate/react', async () =>
 *     (await import('#tests/helpers/swapped-actors.ts')).xstateReactSwapping(swaps));
 */
export async function xstateReactSwapping(swaps: Swaps) {
  const real = await vi.importActual<typeof XstateReact>('@xstate/react');
  return { ...real, useActorRef: swappingUseActorRef(real.useActorRef, swaps) };
}
