import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Lang } from '#domain/language.ts';
import { checkPlans, type Interval, type QuoteDomain } from '#domain/totals.ts';
import type { VatHint } from '#domain/vat-hint.ts';
import type { quoteMachine } from '#machines/quote/quote.machine.ts';
import { selectQuote, selectQuoteRefusal } from '#machines/quote/quote.selectors.ts';
import type { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import type { addressLookupMachine } from '#machines/checkout/address-lookup.machine.ts';
import {
  buildCheckoutRequest,
  selectAccountTabWarning,
  selectBlockers,
  selectOffersStartNow,
  selectOrdersAsSignedIn,
  selectSmartAnswerSources,
  selectTab,
} from '#machines/checkout/checkout.selectors.ts';
import { FormField } from '../shared/form-field.tsx';
import { useSmartSourceList } from '../shared/smart-answers.tsx';
import { CheckoutAccountStep } from './checkout-account-step.tsx';
import { CheckoutBusiness, useCheckoutQuote, vatRefusalKey } from './checkout-business.tsx';
import {
  CouponCodeField,
  useAppliedCoupon,
  type CouponCodeActor,
} from '../shared/coupon-code-field.tsx';
import { CheckoutPayDue, CheckoutSummary } from './checkout-summary.tsx';
import { CheckoutTextField, type TextField } from './checkout-text-field.tsx';
import { useAfterPointer } from './use-after-pointer.ts';
import type { payButtonMachine } from '#machines/pay-button/pay-button.machine.ts';
import {
  selectIsPaying,
  selectPayError,
  selectSecondsLeft,
} from '#machines/pay-button/pay-button.selectors.ts';

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;
export type PayButtonActor = ActorRefFrom<typeof payButtonMachine>;
export type AddressLookupActor = ActorRefFrom<typeof addressLookupMachine>;

export interface CheckoutViewProps {
  plans: readonly string[];
  interval: Interval;
  domain: QuoteDomain | undefined;
  lang: Lang;
  today: Date;
  /** The discount code field's actor (issue 46: a code from the link, checked by the server). */
  coupon?: CouponCodeActor | undefined;
  /** The checkout form's actor (the route starts it; tests pass one with fake actors). */
  checkout: CheckoutActor;
  /** The pay button's actor. */
  pay: PayButtonActor;
  /** Dutch address completion. */
  address: AddressLookupActor;
  /** The server's VAT for a Dutch consumer (the route's context): the first figures. */
  vatHint?: VatHint;
  /** The quote's machine (tests pass one with a fake server). */
  quoteMachine?: typeof quoteMachine;
}

/** The checkout page body (SPEC 2 screen 11): renders the two machines and sends them events. */
export function CheckoutView(props: CheckoutViewProps) {
  const { plans, interval, domain, lang } = props;
  const intl = useIntl();
  const id = useId();
  const { checkout, pay, address } = props;
  const lookingUpAddress = useSelector(address, (snapshot) => snapshot.hasTag('busy'));
  const addressMissed = useSelector(address, (snapshot) => snapshot.hasTag('missed'));

  const tab = useSelector(checkout, selectTab);
  const detailsTitle = useRef<HTMLHeadingElement>(null);
  const shownTab = useRef(tab);
  useEffect(() => {
    if (shownTab.current === tab) return;
    shownTab.current = tab;
    // Step 1's form went away with the button that was pressed: take the focus to step 2's
    // title, so keyboard and screen-reader users go on from there. A tab the visitor chose
    // keeps the focus it has.
    const focused = document.activeElement;
    if (tab === 'details' && (focused === null || focused === document.body))
      detailsTitle.current?.focus();
  }, [tab]);
  const form = useSelector(checkout, (s) => s.context.form);
  const errors = useSelector(checkout, (s) => s.context.errors);
  const tabWarning = useSelector(checkout, selectAccountTabWarning);
  const blockers = useSelector(checkout, selectBlockers, (a, b) => a.join() === b.join());
  const signedInAs = useSelector(checkout, selectOrdersAsSignedIn);
  const offersStartNow = useSelector(checkout, selectOffersStartNow);
  const startNow = useSelector(checkout, (s) => s.context.startNow);
  const paying = useSelector(pay, selectIsPaying);
  const secondsLeft = useSelector(pay, selectSecondsLeft);
  const payError = useSelector(pay, selectPayError);
  const answerSources = useSelector(
    checkout,
    selectSmartAnswerSources,
    (a, b) => a.join() === b.join(),
  );
  const answerSourceList = useSmartSourceList(answerSources);

  const quoteActor = useCheckoutQuote(props);
  const appliedCoupon = useAppliedCoupon(props.coupon);
  const shown = useSelector(quoteActor, selectQuote);
  const vatRefused = useSelector(quoteActor, (s) => vatRefusalKey(selectQuoteRefusal(s, 'vat')));
  const valid = checkPlans(plans) === null && shown !== null;

  const afterPointer = useAfterPointer();
  const field = (name: TextField, refused?: string | null) => (
    <CheckoutTextField
      key={name}
      name={name}
      inputId={`${id}-${name}`}
      value={form[name]}
      error={errors[name] ?? refused ?? undefined}
      onChange={(value) => checkout.send({ type: 'user.changeField', field: name, value })}
      onBlur={() =>
        afterPointer(() => {
          if (name === 'postalcode' || name === 'address1') {
            const { form: current } = checkout.getSnapshot().context;
            address.send({
              type: 'user.lookupAddress',
              country: current.country,
              postalcode: current.postalcode,
              address1: current.address1,
            });
          }
          // A house number being looked up is checked once the street is filled in or missed
          // (the look-up's `fillAddress` and `missAddress`), not flagged as "no street" meanwhile.
          if (name !== 'address1' || !address.getSnapshot().hasTag('busy'))
            checkout.send({ type: 'user.blurField', field: name });
        })
      }
    />
  );

  const tabButton = (key: 'account' | 'details', label: ReactNode) => (
    <button
      type="button"
      role="tab"
      id={`${id}-tab-${key}`}
      aria-selected={tab === key}
      aria-controls={`${id}-panel`}
      tabIndex={tab === key ? 0 : -1}
      className="checkout-tabs__tab"
      onClick={() => checkout.send({ type: 'user.selectTab', tab: key })}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
          const next = key === 'account' ? 'details' : 'account';
          checkout.send({ type: 'user.selectTab', tab: next });
          document.getElementById(`${id}-tab-${next}`)?.focus();
        }
      }}
    >
      {label}
    </button>
  );

  return (
    <div className={`checkout checkout--${tab}`}>
      <div className="checkout__main">
        {/* The three steps as a sentence: the two tabs are the one step indicator (a list of
            three beside two tabs read as two indicators at once, issue 39). */}
        <p className="checkout-steps">
          <FormattedMessage
            id="checkout.steps.sentence"
            values={{
              account: intl.formatMessage({ id: 'checkout.steps.account' }),
              details: intl.formatMessage({ id: 'checkout.steps.details' }),
              payment: intl.formatMessage({ id: 'checkout.steps.payment' }),
            }}
          />
        </p>
        <div
          className="checkout-tabs"
          role="tablist"
          aria-label={intl.formatMessage({ id: 'checkout.tabs.label' })}
        >
          {tabButton(
            'account',
            <>
              <FormattedMessage id="checkout.tabs.account" />
              {tabWarning ? (
                <span
                  className="checkout-tabs__badge"
                  role="img"
                  aria-label={intl.formatMessage({ id: 'checkout.tabs.warning' })}
                >
                  !
                </span>
              ) : null}
            </>,
          )}
          {tabButton('details', <FormattedMessage id="checkout.tabs.details" />)}
        </div>

        <div
          id={`${id}-panel`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${tab}`}
          className="checkout-panel"
        >
          {tab === 'account' ? (
            <CheckoutAccountStep checkout={checkout} emailField={field('email')} />
          ) : (
            <form
              noValidate
              className="checkout-form"
              onSubmit={(event) => {
                event.preventDefault();
                pay.send({
                  type: 'user.pay',
                  blockers,
                  body: buildCheckoutRequest(checkout.getSnapshot(), {
                    plans,
                    interval,
                    domain,
                    lang,
                    coupon: appliedCoupon?.code,
                  }),
                });
              }}
            >
              <h2 ref={detailsTitle} tabIndex={-1}>
                <FormattedMessage id="checkout.details.title" />
              </h2>
              <p className="checkout-form__intro">
                <FormattedMessage id="checkout.address.hint" />
              </p>
              {signedInAs ? (
                <p className="checkout-form__intro">
                  <FormattedMessage id="checkout.details.signedIn" values={{ email: signedInAs }} />
                </p>
              ) : null}
              <div className="checkout-form__grid">
                {field('firstname')}
                {field('lastname')}
                {field('postalcode')}
                {field('address1')}
                {field('city')}
                <p className="checkout-form__status checkout-form__status--wide" role="status">
                  {lookingUpAddress ? (
                    <FormattedMessage id="checkout.address.looking" />
                  ) : addressMissed ? (
                    <FormattedMessage id="checkout.address.notFound" />
                  ) : null}
                </p>
                <FormField
                  id={`${id}-country`}
                  labelId="checkout.fields.country"
                  error={errors.country}
                  block="checkout-form"
                >
                  {(control) => (
                    <select
                      {...control}
                      name="country"
                      autoComplete="country"
                      value={form.country}
                      onChange={(event) =>
                        checkout.send({
                          type: 'user.changeField',
                          field: 'country',
                          value: event.target.value,
                        })
                      }
                      onBlur={() => checkout.send({ type: 'user.blurField', field: 'country' })}
                    >
                      <option value="NL">
                        {intl.formatMessage({ id: 'checkout.fields.countryNL' })}
                      </option>
                      <option value="BE">
                        {intl.formatMessage({ id: 'checkout.fields.countryBE' })}
                      </option>
                    </select>
                  )}
                </FormField>
                {field('phone')}
                {signedInAs ? null : field('password')}
                <CheckoutBusiness
                  checkout={checkout}
                  quote={quoteActor}
                  inputId={`${id}-business`}
                  fields={[field('company'), field('kvk'), field('vat', vatRefused)]}
                />
                {domain?.type === 'transfer' ? field('authCode') : null}
              </div>
              <div className="checkout-terms">
                <input
                  id={`${id}-tos`}
                  type="checkbox"
                  name="tos"
                  checked={form.tos}
                  aria-invalid={errors.tos ? true : undefined}
                  aria-describedby={errors.tos ? `${id}-tos-error` : undefined}
                  onChange={(event) =>
                    checkout.send({ type: 'user.toggleTerms', checked: event.target.checked })
                  }
                />
                <label htmlFor={`${id}-tos`}>
                  <FormattedMessage
                    id="checkout.terms.label"
                    values={{
                      terms: (
                        <a
                          href="/legal/terms-and-conditions"
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          <FormattedMessage id="checkout.terms.termsLink" />
                        </a>
                      ),
                      privacy: (
                        <a href="/legal/privacy-policy" target="_blank" rel="noopener noreferrer">
                          <FormattedMessage id="checkout.terms.privacyLink" />
                        </a>
                      ),
                    }}
                  />
                </label>
                {errors.tos ? (
                  <p id={`${id}-tos-error`} className="checkout-form__error">
                    <FormattedMessage id={errors.tos} />
                  </p>
                ) : null}
              </div>
              {offersStartNow ? (
                <div className="checkout-terms checkout-terms--start-now">
                  <input
                    id={`${id}-start-now`}
                    type="checkbox"
                    name="startNow"
                    checked={startNow}
                    onChange={(event) =>
                      checkout.send({ type: 'user.toggleStartNow', checked: event.target.checked })
                    }
                  />
                  <label htmlFor={`${id}-start-now`}>
                    <FormattedMessage id="checkout.startNow.label" />
                  </label>
                </div>
              ) : null}
              {answerSources.length > 0 ? (
                <p className="checkout-form__answers">
                  <FormattedMessage
                    id="checkout.answers.note"
                    values={{ sources: answerSourceList }}
                  />
                </p>
              ) : null}
              <CheckoutPayDue quote={quoteActor} lang={lang} />
              {blockers.length > 0 && !paying ? (
                <div className="checkout-blockers" id={`${id}-blockers`}>
                  <p>
                    <FormattedMessage id="checkout.pay.blocked" />
                  </p>
                  <ul>
                    {blockers.map((key) => (
                      <li key={key}>
                        <FormattedMessage id={key} />
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <button
                type="submit"
                className="button checkout-pay"
                disabled={paying || blockers.length > 0 || !valid}
                aria-describedby={blockers.length > 0 ? `${id}-blockers` : undefined}
              >
                {paying ? (
                  <FormattedMessage
                    id="checkout.pay.processing"
                    values={{ seconds: secondsLeft }}
                  />
                ) : (
                  <FormattedMessage id="checkout.pay.button" />
                )}
              </button>
              <p className="checkout-form__alert" role="alert">
                {payError ? <FormattedMessage id={payError} /> : null}
              </p>
            </form>
          )}
        </div>
      </div>
      <CheckoutSummary
        quote={quoteActor}
        lang={lang}
        coupon={
          props.coupon ? <CouponCodeField actor={props.coupon} block="checkout-form" /> : null
        }
      />
    </div>
  );
}
