// @vitest-environment jsdom
// The checkout says which answers go with the order (SPEC section 3, `smartLeadFormAnswers`).

import { localQuoteMachine } from '#tests/helpers/local-quote.ts';
import { fireEvent, render, screen } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { EMPTY_CHECKOUT_FORM } from '#domain/checkout.schema.ts';
import type { SmartLeadFormAnswers } from '#domain/smart-answers.ts';
import { addressLookupMachine } from '#machines/checkout/address-lookup.machine.ts';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import { payButtonMachine } from '#machines/pay-button/pay-button.machine.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { CheckoutView } from './checkout-view.tsx';

const QUIZ = {
  situation: 'starting',
  goal: 'buildWebsite',
  budget: 'starter',
  involvement: 'collab',
  timeline: 'soon',
} as const;

function renderWith(lang: 'en' | 'nl', answers: SmartLeadFormAnswers | null) {
  const checkout = createActor(checkoutMachine.provide({ actions: { persistForm: () => {} } }), {
    input: { savedForm: EMPTY_CHECKOUT_FORM, smartLeadFormAnswers: answers },
  }).start();
  const messages = (lang === 'en' ? en : nl) as Record<string, string>;
  render(
    <RawIntlProvider value={createI18nStore(lang, messages).get().intl}>
      <CheckoutView
        plans={['webHosting_total']}
        interval="monthly"
        domain={undefined}
        lang={lang}
        today={new Date('2026-03-10T10:00:00Z')}
        checkout={checkout}
        pay={createActor(payButtonMachine).start()}
        address={createActor(addressLookupMachine).start()}
        quoteMachine={localQuoteMachine()}
      />
    </RawIntlProvider>,
  );
  fireEvent.click(screen.getAllByRole('tab')[1]!);
}

describe('checkout: the answers that go with the order', () => {
  it('names the flows whose answers are sent, in English', () => {
    renderWith('en', { quiz: QUIZ, leadForm: { goal: 'showcase' } });
    expect(
      screen.getByText(
        'Your answers from the smart quiz and the lead form are sent with your order, so we can prepare your discovery call.',
      ),
    ).toBeInTheDocument();
  });

  it('in Dutch', () => {
    renderWith('nl', { planner: QUIZ });
    expect(
      screen.getByText(
        'Je antwoorden uit de websiteplanner gaan mee met je bestelling, zodat we je kennismakingsgesprek kunnen voorbereiden.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing when there are none', () => {
    renderWith('en', null);
    expect(screen.queryByText(/Your answers from/)).toBeNull();
  });
});
