// The storefront status's model (GET /api/storefront: the landing page's spots line and the
// footer's payment methods): what src/components/storefront-status.model.test.tsx walks through
// the real components and what `npm run paths -- storefront` prints; one definition for both.

import { fromPromise } from 'xstate';
import type { StorefrontStatus } from '#domain/payment-methods.ts';
import { storefrontMachine } from '#machines/storefront/storefront.machine.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type ModelEvent =
  | { type: 'xstate.done.actor.fetchStatus'; output: StorefrontStatus | null }
  | { type: 'xstate.error.actor.fetchStatus'; error: unknown };

export const bankOnly: StorefrontStatus = {
  spots: { month: '2026-03', perMonth: 20, left: 17 },
  paymentMethods: ['banktransfer'],
};
export const mollieFull: StorefrontStatus = {
  spots: { month: '2026-03', perMonth: 8, left: 0 },
  paymentMethods: ['ideal', 'creditcard', 'bancontact', 'applepay', 'paypal'],
};
export const samples = {
  'xstate.done.actor.fetchStatus': [{ output: bankOnly }, { output: mollieFull }, { output: null }],
  'xstate.error.actor.fetchStatus': [{ error: new Error('bug') }],
} satisfies EventSamples<ModelEvent>;

export const model = createModel<typeof storefrontMachine, ModelEvent>({
  machine: storefrontMachine.provide({
    actors: { fetchStatus: fromPromise(() => new Promise<StorefrontStatus | null>(() => {})) },
  }),
  events: samples,
});

/** What the landing page and the footer show, in English, written out. */
export const EXPECTED = {
  en: {
    bank: ['Bank transfer'],
    mollie: ['iDEAL | Wero', 'Credit card', 'Bancontact', 'Apple Pay', 'PayPal'],
    spots: '17 of 20 project spots left this month.',
    full: 'All 8 project spots of this month are taken: new projects start next month.',
  },
  nl: {
    bank: ['Bankoverschrijving'],
    mollie: ['iDEAL | Wero', 'Creditcard', 'Bancontact', 'Apple Pay', 'PayPal'],
    spots: 'Nog 17 van de 20 projectplekken vrij deze maand.',
    full: 'Alle 8 projectplekken van deze maand zijn bezet: nieuwe projecten starten volgende maand.',
  },
} as const;

/** The status the screens show in a state: none until the server answered. */
export function shownStatus(snapshot: {
  matches: (state: 'ready') => boolean;
  context: { status: StorefrontStatus | null };
}): StorefrontStatus | null {
  return snapshot.matches('ready') ? snapshot.context.status : null;
}

export const spec = {
  machine: storefrontMachine,
  model,
  test: 'src/components/storefront-status.model.test.tsx',
  screen: (snapshot: Parameters<typeof shownStatus>[0]) => {
    const status = shownStatus(snapshot);
    if (!status) return 'no spots line and no payment methods';
    const methods = EXPECTED.en[status.paymentMethods.length > 1 ? 'mollie' : 'bank'];
    return `"${EXPECTED.en[status.spots.left > 0 ? 'spots' : 'full']}", paying by ${methods.join(', ')}`;
  },
} as unknown as ModelSpec;
