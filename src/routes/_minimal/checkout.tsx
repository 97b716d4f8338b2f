import { createFileRoute } from '@tanstack/react-router';
import { usePageVatHint } from '../../vat-hint.ts';
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { oneOf, searchOf, text, textOrList } from '../../route-search.ts';
import { LANGS } from '#domain/language.ts';
import { parsePlansParam } from '#domain/plan-selection.ts';
import { EMPTY_CHECKOUT_FORM } from '#domain/checkout.schema.ts';
import { checkoutDomainChoiceOf } from '#domain/checkout-domain-choice.ts';
import { checkoutDomainOf, type CheckoutLinkDomain } from '#domain/domain-step.ts';
import {
  hasSavedCheckoutForm,
  readCheckoutDomain,
  readSavedCheckoutForm,
  readSavedCheckoutStep,
} from '#machines/checkout/checkout.actors.ts';
import { readSavedDomainSelection } from '#machines/shared/domain-selection.ts';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import { addressLookupFor } from '#machines/checkout/address-lookup.machine.ts';
import { payButtonMachine } from '#machines/pay-button/pay-button.machine.ts';
import { readSmartAnswers } from '#machines/shared/smart-answers.ts';
import type { VatHint } from '#domain/vat-hint.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { SavedStateBody } from '../../hydration.tsx';
import { pageHead } from '../../route-head.ts';
import { CheckoutView } from '../../views/checkout/checkout-view.tsx';
import { useCouponCode } from '../../views/shared/coupon-code-field.tsx';

/**
 * `plans` (comma or pipe list, or repeated), `interval` (anything but yearly is monthly), `domain`,
 * `domainChoice` (how the order page's domain step ended, M24; read by the page), `lang`.
 */
const searchSchema = searchOf({
  plans: textOrList(),
  interval: text(),
  domain: text({ max: 253 }),
  domainChoice: text({ max: 20 }),
  lang: oneOf(LANGS),
  /** A coupon code (the exit offer's EXIT10, or one from a link): the server checks it. */
  coupon: text({ max: 64 }),
});

export const Route = createFileRoute('/_minimal/checkout')({
  validateSearch: searchSchema,
  head: pageHead('page.checkout.title', 'page.checkout.intro'),
  staticData: { hideFooter: true },
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const { lang } = useI18n();
  const plans = useMemo(() => parsePlansParam(search.plans), [search.plans]);
  const interval = search.interval === 'yearly' ? 'yearly' : 'monthly';
  const { domain } = search;
  const domainChoice = checkoutDomainChoiceOf(search.domainChoice);
  const linkDomain = useMemo(() => ({ domain, domainChoice }), [domain, domainChoice]);
  const vatHint = usePageVatHint();

  return (
    <div className="checkout-page">
      <section className="page-intro checkout-page__intro" data-hero>
        <h1>
          <FormattedMessage id="page.checkout.title" />
        </h1>
        <p className="page-intro__lead">
          <FormattedMessage id="page.checkout.intro" />
        </p>
      </section>
      {/* Rendered by the server as a first visit sees it; what this browser saved (the form,
          the domain choice) comes in right after hydration. */}
      <SavedStateBody name="checkout-body" hasSaved={hasSavedCheckout}>
        {(fromStorage) => (
          <CheckoutBody
            plans={plans}
            interval={interval}
            linkDomain={linkDomain}
            lang={lang}
            coupon={search.coupon}
            fromStorage={fromStorage}
            vatHint={vatHint}
          />
        )}
      </SavedStateBody>
    </div>
  );
}

/** Whether this browser saved anything the checkout starts from. */
function hasSavedCheckout(): boolean {
  return (
    hasSavedCheckoutForm() || readSavedDomainSelection() !== null || readSmartAnswers() !== null
  );
}

function CheckoutBody(props: {
  plans: string[];
  interval: 'monthly' | 'yearly';
  linkDomain: CheckoutLinkDomain;
  lang: 'nl' | 'en';
  coupon: string | undefined;
  fromStorage: boolean;
  vatHint: VatHint;
}) {
  const [savedForm, smartLeadFormAnswers, domain, today, savedStep] = useMemo(
    () =>
      [
        props.fromStorage ? readSavedCheckoutForm() : EMPTY_CHECKOUT_FORM,
        props.fromStorage ? readSmartAnswers() : null,
        props.fromStorage
          ? readCheckoutDomain(props.linkDomain)
          : checkoutDomainOf(null, props.linkDomain),
        new Date(),
        props.fromStorage ? readSavedCheckoutStep() : null,
      ] as const,
    [props.linkDomain, props.fromStorage],
  );
  const checkout = useActorRef(checkoutMachine, { input: { savedForm, smartLeadFormAnswers } });
  // A reload at step 2 opens step 2 again (the tabs move freely, SPEC section 4), once.
  useEffect(() => {
    if (savedStep === 'details' && savedForm.email.trim() !== '')
      checkout.send({ type: 'user.selectTab', tab: 'details' });
  }, [checkout, savedStep, savedForm]);
  const pay = useActorRef(payButtonMachine);
  const coupon = useCouponCode(props.lang, props.coupon, {
    plans: props.plans,
    interval: props.interval,
    ...(domain ? { domain } : {}),
  });
  const address = useActorRef(addressLookupFor(checkout));
  return (
    <CheckoutView
      plans={props.plans}
      interval={props.interval}
      domain={domain}
      lang={props.lang}
      today={today}
      coupon={coupon}
      vatHint={props.vatHint}
      checkout={checkout}
      pay={pay}
      address={address}
    />
  );
}
