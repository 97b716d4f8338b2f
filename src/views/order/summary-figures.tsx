// The order summary's figures and its "Finalize order" (src/views/order/order-summary.tsx keeps
// the summary's frame, the interval choice and the hooks that feed the quote): memoised, so a
// click renders them only when what they show has changed (D48I-1).
import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Lang } from '#domain/catalogue.ts';
import { CHECKOUT_LINK_PATH, checkoutLink } from '#domain/links.ts';
import { formatDate, formatMoney } from '#domain/format.ts';
import type { Interval } from '#domain/totals.ts';
import type { PublicQuote } from '#domain/quote-view.ts';
import {
  selectInterval,
  selectSelection,
} from '#machines/plan-selection/plan-selection.selectors.ts';
import {
  selectCheckoutDomain,
  selectIsComplete,
} from '#machines/domain-check/domain-check.selectors.ts';
import type { DomainCheckActor } from './domain-step.tsx';
import type { PlanSelectionActor } from './plan-builder.tsx';
import { QuoteSubtotals } from '../shared/quote-subtotals.tsx';
import {
  CouponCodeField,
  useAppliedCoupon,
  type CouponCodeActor,
} from '../shared/coupon-code-field.tsx';
import type { QuoteActor } from '../shared/quote-actor.ts';
import { QuoteStatusLine, QuoteVatNote, QuoteVatRow } from '../shared/quote-vat.tsx';

/**
 * What is paid after today, per period: with monthly billing the monthly plans per month and the
 * yearly ones per year; with yearly billing everything per year (the monthly plans' 12 months
 * and the yearly plans renew together, a year from today).
 */
export function afterToday(
  quote: PublicQuote,
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

/** The order page's actors and its language: what the summary and the overview read. */
export interface OrderSummaryProps {
  plans: PlanSelectionActor;
  domain: DomainCheckActor;
  /** The server's quote of the choice (src/views/shared/quote-actor.ts). */
  quote: QuoteActor;
  /** Whether the plans can go together (`useOrderAsk`). */
  valid: boolean;
  lang: Lang;
  /** The discount code field's actor (issue 46); absent: no field. */
  coupon?: CouponCodeActor | undefined;
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

export interface SummaryFiguresProps extends Omit<OrderSummaryProps, 'valid'> {
  shown: PublicQuote;
  stale: boolean;
  interval: Interval;
  finalizeId: string;
}

/** The summary's figures, memoised: rendered again only when what they show has changed. */
export const SummaryFigures = memo(function SummaryFigures({
  shown,
  stale,
  interval,
  plans,
  domain,
  quote: quoteActor,
  lang,
  coupon,
  finalizeId,
}: SummaryFiguresProps) {
  const intl = useIntl();
  return (
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
            {shown.lines.map((line) => (
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
      <QuoteStatusLine actor={quoteActor} />
      <dl
        className={`order-summary__totals${stale ? ' quote-figures--stale' : ''}`}
        aria-busy={stale}
      >
        <QuoteSubtotals quote={shown} lang={lang} />
        <QuoteVatRow quote={shown} lang={lang} />
        <div className="order-summary__due">
          <dt>
            <FormattedMessage id="order.summary.dueToday" />
          </dt>
          <dd data-testid="order-due-today">
            <Money cents={shown.totals.dueToday} lang={lang} />
          </dd>
        </div>
        <div className="order-summary__after">
          <dt>
            <FormattedMessage id="order.summary.afterToday" />
          </dt>
          <dd>
            {afterToday(shown).length > 0 ? (
              afterToday(shown)
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
      <QuoteVatNote quote={shown} className="order-summary__note" />

      <div className="order-summary__next">
        <h3>
          <FormattedMessage id="order.summary.nextPayments" />
        </h3>
        <ul>
          {shown.nextPayments.monthly ? (
            <li>
              <FormattedMessage
                id={
                  interval === 'yearly'
                    ? 'order.summary.nextMonthlyYearly'
                    : 'order.summary.nextMonthly'
                }
                values={{
                  amount: formatMoney(shown.totals.monthly * shown.monthsIncluded, lang),
                  date: formatDate(shown.nextPayments.monthly, lang),
                  end: formatDate(shown.monthlyTermEnd ?? shown.nextPayments.monthly, lang),
                }}
              />
            </li>
          ) : null}
          {shown.nextPayments.yearly ? (
            <li>
              <FormattedMessage
                id="order.summary.nextYearly"
                values={{
                  amount: formatMoney(shown.totals.yearly, lang),
                  date: formatDate(shown.nextPayments.yearly, lang),
                }}
              />
            </li>
          ) : null}
          {!shown.nextPayments.monthly && !shown.nextPayments.yearly ? (
            <li>
              <FormattedMessage id="order.summary.nothingLater" />
            </li>
          ) : null}
        </ul>
      </div>

      {/* On a phone, the floating chat button keeps clear of this hint, the button and its hint. */}
      {shown.totals.monthly > 0 && interval === 'monthly' ? (
        <p className="order-summary__hint" data-chat-avoid="">
          <FormattedMessage
            id="order.summary.hint12"
            values={{
              monthly: formatMoney(shown.totals.monthly, lang),
              annual: formatMoney(shown.annualMonthly, lang),
            }}
          />
        </p>
      ) : null}

      <FinalizeRow
        plans={plans}
        domain={domain}
        lang={lang}
        coupon={coupon}
        finalizeId={finalizeId}
      />
    </>
  );
});

/** "Finalize order": a link with the choice as it is now, once the domain step is settled. */
function FinalizeRow({
  plans,
  domain,
  lang,
  coupon,
  finalizeId,
}: Omit<SummaryFiguresProps, 'shown' | 'stale' | 'interval' | 'quote'>) {
  const intl = useIntl();
  const checkoutHref = useCheckoutHref(plans, domain, lang, coupon);
  // Finalize only once the domain step has an outcome, was skipped or deferred (issue 10).
  const domainSettled = useSelector(domain, selectIsComplete);
  return (
    <p className="order-summary__finalize" data-chat-avoid="">
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
  );
}
