import { useSelector } from '@xstate/react';
import { CHECKOUT_LINK_PATH, checkoutLink } from '#domain/links.ts';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Lang } from '#domain/catalogue.ts';
import { formatDate, formatMoney } from '#domain/format.ts';
import { computeQuote, type Interval, type Quote, type QuoteResult } from '#domain/totals.ts';
import {
  selectInterval,
  selectSelection,
} from '#machines/plan-selection/plan-selection.selectors.ts';
import {
  selectCheckoutDomain,
  selectIsComplete,
  selectQuoteDomain,
} from '#machines/domain-check/domain-check.selectors.ts';
import type { DomainCheckActor } from './domain-step.tsx';
import type { PlanSelectionActor } from './plan-builder.tsx';
import { QuoteSubtotals } from '../shared/quote-subtotals.tsx';
import type { CouponOrder } from '#machines/coupon-code/coupon-code.actors.ts';
import {
  CouponCodeField,
  useAppliedCoupon,
  type CouponCodeActor,
} from '../shared/coupon-code-field.tsx';

/** The quote of the package and domain as chosen now: the rule book's computeQuote. */
export function useOrderQuote(
  plans: PlanSelectionActor,
  domain: DomainCheckActor,
  lang: Lang,
  today: Date,
  coupon?: CouponCodeActor,
): QuoteResult {
  // A code the server accepted for this order: priced by the same rule (domain/coupons.ts).
  const applied = useAppliedCoupon(coupon);
  const selection = useSelector(plans, selectSelection);
  const interval = useSelector(plans, selectInterval);
  const quoteDomain = useSelector(
    domain,
    selectQuoteDomain,
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const result = computeQuote({
    plans: selection,
    interval,
    domain: quoteDomain,
    today,
    lang,
    coupon: applied ?? undefined,
  });
  // Checked again by the machine when the order changes; until then, never refuse the order.
  return result.ok || !applied
    ? result
    : computeQuote({ plans: selection, interval, domain: quoteDomain, today, lang });
}

/** The order as the discount code is checked against it (the order page's packages and domain). */
export function useCouponOrder(plans: PlanSelectionActor, domain: DomainCheckActor): CouponOrder {
  const selection = useSelector(plans, selectSelection);
  const interval = useSelector(plans, selectInterval);
  const quoteDomain = useSelector(
    domain,
    selectQuoteDomain,
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  return { plans: selection, interval, ...(quoteDomain ? { domain: quoteDomain } : {}) };
}

/**
 * `/checkout?plans=a,b&lang=nl&interval=monthly&domain=name&domainChoice=keep`: everything the
 * checkout needs to show this package, also in a browser that did not keep the order page's
 * steps (M24); the domain only when one is chosen.
 */
export function useCheckoutHref(
  plans: PlanSelectionActor,
  domain: DomainCheckActor,
  lang: Lang,
  coupon?: CouponCodeActor,
): string {
  const applied = useAppliedCoupon(coupon);
  const selection = useSelector(plans, selectSelection);
  const interval = useSelector(plans, selectInterval);
  const linkDomain = useSelector(
    domain,
    selectCheckoutDomain,
    (a, b) => a.domain === b.domain && a.domainChoice === b.domainChoice,
  );
  return (
    checkoutLink({
      plans: selection,
      lang,
      interval,
      ...linkDomain,
      ...(applied ? { coupon: applied.code } : {}),
    }) ?? CHECKOUT_LINK_PATH
  );
}

/**
 * What is paid after today, per period: with monthly billing the monthly plans per month and the
 * yearly ones per year; with yearly billing everything per year (the monthly plans' 12 months
 * and the yearly plans renew together, a year from today).
 */
export function afterToday(
  quote: Quote,
): Array<['order.price.monthly' | 'order.price.yearly', number]> {
  const { monthly, yearly } = quote.totals;
  const periods: Array<['order.price.monthly' | 'order.price.yearly', number]> =
    quote.interval === 'yearly'
      ? [['order.price.yearly', monthly * quote.monthsIncluded + yearly]]
      : [
          ['order.price.monthly', monthly],
          ['order.price.yearly', yearly],
        ];
  return periods.filter(([, cents]) => cents > 0);
}

function Money({ cents, lang }: { cents: number; lang: Lang }) {
  return <>{formatMoney(cents, lang)}</>;
}

/** The order page's two actors, its language and its day: what the summary and the overview read. */
export interface OrderSummaryProps {
  plans: PlanSelectionActor;
  domain: DomainCheckActor;
  lang: Lang;
  today: Date;
  /** The discount code field's actor (issue 46); absent: no field. */
  coupon?: CouponCodeActor | undefined;
}

/**
 * Step 3 (SPEC 2 screen 10): lines, totals, next payments, interval, finalize. `finalizeId` words
 * the link to checkout (the Blueprint 100 plan card's is its sign-up link, SPEC 2 screen 7).
 */
export function OrderSummary({
  plans,
  domain,
  lang,
  today,
  coupon,
  finalizeId = 'order.summary.finalize',
}: OrderSummaryProps & { finalizeId?: string }) {
  const intl = useIntl();
  const result = useOrderQuote(plans, domain, lang, today, coupon);
  const interval = useSelector(plans, selectInterval);
  const checkoutHref = useCheckoutHref(plans, domain, lang, coupon);
  // Finalize only once the domain step has an outcome, was skipped or deferred (issue 10).
  const domainSettled = useSelector(domain, selectIsComplete);
  const setInterval = (value: Interval) =>
    plans.send({ type: 'user.setInterval', interval: value });

  return (
    <section className="order-step order-summary" aria-labelledby="order-review-title">
      <h2 id="order-review-title" className="order-step__title">
        <span className="order-step__number" aria-hidden="true">
          3
        </span>
        <FormattedMessage id="order.steps.review" />
      </h2>
      <fieldset className="order-summary__interval">
        <legend>
          <FormattedMessage id="order.summary.interval" />
        </legend>
        {(['monthly', 'yearly'] as const).map((value) => (
          <label key={value} className="order-summary__interval-option">
            <input
              type="radio"
              name="order-interval"
              value={value}
              checked={interval === value}
              onChange={() => setInterval(value)}
            />
            <FormattedMessage id={`order.summary.pay.${value}`} />
          </label>
        ))}
      </fieldset>

      {!result.ok ? (
        <p className="order-domain__message order-domain__message--error" role="alert">
          <FormattedMessage id="order.summary.invalid" />
        </p>
      ) : (
        <>
          <div className="order-summary__table-wrap">
            <table className="order-summary__table">
              <caption>
                <FormattedMessage id="order.summary.caption" />
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="order.summary.service" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="order.summary.billing" />
                  </th>
                  <th scope="col" className="order-summary__amount">
                    <FormattedMessage id="order.summary.price" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.quote.lines.map((line) => (
                  <tr key={line.id} data-line-id={line.id}>
                    <th scope="row">{line.displayName}</th>
                    <td>
                      <FormattedMessage id={`order.billing.${line.billing}`} />
                    </td>
                    <td className="order-summary__amount">
                      <Money cents={line.price} lang={lang} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {coupon ? <CouponCodeField actor={coupon} block="order-summary" /> : null}
          <dl className="order-summary__totals">
            <QuoteSubtotals quote={result.quote} lang={lang} />
            <div>
              <dt>
                <FormattedMessage
                  id="order.summary.vat"
                  values={{ rate: result.quote.totals.vatRate }}
                />
              </dt>
              <dd>
                <Money cents={result.quote.totals.vat} lang={lang} />
              </dd>
            </div>
            <div className="order-summary__due">
              <dt>
                <FormattedMessage id="order.summary.dueToday" />
              </dt>
              <dd data-testid="order-due-today">
                <Money cents={result.quote.totals.dueToday} lang={lang} />
              </dd>
            </div>
            <div className="order-summary__after">
              <dt>
                <FormattedMessage id="order.summary.afterToday" />
              </dt>
              <dd>
                {afterToday(result.quote).length > 0 ? (
                  afterToday(result.quote)
                    .map(([id, cents]) =>
                      intl.formatMessage({ id }, { price: formatMoney(cents, lang) }),
                    )
                    .join(' + ')
                ) : (
                  <Money cents={0} lang={lang} />
                )}
              </dd>
            </div>
          </dl>
          <p className="order-summary__note">
            <FormattedMessage id="order.summary.vatNote" />
          </p>

          <div className="order-summary__next">
            <h3>
              <FormattedMessage id="order.summary.nextPayments" />
            </h3>
            <ul>
              {result.quote.nextPayments.monthly ? (
                <li>
                  <FormattedMessage
                    id={
                      interval === 'yearly'
                        ? 'order.summary.nextMonthlyYearly'
                        : 'order.summary.nextMonthly'
                    }
                    values={{
                      amount: formatMoney(
                        result.quote.totals.monthly * result.quote.monthsIncluded,
                        lang,
                      ),
                      date: formatDate(result.quote.nextPayments.monthly, lang),
                      end: formatDate(
                        result.quote.monthlyTermEnd ?? result.quote.nextPayments.monthly,
                        lang,
                      ),
                    }}
                  />
                </li>
              ) : null}
              {result.quote.nextPayments.yearly ? (
                <li>
                  <FormattedMessage
                    id="order.summary.nextYearly"
                    values={{
                      amount: formatMoney(result.quote.totals.yearly, lang),
                      date: formatDate(result.quote.nextPayments.yearly, lang),
                    }}
                  />
                </li>
              ) : null}
              {!result.quote.nextPayments.monthly && !result.quote.nextPayments.yearly ? (
                <li>
                  <FormattedMessage id="order.summary.nothingLater" />
                </li>
              ) : null}
            </ul>
          </div>

          {result.quote.totals.monthly > 0 && interval === 'monthly' ? (
            <p className="order-summary__hint">
              <FormattedMessage
                id="order.summary.hint12"
                values={{
                  monthly: formatMoney(result.quote.totals.monthly, lang),
                  annual: formatMoney(result.quote.annualMonthly, lang),
                }}
              />
            </p>
          ) : null}

          <p className="order-summary__finalize">
            {domainSettled ? (
              <a className="button" href={checkoutHref}>
                {intl.formatMessage({ id: finalizeId })}
              </a>
            ) : (
              <>
                <button
                  type="button"
                  className="button"
                  disabled
                  aria-describedby="order-summary-finalize-blocked"
                >
                  {intl.formatMessage({ id: finalizeId })}
                </button>{' '}
                <span id="order-summary-finalize-blocked" className="order-summary__blocked">
                  <FormattedMessage id="order.summary.finalizeBlocked" />
                </span>
              </>
            )}
          </p>
        </>
      )}
    </section>
  );
}
