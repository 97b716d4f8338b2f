// @vitest-environment jsdom
// "Ordering as a business?" (issue 43, API.md section 11) in English and in Dutch: never ticked to
// begin with; ticked, it shows company, KvK and VAT number, and the VAT consequence comes live
// from the quote (here the rule book stands in for the server, with VAT_SCHEME=standard): a Dutch
// business 21%, a Belgian one with a well-formed number reverse-charged, a number with wrong
// check digits the field's message and VAT charged. Unticked, the order is a consumer's again.

import { act, fireEvent, render, screen } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { EMPTY_CHECKOUT_FORM } from '#domain/checkout.schema.ts';
import { formatMoney } from '#domain/format.ts';
import { DEFAULT_VAT_SETTINGS, type VatSettings } from '#domain/vat.ts';
import { addressLookupMachine } from '#machines/checkout/address-lookup.machine.ts';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import { buildCheckoutRequest } from '#machines/checkout/checkout.selectors.ts';
import { payButtonMachine } from '#machines/pay-button/pay-button.machine.ts';
import { flushQuote, localQuoteMachine } from '#tests/helpers/local-quote.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { CheckoutView } from './checkout-view.tsx';

const STANDARD: VatSettings = { ...DEFAULT_VAT_SETTINGS, scheme: 'standard' };

function renderCheckout(lang: 'en' | 'nl', settings = STANDARD) {
  const messages = (lang === 'en' ? en : nl) as Record<string, string>;
  const t = (id: string, rate = 21) => messages[id]!.replace('{rate}', String(rate));
  const checkout = createActor(checkoutMachine.provide({ actions: { persistForm: () => {} } }), {
    input: { savedForm: EMPTY_CHECKOUT_FORM },
  }).start();
  const quote = localQuoteMachine(settings);
  render(
    <RawIntlProvider value={createI18nStore(lang, messages).get().intl}>
      <CheckoutView
        plans={['webHosting_total']}
        interval="monthly"
        domain={undefined}
        lang={lang}
        today={new Date('2026-03-10T10:00:00Z')}
        vatHint={{ scheme: settings.scheme, korOver: false }}
        checkout={checkout}
        pay={createActor(payButtonMachine).start()}
        address={createActor(addressLookupMachine).start()}
        quoteMachine={quote}
      />
    </RawIntlProvider>,
  );
  fireEvent.click(screen.getAllByRole('tab')[1]!);
  const field = (id: string) => screen.queryByLabelText(new RegExp(`^${messages[id]}`));
  const type = async (id: string, value: string) => {
    fireEvent.change(field(id)!, { target: { value } });
    await flushQuote();
  };
  const box = () =>
    screen.getByRole('checkbox', {
      name: messages['checkout.business.toggle'],
    }) as HTMLInputElement;
  const consequence = () => document.querySelector('.checkout-business__vat')?.textContent;
  const summary = () => document.querySelector('.checkout-summary__totals')?.textContent ?? '';
  return { t, checkout, quote, field, type, box, consequence, summary };
}

describe.each(['en', 'nl'] as const)('Ordering as a business? (%s)', (lang) => {
  it('is never ticked to begin with; ticked, it shows the business fields and the VAT live', async () => {
    const page = renderCheckout(lang);
    const { t, field, type, box, consequence, summary } = page;
    expect(box().checked).toBe(false);
    for (const id of ['checkout.fields.company', 'checkout.fields.kvk', 'checkout.fields.vat'])
      expect(field(id)).toBeNull();
    // The first figures are the server's for a Dutch consumer: 21% under the standard scheme.
    expect(summary()).toContain(t('order.summary.vatRate'));
    expect(page.quote.calls).toEqual([]);

    fireEvent.click(box());
    await flushQuote();
    expect(field('checkout.fields.company')).not.toBeNull();
    expect(field('checkout.fields.kvk')).not.toBeNull();
    expect(field('checkout.fields.vat')).not.toBeNull();
    // A Dutch business pays Dutch VAT.
    await type('checkout.fields.company', 'Voorbeeld BV');
    expect(consequence()).toBe(t('checkout.business.vat'));

    // A Belgian business with a well-formed number: reverse-charged, VIES confirms at the order.
    fireEvent.change(screen.getByLabelText(t('checkout.fields.country')), {
      target: { value: 'BE' },
    });
    await type('checkout.fields.vat', 'be0123456749');
    expect(consequence()).toBe(t('checkout.business.reverseCharge'));
    expect(summary()).toContain(t('order.summary.vatReverseCharge', 0));
    expect(screen.getByText(t('order.summary.vatReverseChargeNote'))).toBeTruthy();
    expect(summary()).toContain(formatMoney(3000, lang));
    expect(page.quote.calls.at(-1)?.request.customer).toEqual({
      country: 'BE',
      vat: 'BE0123456749',
    });

    // Wrong check digits: the field's message in the page's language; VAT as for a consumer.
    await type('checkout.fields.vat', 'BE0123456789');
    fireEvent.blur(field('checkout.fields.vat')!);
    expect(screen.getAllByText(t('checkout.validation.vatInvalid')).length).toBeGreaterThan(0);
    expect(consequence()).toBe(t('checkout.business.vat'));

    // Unticked: a consumer's order again, the business details not sent.
    fireEvent.click(box());
    await flushQuote();
    expect(field('checkout.fields.vat')).toBeNull();
    expect(screen.queryByText(t('checkout.validation.vatInvalid'))).toBeNull();
    const body = buildCheckoutRequest(page.checkout.getSnapshot(), {
      plans: ['webHosting_total'],
      interval: 'monthly',
      domain: undefined,
      lang,
    });
    expect({ company: body.company, vat: body.vat }).toEqual({ company: '', vat: '' });
  });

  it('under the KOR says no VAT is charged', async () => {
    const page = renderCheckout(lang, DEFAULT_VAT_SETTINGS);
    // Under a running KOR the hint cannot see the threshold: the page asks the server at once.
    await act(async () => {});
    await flushQuote();
    expect(page.quote.calls).toHaveLength(1);
    fireEvent.click(page.box());
    await flushQuote();
    expect(page.consequence()).toBe(page.t('checkout.business.kor', 0));
    expect(page.summary()).toContain(page.t('order.summary.vat', 0));
  });
});
