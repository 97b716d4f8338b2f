// The Dutch address completion's model: what machines/checkout/address-lookup.machine.test.ts
// walks and what `npm run paths -- addressLookup` prints; one definition for both.

import {
  addressLookupMachine,
  type AddressLookupEvent,
} from '#machines/checkout/address-lookup.machine.ts';
import type { FoundAddress } from '#machines/checkout/checkout.actors.ts';
import { controlledPromise } from '../../helpers/controlled-promise.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type Input = { postalcode: string; houseNumber: string };
export type ModelEvent =
  | AddressLookupEvent
  | { type: 'xstate.done.actor.fetchAddress'; output: FoundAddress | null }
  | { type: 'xstate.error.actor.fetchAddress'; error: string };

export const DAMRAK: FoundAddress = {
  street: 'Damrak',
  houseNumber: '1',
  postalcode: '1012 LG',
  city: 'Amsterdam',
};

/** Each sample and whether it starts a look-up (written out). */
export const LOOKUPS: Array<[Omit<AddressLookupEvent, 'type'>, Input | null]> = [
  [
    { country: 'NL', postalcode: ' 1012 LG ', address1: ' 1 ' },
    { postalcode: '1012 LG', houseNumber: '1' },
  ],
  [
    { country: 'NL', postalcode: '1012LG', address1: '12-A' },
    { postalcode: '1012LG', houseNumber: '12-A' },
  ],
  // A street typed out, a Belgian address, a postal code that is not one: typed by hand.
  [{ country: 'NL', postalcode: '1012 LG', address1: 'Damrak 1' }, null],
  [{ country: 'BE', postalcode: '2000', address1: '1' }, null],
  [{ country: 'NL', postalcode: '101 LG', address1: '1' }, null],
];

export const samples = {
  'user.lookupAddress': LOOKUPS.map(([e]) => e),
  'xstate.done.actor.fetchAddress': [{ output: DAMRAK }, { output: null }],
  'xstate.error.actor.fetchAddress': [{ error: 'offline' }],
} satisfies EventSamples<ModelEvent>;

export const model = createModel<typeof addressLookupMachine, ModelEvent>({
  machine: addressLookupMachine.provide({
    actors: {
      fetchAddress: controlledPromise<FoundAddress | null, Input>().logic,
    },
  }),
  events: samples,
});

export const spec = {
  machine: addressLookupMachine,
  model,
  test: 'machines/checkout/address-lookup.machine.test.ts',
} as unknown as ModelSpec;
