import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import type { PublicQuote } from '#domain/quote-view.ts';
import { selectQuoteStatus } from '#machines/quote/quote.selectors.ts';
import type { QuoteActor } from './quote-actor.ts';

/**
 * The VAT row of a summary's totals (a `<dl>` row), as the server's quote says: the rate, the
 * KOR's 0% with its footnote mark, or the reverse charge.
 */
export function QuoteVatRow({ quote, lang }: { quote: PublicQuote; lang: Lang }) {
  const { vatNote, vatRate, vat } = quote.totals;
  return (
    <div data-vat-note={vatNote ?? 'none'}>
      <dt>
        <FormattedMessage
          id={
            vatNote === 'kor'
              ? 'order.summary.vat'
              : vatNote === 'reverseCharge'
                ? 'order.summary.vatReverseCharge'
                : 'order.summary.vatRate'
          }
          values={{ rate: vatRate }}
        />
      </dt>
      <dd>{formatMoney(vat, lang)}</dd>
    </div>
  );
}

/** The footnote of the VAT row (none for plain VAT). */
export function QuoteVatNote({ quote, className }: { quote: PublicQuote; className: string }) {
  const { vatNote } = quote.totals;
  if (vatNote === null) return null;
  return (
    <p className={className}>
      <FormattedMessage
        id={vatNote === 'kor' ? 'order.summary.vatNote' : 'order.summary.vatReverseChargeNote'}
      />
    </p>
  );
}

/**
 * Says the figures are being updated, or could not be, with a retry; always there (empty when the
 * figures are current), so nothing moves when it speaks.
 */
export function QuoteStatusLine({ actor }: { actor: QuoteActor }) {
  const status = useSelector(actor, selectQuoteStatus);
  return (
    <p className="quote-status" aria-live="polite">
      {status === 'updating' ? <FormattedMessage id="order.summary.updating" /> : null}
      {status === 'failed' || status === 'slow' ? (
        <>
          <FormattedMessage
            id={status === 'failed' ? 'order.summary.updateFailed' : 'order.summary.updateSlow'}
          />{' '}
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => actor.send({ type: 'user.retryQuote' })}
          >
            <FormattedMessage id="order.summary.retry" />
          </button>
        </>
      ) : null}
    </p>
  );
}

/** Whether the figures are not the current choice's (the summary dims them, `aria-busy`). */
export function useQuoteStale(actor: QuoteActor): boolean {
  return useSelector(actor, (snapshot) => selectQuoteStatus(snapshot) !== 'current');
}
