import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useMemo, useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import * as v from 'valibot';
import { EXIT_OFFERS, type ExitOfferId } from '#domain/exit-offer.ts';
import { parsePlansParam } from '#domain/plan-selection.ts';
import { readCheckoutDomain, readSavedCheckoutForm } from '#machines/checkout/checkout.actors.ts';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import { addressLookupMachine } from '#machines/checkout/address-lookup.machine.ts';
import { payButtonMachine } from '#machines/pay-button/pay-button.machine.ts';
import { readSmartAnswers } from '#machines/shared/smart-answers.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { pageHead } from '../../route-head.ts';
import { CheckoutView } from '../../views/checkout/checkout-view.tsx';

/** `plans` (comma or pipe list, or repeated), `interval` (anything but yearly is monthly), `domain`, `lang`. */
const searchSchema = v.object({
  plans: v.fallback(v.optional(v.union([v.string(), v.array(v.string())])), undefined),
  interval: v.fallback(v.optional(v.string()), undefined),
  domain: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(253))), undefined),
  lang: v.fallback(v.optional(v.picklist(['nl', 'en'])), undefined),
  offer: v.fallback(v.optional(v.picklist(EXIT_OFFERS)), undefined),
});

export const Route = createFileRoute('/_minimal/checkout')({
  validateSearch: searchSchema,
  head: pageHead('page.checkout.title', 'page.checkout.intro'),
  staticData: { hideFooter: true },
  component: Page,
});

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

function Page() {
  const search = Route.useSearch();
  const { lang } = useI18n();
  // The form and the domain choice live in the visitor's browser: the body renders after hydration.
  const mounted = useSyncExternalStore(noSubscription, inBrowser, onServer);
  const plans = useMemo(() => parsePlansParam(search.plans), [search.plans]);
  const interval = search.interval === 'yearly' ? 'yearly' : 'monthly';

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
      {mounted ? (
        <CheckoutBody
          plans={plans}
          interval={interval}
          urlDomain={search.domain}
          lang={lang}
          offer={search.offer}
        />
      ) : (
        <div className="checkout-page__placeholder" aria-hidden="true" />
      )}
    </div>
  );
}

function CheckoutBody(props: {
  plans: string[];
  interval: 'monthly' | 'yearly';
  urlDomain: string | undefined;
  lang: 'nl' | 'en';
  offer: ExitOfferId | undefined;
}) {
  const [savedForm, smartLeadFormAnswers, domain, today] = useMemo(
    () =>
      [
        readSavedCheckoutForm(),
        readSmartAnswers(),
        readCheckoutDomain(props.urlDomain),
        new Date(),
      ] as const,
    [props.urlDomain],
  );
  const checkout = useActorRef(checkoutMachine, { input: { savedForm, smartLeadFormAnswers } });
  const pay = useActorRef(payButtonMachine);
  const address = useActorRef(
    addressLookupMachine.provide({
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
      },
    }),
  );
  return (
    <CheckoutView
      plans={props.plans}
      interval={props.interval}
      domain={domain}
      lang={props.lang}
      today={today}
      offer={props.offer}
      checkout={checkout}
      pay={pay}
      address={address}
    />
  );
}
