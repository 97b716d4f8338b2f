import { FormattedMessage, useIntl } from 'react-intl';

/**
 * The accepted payment methods of SPEC section 2 (footer): a local bank-transfer method, card
 * brands, wallets, a payment-account service, a regional debit method, SEPA transfer and direct
 * debit, and pay-later services including a business one. Drawn as text badges: no image
 * requests, and each has an accessible name.
 */
const METHODS = [
  { key: 'ideal', label: 'iDEAL' },
  { key: 'visa', label: 'Visa' },
  { key: 'mastercard', label: 'Mastercard' },
  { key: 'amex', label: 'American Express' },
  { key: 'applepay', label: 'Apple Pay' },
  { key: 'googlepay', label: 'Google Pay' },
  { key: 'paypal', label: 'PayPal' },
  { key: 'bancontact', label: 'Bancontact' },
  { key: 'sepa', labelId: 'footer.payments.sepa' },
  { key: 'klarna', label: 'Klarna' },
  { key: 'in3', label: 'in3' },
  { key: 'billie', labelId: 'footer.payments.billie' },
] as const;

export function PaymentMethods() {
  const intl = useIntl();
  return (
    <section aria-labelledby="payment-methods-heading" className="payment-methods">
      <h2 id="payment-methods-heading" className="visually-hidden">
        <FormattedMessage id="footer.payments.heading" />
      </h2>
      <ul className="payment-methods__list">
        {METHODS.map((method) => {
          const name =
            'labelId' in method ? intl.formatMessage({ id: method.labelId }) : method.label;
          return (
            <li key={method.key} className={`payment-badge payment-badge--${method.key}`}>
              {name}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
