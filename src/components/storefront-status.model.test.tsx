// @vitest-environment jsdom
// Model-based test of the storefront status (GET /api/storefront) through the real components:
// the landing page's spots line and the footer's payment methods (issue 39 items 3 and 4,
// D39A-3 and D39A-5), in both languages. The model is tests/paths/models/storefront.ts, the one
// `npm run paths -- storefront` prints. Until the server answers, and when it cannot, neither
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
import type { Driver } from '#tests/helpers/model-testing.ts';
import {
  EXPECTED,
  model,
  type ModelEvent as Event,
  shownStatus,
} from '#tests/paths/models/storefront.ts';
import { createI18nStore } from '../i18n/i18n-store.ts';
import { SpotsLeftView } from '../views/landing/spots-left.tsx';
import { PaymentMethodsView } from './payment-methods.tsx';

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

for (const lang of ['en', 'nl'] as const) {
  describe(`storefront status through the real components (${lang})`, () => {
    const coverage = model.createCoverage();
    for (const path of model.coveringPaths())
      it(path.description, () =>
        model.walk(path, {
          start: () => start(lang),
          coverage,
          assertState: (snapshot) => {
            const status = shownStatus(snapshot);
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
