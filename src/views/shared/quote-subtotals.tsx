import { FormattedMessage } from 'react-intl';
import { formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import { codeOfCouponLine } from '#domain/coupons.ts';
import type { PublicQuote } from '#domain/quote-view.ts';

/**
 * The subtotals of a quote, as rows of a `<dl>`: one-time, the monthly plans (with yearly
 * billing: their 12 months, paid today) and the yearly plans. The order page's summary and the
 * checkout's show the same rows, so the lines above them add up to "Due today" on both.
 */
export function QuoteSubtotals({ quote, lang }: { quote: PublicQuote; lang: Lang }) {
  // A discount (a coupon's line, e.g. the exit offer's EXIT10) is a one-time line of its own: shown as its own row, so the
  // one-time services never read as a negative amount.
  const discount = quote.lines
    .filter((line) => codeOfCouponLine(line.id) !== null)
    .reduce((sum, line) => sum + line.price, 0);
  const rows = [
    ['order.summary.oneTime', quote.totals.oneTime - discount],
    [
      quote.interval === 'yearly' ? 'order.summary.monthlyTimes12' : 'order.summary.monthly',
      quote.totals.monthly * quote.monthsIncluded,
    ],
    ['order.summary.yearly', quote.totals.yearly],
    ...(discount === 0 ? [] : ([['order.summary.discount', discount]] as const)),
  ] as const;
  return (
    <>
      {rows.map(([id, cents]) => (
        <div key={id}>
          <dt>
            <FormattedMessage id={id} />
          </dt>
          <dd>{formatMoney(cents, lang)}</dd>
        </div>
      ))}
    </>
  );
}
