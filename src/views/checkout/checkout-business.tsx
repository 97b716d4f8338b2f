import { useAppliedCoupon } from '../shared/coupon-code-field.tsx';
import { useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { DEFAULT_VAT_HINT } from '#domain/vat-hint.ts';
import { selectQuoteCustomer } from '#machines/checkout/checkout.selectors.ts';
import { FormattedMessage } from 'react-intl';
import { selectQuote, selectQuoteStatus } from '#machines/quote/quote.selectors.ts';
import { useQuoteActor, type QuoteActor } from '../shared/quote-actor.ts';
import type { CheckoutActor, CheckoutViewProps } from './checkout-view.tsx';

/**
 * The checkout's quote (issue 43): the server's, for the package of the link and who orders (the
 * country, and a business's VAT number), asked again on each change of either.
 */
export function useCheckoutQuote(props: CheckoutViewProps): QuoteActor {
  const { plans, interval, domain, lang, checkout } = props;
  // A code the server accepted for this order (issue 46): one more field of the request.
  const coupon = useAppliedCoupon(props.coupon)?.code;
  const customer = useSelector(
    checkout,
    selectQuoteCustomer,
    (a, b) => a.country === b.country && a.vat === b.vat,
  );
  const ask = useMemo(
    () => ({
      request: {
        plans: [...plans],
        interval,
        ...(domain ? { domain } : {}),
        ...(coupon ? { coupon } : {}),
        customer,
      },
      lang,
    }),
    [plans, interval, domain, coupon, customer, lang],
  );
  return useQuoteActor(ask, props.vatHint ?? DEFAULT_VAT_HINT, props.today, props.quoteMachine);
}

/** What the server's quote can say of a VAT number (api/vat/vat-service.ts), shown under it. */
const VAT_REFUSALS = ['checkout.validation.vatInvalid', 'checkout.validation.vatCountry'];

/** The VAT number's message from a refused quote; a key this page does not know reads as invalid. */
export function vatRefusalKey(key: string | null): string | null {
  if (key === null) return null;
  return VAT_REFUSALS.includes(key) ? key : 'checkout.validation.vatInvalid';
}

/**
 * "Ordering as a business?" (issue 43, API.md section 11): a box, never ticked to begin with, that
 * shows the company, KvK and VAT number fields; below them, live from the server's quote, what
 * that means for the VAT (the summary beside the form is not there on a phone).
 */
export function CheckoutBusiness({
  checkout,
  quote,
  inputId,
  fields,
}: {
  checkout: CheckoutActor;
  quote: QuoteActor;
  inputId: string;
  /** The company, KvK and VAT number fields. */
  fields: ReactNode;
}) {
  const business = useSelector(checkout, (s) => s.context.business);
  return (
    <div className="checkout-business">
      <div className="checkout-terms">
        <input
          id={inputId}
          type="checkbox"
          name="business"
          checked={business}
          aria-expanded={business}
          aria-controls={`${inputId}-fields`}
          onChange={(event) =>
            checkout.send({ type: 'user.toggleBusiness', checked: event.target.checked })
          }
        />
        <label htmlFor={inputId}>
          <FormattedMessage id="checkout.business.toggle" />
        </label>
      </div>
      <div id={`${inputId}-fields`} className="checkout-business__fields" hidden={!business}>
        {business ? (
          <>
            {fields}
            <VatConsequence quote={quote} />
          </>
        ) : null}
      </div>
    </div>
  );
}

/** The VAT the business pays by the server's last quote (updating while it is asked). */
function VatConsequence({ quote }: { quote: QuoteActor }) {
  const shown = useSelector(quote, selectQuote);
  const status = useSelector(quote, selectQuoteStatus);
  if (!shown) return null;
  const { vatNote, vatRate } = shown.totals;
  // A refused number says so under its field; the last figures' VAT would not be its.
  if (status === 'refused') return <p className="checkout-business__vat" aria-live="polite" />;
  return (
    <p className="checkout-business__vat" aria-live="polite" aria-busy={status !== 'current'}>
      {status === 'updating' || status === 'slow' ? (
        <FormattedMessage id="order.summary.updating" />
      ) : (
        <FormattedMessage
          id={
            vatNote === 'reverseCharge'
              ? 'checkout.business.reverseCharge'
              : vatNote === 'kor'
                ? 'checkout.business.kor'
                : 'checkout.business.vat'
          }
          values={{ rate: vatRate }}
        />
      )}
    </p>
  );
}
