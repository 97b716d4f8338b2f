import { fromPromise, setup } from 'xstate';
import { isValidPostalCode } from '#domain/checkout.schema.ts';
import { fetchAddress, type FoundAddress } from './checkout.actors.ts';
import type { CheckoutEvent } from './checkout.types.ts';

export type AddressLookupEvent = {
  type: 'user.lookupAddress';
  country: string;
  postalcode: string;
  /** What the visitor typed as "street and house number": only a number starts a look-up. */
  address1: string;
};

const HOUSE_NUMBER_ONLY = /^\s*\d{1,5}\s*[-\s]?\s*[A-Za-z0-9]{0,4}\s*$/;

/**
 * Dutch address completion: after a Dutch postal code and a house number, `looking` asks our own
 * endpoint (PDOK behind it) and `fillAddress` writes street, number and city into the form.
 * Belgian addresses are typed by hand. A look-up that finds nothing or fails goes to `missed`
 * (the page says the street must be typed, and `missAddress` lets the form check the field);
 * the fields stay as typed, and it never blocks typing. The next look-up, or an address that
 * starts none, leaves `missed`.
 */
export const addressLookupMachine = setup({
  types: { events: {} as AddressLookupEvent, context: {} as Record<string, never> },
  actors: {
    fetchAddress: fromPromise<FoundAddress | null, { postalcode: string; houseNumber: string }>(
      ({ input, signal }) => fetchAddress(input, signal),
    ),
  },
  guards: {
    isLookupable: (_, params: { event: AddressLookupEvent }) =>
      params.event.country === 'NL' &&
      isValidPostalCode('NL', params.event.postalcode) &&
      HOUSE_NUMBER_ONLY.test(params.event.address1),
    isFound: (_, params: { found: FoundAddress | null }) => params.found !== null,
  },
  actions: {
    /** Provided by the page: sends the found street and city to the checkout form. */
    fillAddress: (_, _params: { found: FoundAddress }) => {},
    /** Provided by the page: nothing was filled, so the form checks the field as typed. */
    missAddress: () => {},
  },
}).createMachine({
  id: 'addressLookup',
  context: {},
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.lookupAddress': {
          guard: { type: 'isLookupable', params: ({ event }) => ({ event }) },
          target: 'looking',
        },
      },
    },
    looking: {
      tags: ['busy'],
      invoke: {
        id: 'fetchAddress',
        src: 'fetchAddress',
        input: ({ event }) => {
          const e = event as AddressLookupEvent;
          return { postalcode: e.postalcode.trim(), houseNumber: e.address1.trim() };
        },
        onDone: [
          {
            guard: { type: 'isFound', params: ({ event }) => ({ found: event.output }) },
            target: 'idle',
            actions: {
              type: 'fillAddress',
              params: ({ event }) => ({ found: event.output! }),
            },
          },
          { target: 'missed', actions: 'missAddress' },
        ],
        onError: { target: 'missed', actions: 'missAddress' },
      },
    },
    missed: {
      tags: ['missed'],
      on: {
        'user.lookupAddress': [
          {
            guard: { type: 'isLookupable', params: ({ event }) => ({ event }) },
            target: 'looking',
          },
          { target: 'idle' },
        ],
      },
    },
  },
});

/**
 * The look-up wired to a checkout form: a found address fills street, number and city and has
 * them checked; a miss has the field checked as typed (a bare house number is no street).
 */
export function addressLookupFor(checkout: { send: (event: CheckoutEvent) => void }) {
  return addressLookupMachine.provide({
    actions: {
      fillAddress: (_, { found }) => {
        checkout.send({
          type: 'user.changeField',
          field: 'address1',
          value: `${found.street} ${found.houseNumber}`,
        });
        checkout.send({ type: 'user.changeField', field: 'city', value: found.city });
        checkout.send({ type: 'user.blurField', field: 'address1' });
        checkout.send({ type: 'user.blurField', field: 'city' });
      },
      missAddress: () => checkout.send({ type: 'user.blurField', field: 'address1' }),
    },
  });
}
