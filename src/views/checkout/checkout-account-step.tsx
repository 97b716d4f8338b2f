import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import {
  selectAccountMessage,
  selectIsCheckingEmail,
} from '#machines/checkout/checkout.selectors.ts';

/** Step 1 of the checkout (SPEC 2 screen 11): the e-mail address, checked before the details. */
export function CheckoutAccountStep({
  checkout,
  emailField,
}: {
  checkout: ActorRefFrom<typeof checkoutMachine>;
  /** The e-mail field, rendered by the view (it shares the view's blur handling). */
  emailField: ReactNode;
}) {
  const accountMessage = useSelector(checkout, selectAccountMessage);
  const checking = useSelector(checkout, selectIsCheckingEmail);
  return (
    <form
      noValidate
      className="checkout-form"
      onSubmit={(event) => {
        event.preventDefault();
        checkout.send({ type: 'user.checkEmail' });
      }}
    >
      <h2>
        <FormattedMessage id="checkout.account.title" />
      </h2>
      <p className="checkout-form__intro">
        <FormattedMessage id="checkout.account.intro" />
      </p>
      {emailField}
      <p className="checkout-form__status" role="status">
        {checking ? <FormattedMessage id="checkout.account.checking" /> : null}
      </p>
      {accountMessage ? (
        <p className="checkout-form__alert" role="alert">
          <FormattedMessage id={accountMessage} />{' '}
          {accountMessage === 'accountCreation.alreadyRegistered' ? (
            <a href={`/login?redirect=${encodeURIComponent(currentPath())}`}>
              <FormattedMessage id="checkout.account.login" />
            </a>
          ) : null}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={checking}>
        <FormattedMessage id="checkout.account.continue" />
      </button>
    </form>
  );
}

function currentPath(): string {
  return typeof window === 'undefined'
    ? '/checkout'
    : window.location.pathname + window.location.search;
}
