// @vitest-environment jsdom
// Model-based test of the storefront status (GET /api/storefront) through the real components:
// the landing page's spots line and the footer's payment methods (issue 39 items 3 and 4,
// D39A-3 and D39A-5), in both languages. Until the server answers, and when it cannot, neither
// shows anything: never an invented figure or a method that is not offered.

import { act, cleanup, render, screen } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Lang } from '#domain/language.ts';
import type { StorefrontStatus } from '#domain/payment-methods.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { storefrontMachine } from '#machines/storefront/storefront.machine.ts';
import { createModel, type Driver, type EventSamples } from '#tests/helpers/model-testing.ts';
import { createI18nStore } from '../i18n/i18n-store.ts';
import { SpotsLeftView } from '../views/landing/spots-left.tsx';
import { PaymentMethodsView } from './payment-methods.tsx';

type Event =
  | { type: 'xstate.done.actor.fetchStatus'; output: StorefrontStatus | null }
  | { type: 'xstate.error.actor.fetchStatus'; error: unknown };

const bankOnly: StorefrontStatus = {
  spots: { month: '2026-03', perMonth: 20, left: 17 },
  paymentMethods: ['banktransfer'],
};
const mollieFull: StorefrontStatus = {
  spots: { month: '2026-03', perMonth: 8, left: 0 },
  paymentMethods: ['ideal', 'creditcard', 'bancontact', 'applepay', 'paypal'],
};
const samples = {
  'xstate.done.actor.fetchStatus': [{ output: bankOnly }, { output: mollieFull }, { output: null }],
  'xstate.error.actor.fetchStatus': [{ error: new Error('bug') }],
} satisfies EventSamples<Event>;

const model = createModel<typeof storefrontMachine, Event>({
  machine: storefrontMachine.provide({
    actors: { fetchStatus: fromPromise(() => new Promise<StorefrontStatus | null>(() => {})) },
  }),
  events: samples,
});

const catalogs = { en, nl } as Record<Lang, Record<string, string>>;

function start(lang: Lang) {
  let pending: {
    resolve: (s: StorefrontStatus | null) => void;
    reject: (e: unknown) => void;
  } | null = null;
  const actor = createActor(
    storefrontMachine.provide({
      actors: {
        fetchStatus: fromPromise(
          () =>
            new Promise<StorefrontStatus | null>(
              (resolve, reject) => (pending = { resolve, reject }),
            ),
        ),
      },
    }),
  ).start();
  const view = render(
    <RawIntlProvider value={createI18nStore(lang, catalogs[lang]).get().intl}>
      <SpotsLeftView actor={actor} />
      <PaymentMethodsView actor={actor} />
    </RawIntlProvider>,
  );
  const settle = (fn: () => void) =>
    act(async () => {
      fn();
      await Promise.resolve();
    });
  const driver = {
    'xstate.done.actor.fetchStatus': (e) => settle(() => pending!.resolve(e.output)),
    'xstate.error.actor.fetchStatus': (e) => settle(() => pending!.reject(e.error)),
  } satisfies Driver<Event>;
  return {
    driver,
    getSnapshot: () => actor.getSnapshot(),
    stop: () => {
      view.unmount();
      actor.stop();
    },
  };
}

const badges = () => [...document.querySelectorAll('.payment-badge')].map((b) => b.textContent);
const spotsLine = () => document.querySelector('.landing-spots')?.textContent ?? null;

afterEach(cleanup);

const EXPECTED = {
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

for (const lang of ['en', 'nl'] as const) {
  describe(`storefront status through the real components (${lang})`, () => {
    const coverage = model.createCoverage();
    for (const path of model.coveringPaths())
      it(path.description, () =>
        model.walk(path, {
          start: () => start(lang),
          coverage,
          assertState: (snapshot) => {
            const status = snapshot.matches('ready') ? snapshot.context.status : null;
            if (!status) {
              // Loading, or no answer: nothing at all, never a guess.
              expect(badges()).toEqual([]);
              expect(spotsLine()).toBeNull();
              expect(screen.queryByRole('note')).toBeNull();
              return;
            }
            const mollie = status.paymentMethods.length > 1;
            expect(badges()).toEqual(EXPECTED[lang][mollie ? 'mollie' : 'bank']);
            expect(spotsLine()).toContain(EXPECTED[lang][status.spots.left > 0 ? 'spots' : 'full']);
          },
        }),
      );
    it('takes every transition', () => coverage.assertComplete());
  });
}
