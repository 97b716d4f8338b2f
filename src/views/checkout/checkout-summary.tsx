import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import { selectQuote } from '#machines/quote/quote.selectors.ts';
import type { QuoteActor } from '../shared/quote-actor.ts';
import { QuoteSubtotals } from '../shared/quote-subtotals.tsx';
import { QuoteStatusLine, QuoteVatNote, QuoteVatRow, useQuoteStale } from '../shared/quote-vat.tsx';

/**
 * The checkout's order summary (SPEC 2 screen 11, aside): the same lines and totals as the order
 * page's summary, from the server's quote for the package and who orders (issue 43).
 */
export function CheckoutSummary({
  quote: actor,
  lang,
  coupon,
}: {
  quote: QuoteActor;
  lang: Lang;
  /** The discount code field (issue 46), above the totals. */
  coupon?: ReactNode;
}) {
  const id = useId();
  const quote = useSelector(actor, selectQuote);
  const stale = useQuoteStale(actor);
  return (
    <aside className="checkout-summary" aria-labelledby={`${id}-summary`}>
      <h2 id={`${id}-summary`}>
        <FormattedMessage id="checkout.summary.title" />
      </h2>
      {quote ? (
        <>
          <ul className="checkout-summary__lines">
            {quote.lines.map((line) => (
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
          <QuoteStatusLine actor={actor} />
          <dl
            className={`checkout-summary__totals${stale ? ' quote-figures--stale' : ''}`}
            aria-busy={stale}
          >
            <QuoteSubtotals quote={quote} lang={lang} />
            <QuoteVatRow quote={quote} lang={lang} />
            <div className="checkout-summary__due">
              <dt>
                <FormattedMessage id="order.summary.dueToday" />
              </dt>
              <dd>{formatMoney(quote.totals.dueToday, lang)}</dd>
            </div>
          </dl>
          <QuoteVatNote quote={quote} className="checkout-summary__note" />
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

/**
 * The amount due by the pay button, where the summary gives way to the form (small screens, step
 * 2): with the summary's status line, so a figure being updated or not updated says so there too.
 */
export function CheckoutPayDue({ quote: actor, lang }: { quote: QuoteActor; lang: Lang }) {
  const quote = useSelector(actor, selectQuote);
  const stale = useQuoteStale(actor);
  if (!quote) return null;
  return (
    <div className="checkout-pay__quote">
      <p className={`checkout-pay__due${stale ? ' quote-figures--stale' : ''}`} aria-busy={stale}>
        <FormattedMessage id="order.summary.dueToday" />{' '}
        <strong>{formatMoney(quote.totals.dueToday, lang)}</strong>
      </p>
      <QuoteStatusLine actor={actor} />
    </div>
  );
}
