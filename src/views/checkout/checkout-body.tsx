import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { parsePlansParam } from '#domain/plan-selection.ts';
import { EMPTY_CHECKOUT_FORM } from '#domain/checkout.schema.ts';
import { checkoutDomainOf, type CheckoutLinkDomain } from '#domain/domain-step.ts';
import type { VatHint } from '#domain/vat-hint.ts';
import {
  readCheckoutDomain,
  readSavedCheckoutForm,
  readSavedCheckoutStep,
} from '#machines/checkout/checkout.actors.ts';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import { addressLookupFor } from '#machines/checkout/address-lookup.machine.ts';
import { payButtonMachine } from '#machines/pay-button/pay-button.machine.ts';
import { readSmartAnswers } from '#machines/shared/smart-answers.ts';
import { useCouponCode } from '../shared/coupon-code-field.tsx';
import { CheckoutView } from './checkout-view.tsx';

export interface CheckoutBodyProps {
  /** The address's `plans` (read here: the catalogue is the body's code). */
  plans: string | string[] | undefined;
  interval: 'monthly' | 'yearly';
  linkDomain: CheckoutLinkDomain;
  lang: 'nl' | 'en';
  coupon: string | undefined;
  /** false: start from the defaults, as the server renders; the browser starts from storage. */
  fromStorage: boolean;
  vatHint: VatHint;
}

/**
 * The checkout page's body as its island loads it (src/routes/_minimal/checkout.tsx): the
 * checkout, pay-button and address machines, the coupon field and the view.
 */
export function CheckoutBody({ plans: plansParam, ...props }: CheckoutBodyProps) {
  const plans = useMemo(() => parsePlansParam(plansParam), [plansParam]);
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
    plans,
    interval: props.interval,
    ...(domain ? { domain } : {}),
  });
  const address = useActorRef(addressLookupFor(checkout));
  return (
    <CheckoutView
      plans={plans}
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
