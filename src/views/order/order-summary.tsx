import { useSelector } from '@xstate/react';
import { useDeferredValue } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Lang } from '#domain/catalogue.ts';
import { checkPlans, type Interval } from '#domain/totals.ts';
import type { QuoteAsk } from '#machines/quote/quote.types.ts';
import { selectQuote } from '#machines/quote/quote.selectors.ts';
import {
  selectInterval,
  selectSelection,
} from '#machines/plan-selection/plan-selection.selectors.ts';
import { selectQuoteDomain } from '#machines/domain-check/domain-check.selectors.ts';
import type { DomainCheckActor } from './domain-step.tsx';
import type { PlanSelectionActor } from './plan-builder.tsx';
import type { CouponOrder } from '#machines/coupon-code/coupon-code.actors.ts';
import { useAppliedCoupon, type CouponCodeActor } from '../shared/coupon-code-field.tsx';
import { useQuoteActor } from '../shared/quote-actor.ts';
import { DEFAULT_VAT_HINT, type VatHint } from '#domain/vat-hint.ts';
import type { quoteMachine } from '#machines/quote/quote.machine.ts';
import { useQuoteStale } from '../shared/quote-vat.tsx';
import { SummaryFigures, type OrderSummaryProps } from './summary-figures.tsx';

export type { OrderSummaryProps } from './summary-figures.tsx';

/**
 * What the order page asks the server's quote for (the package and domain as chosen now): one
 * object, as `useQuoteActor` takes it; `valid` is false for plans that cannot go together (the
 * summary says so instead of figures).
 */
export function useOrderAsk(
  plans: PlanSelectionActor,
  domain: DomainCheckActor,
  lang: Lang,
  coupon?: CouponCodeActor,
): { ask: QuoteAsk; valid: boolean } {
  // A code the server accepted for this order (issue 46): one more field of the request.
  const applied = useAppliedCoupon(coupon);
  const selection = useSelector(plans, selectSelection);
  const interval = useSelector(plans, selectInterval);
  const quoteDomain = useSelector(
    domain,
    selectQuoteDomain,
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  return {
    ask: {
      request: {
        plans: [...selection],
        interval,
        ...(quoteDomain ? { domain: quoteDomain } : {}),
        ...(applied ? { coupon: applied.code } : {}),
      },
      lang,
    },
    valid: checkPlans(selection) === null,
  };
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
 * Step 3 (SPEC 2 screen 10): lines, totals, next payments, interval, finalize. `finalizeId` words
 * the link to checkout (the Blueprint 100 plan card's is its sign-up link, SPEC 2 screen 7).
 */
export function OrderSummary({
  plans,
  domain,
  quote: quoteActor,
  valid,
  lang,
  coupon,
  finalizeId = 'order.summary.finalize',
}: OrderSummaryProps & { finalizeId?: string }) {
  const interval = useSelector(plans, selectInterval);
  // The radio answers a click in the next frame; the figures follow in a render of their own that
  // the browser may interrupt (useDeferredValue), a frame or two later (issue 48, INP of the
  // interval switch). The choice itself is in the machine at once, and the finalize link reads
  // it live (FinalizeRow), so nothing leaves the page with an older choice.
  const shown = useDeferredValue(useSelector(quoteActor, selectQuote));
  const stale = useDeferredValue(useQuoteStale(quoteActor));
  const figuresInterval = useDeferredValue(interval);
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

      {!valid || !shown ? (
        <p className="order-domain__message order-domain__message--error" role="alert">
          <FormattedMessage id="order.summary.invalid" />
        </p>
      ) : (
        <SummaryFigures
          shown={shown}
          stale={stale}
          interval={figuresInterval}
          plans={plans}
          domain={domain}
          quote={quoteActor}
          lang={lang}
          coupon={coupon}
          finalizeId={finalizeId}
        />
      )}
    </section>
  );
}

/**
 * The summary with a quote of its own, for a page that shows no other figures (the Blueprint 100
 * plan card) and for tests of the summary.
 */
export function QuotedOrderSummary({
  plans,
  domain,
  lang,
  today,
  vatHint = DEFAULT_VAT_HINT,
  quoteMachine: machine,
  finalizeId,
}: {
  plans: PlanSelectionActor;
  domain: DomainCheckActor;
  lang: Lang;
  today: Date;
  vatHint?: VatHint;
  quoteMachine?: typeof quoteMachine;
  finalizeId?: string;
}) {
  const { ask, valid } = useOrderAsk(plans, domain, lang);
  const quote = useQuoteActor(ask, vatHint, today, machine);
  return (
    <OrderSummary
      plans={plans}
      domain={domain}
      quote={quote}
      valid={valid}
      lang={lang}
      {...(finalizeId ? { finalizeId } : {})}
    />
  );
}
