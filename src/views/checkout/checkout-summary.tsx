import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import type { QuoteResult } from '#domain/totals.ts';
import { QuoteSubtotals } from '../shared/quote-subtotals.tsx';

/**
 * The checkout's order summary (SPEC 2 screen 11, aside): the same lines and totals as the order
 * page's summary, from the same computeQuote input (domain/domain-step.ts maps the domain step).
 */
export function CheckoutSummary({
  quote,
  lang,
  coupon,
}: {
  quote: QuoteResult;
  lang: Lang;
  /** The discount code field (issue 46), above the totals. */
  coupon?: ReactNode;
}) {
  const id = useId();
  return (
    <aside className="checkout-summary" aria-labelledby={`${id}-summary`}>
      <h2 id={`${id}-summary`}>
        <FormattedMessage id="checkout.summary.title" />
      </h2>
      {quote.ok ? (
        <>
          <ul className="checkout-summary__lines">
            {quote.quote.lines.map((line) => (
              <li key={line.id}>
                <span>{line.displayName}</span>
                <span>
                  {formatMoney(line.price, lang)}
                  {line.billing === 'monthly' || line.billing === 'yearly' ? (
                    <span className="checkout-summary__billing">
                      {' '}
                      <FormattedMessage id={`checkout.summary.per.${line.billing}`} />
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
          {coupon}
          <dl className="checkout-summary__totals">
            <QuoteSubtotals quote={quote.quote} lang={lang} />
            <div>
              <dt>
                <FormattedMessage
                  id="order.summary.vat"
                  values={{ rate: quote.quote.totals.vatRate }}
                />
              </dt>
              <dd>{formatMoney(quote.quote.totals.vat, lang)}</dd>
            </div>
            <div className="checkout-summary__due">
              <dt>
                <FormattedMessage id="order.summary.dueToday" />
              </dt>
              <dd>{formatMoney(quote.quote.totals.dueToday, lang)}</dd>
            </div>
          </dl>
          <p className="checkout-summary__note">
            <FormattedMessage id="order.summary.vatNote" />
          </p>
        </>
      ) : (
        <p>
          <FormattedMessage id="checkout.summary.empty" />{' '}
          <a href="/total-package/order">
            <FormattedMessage id="common.cta.buildPackage" />
          </a>
        </p>
      )}
    </aside>
  );
}
