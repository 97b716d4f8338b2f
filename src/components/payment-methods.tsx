import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { PAYMENT_METHOD_BRANDS } from '#domain/payment-methods.ts';
import { storefrontMachine } from '#machines/storefront/storefront.machine.ts';
import { selectStorefrontStatus } from '#machines/storefront/storefront.selectors.ts';

/**
 * The payment methods the checkout offers now (API.md "Honest selling", D39A-5), as the server
 * says (GET /api/storefront): without Mollie bank transfer only; iDEAL as "iDEAL | Wero". Drawn as
 * text badges: no image requests, and each has an accessible name. Until the answer has come (and
 * when it cannot be had) none is shown: never a method that is not offered.
 */
export function PaymentMethodsView({ actor }: { actor: ActorRefFrom<typeof storefrontMachine> }) {
  const intl = useIntl();
  const status = useSelector(actor, selectStorefrontStatus);
  if (!status || status.paymentMethods.length === 0) return null;
  return (
    <section aria-labelledby="payment-methods-heading" className="payment-methods">
      <h2 id="payment-methods-heading" className="visually-hidden">
        <FormattedMessage id="footer.payments.heading" />
      </h2>
      <ul className="payment-methods__list">
        {status.paymentMethods.map((method) => (
          <li key={method} className={`payment-badge payment-badge--${method}`}>
            {PAYMENT_METHOD_BRANDS[method] ??
              intl.formatMessage({ id: `footer.payments.${method}` })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The footer's payment methods: asks the server on every page view (the page is cached). */
export function PaymentMethods() {
  const actor = useActorRef(storefrontMachine);
  return <PaymentMethodsView actor={actor} />;
}
