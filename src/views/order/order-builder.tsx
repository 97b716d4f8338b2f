import { useActorRef, useSelector } from '@xstate/react';
import { memo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isPlanId, optionById, type Lang, type PlanId } from '#domain/catalogue.ts';
import { formatMoney } from '#domain/format.ts';
import { DEFAULT_RECOMMENDATION } from '#domain/plan-selection.ts';
import { domainCheckMachine } from '#machines/domain-check/domain-check.machine.ts';
import { readSavedDomainSelection } from '#machines/shared/domain-selection.ts';
import { planSelectionMachine } from '#machines/plan-selection/plan-selection.machine.ts';
import {
  readSavedInterval,
  readSavedToggles,
} from '#machines/plan-selection/plan-selection.actors.ts';
import { selectSelection } from '#machines/plan-selection/plan-selection.selectors.ts';
import { DomainStep } from './domain-step.tsx';
import { PlanBuilder } from './plan-builder.tsx';
import {
  OrderSummary,
  useCouponOrder,
  useOrderAsk,
  type OrderSummaryProps,
} from './order-summary.tsx';
import { useCouponCode } from '../shared/coupon-code-field.tsx';
import { useQuoteActor } from '../shared/quote-actor.ts';
import { selectQuote } from '#machines/quote/quote.selectors.ts';
import type { quoteMachine } from '#machines/quote/quote.machine.ts';
import { DEFAULT_VAT_HINT, type VatHint } from '#domain/vat-hint.ts';
import { readPlannerAnswers, type PlannerRecommendation } from './planner-answers.ts';

export interface OrderBuilderProps {
  lang: Lang;
  /** Plan ids from the URL, already parsed (`parsePlansParam`). */
  preselected: readonly PlanId[];
  /** Machines with their actors; tests pass versions with controlled fakes. */
  machines?: {
    planSelection?: typeof planSelectionMachine;
    domainCheck?: typeof domainCheckMachine;
    quote?: typeof quoteMachine;
  };
  /** The server's VAT for a Dutch consumer (the route's context): the first figures. */
  vatHint?: VatHint;
  /** Planner answers; read from localStorage when not given. */
  answers?: PlannerRecommendation | null;
  /** false: start from the defaults, as the server renders (order-body.tsx); default true. */
  fromStorage?: boolean;
  today?: Date;
  /** A discount code from the link (`coupon=`), checked by the server at once (issue 46). */
  coupon?: string | undefined;
}

function useRecommendationText(
  lang: Lang,
  preselected: readonly PlanId[],
  answers: PlannerRecommendation | null,
): string {
  const intl = useIntl();
  const recommended = (answers?.recommendedProducts ?? []).filter(isPlanId);
  const ids =
    preselected.length > 0
      ? preselected
      : recommended.length > 0
        ? recommended
        : DEFAULT_RECOMMENDATION;
  const plans = intl.formatList(
    ids.map((id) => optionById(id)?.displayName[lang] ?? id),
    { type: 'conjunction' },
  );
  // The planner comes here with its recommendation in the address: that is the answers' choice,
  // not a link someone sent ("Pre-selected from your link" after the planner, issue 39).
  const fromAnswers =
    preselected.length > 0 &&
    recommended.length > 0 &&
    preselected.length === new Set(recommended).size &&
    preselected.every((id) => recommended.includes(id));
  if (preselected.length > 0 && !fromAnswers)
    return intl.formatMessage({ id: 'order.recommendation.link' }, { plans });
  if (answers && recommended.length > 0) {
    return answers.name
      ? intl.formatMessage({ id: 'order.recommendation.personal' }, { plans, name: answers.name })
      : intl.formatMessage({ id: 'order.recommendation.answers' }, { plans });
  }
  return intl.formatMessage({ id: 'order.recommendation.generic' }, { plans });
}

const Overview = memo(function Overview({
  plans,
  quote: quoteActor,
  valid,
  lang,
}: OrderSummaryProps) {
  const selection = useSelector(plans, selectSelection);
  const quote = useSelector(quoteActor, selectQuote);
  return (
    <aside className="order-overview" aria-labelledby="order-overview-title">
      <h2 id="order-overview-title" className="order-overview__title">
        <FormattedMessage id="order.overview.title" />
      </h2>
      <p>
        <FormattedMessage
          id="order.overview.text"
          values={{
            count: selection.length,
            total: valid && quote ? formatMoney(quote.totals.dueToday, lang) : '-',
          }}
        />
      </p>
      <ol className="order-overview__steps">
        <li>
          <a href="#order-build-title">
            <FormattedMessage id="order.steps.build" />
          </a>
        </li>
        <li>
          <a href="#order-domain-title">
            <FormattedMessage id="order.steps.domain" />
          </a>
        </li>
        <li>
          <a href="#order-review-title">
            <FormattedMessage id="order.steps.review" />
          </a>
        </li>
      </ol>
    </aside>
  );
});

/**
 * The interactive order page: the package builder, the domain step and the summary. It starts
 * from the visitor's own state (planner answers, saved toggles, saved domain) when `fromStorage`,
 * else from the defaults (the server's render).
 */
export function OrderBuilder({
  lang,
  preselected,
  machines,
  answers,
  today,
  vatHint = DEFAULT_VAT_HINT,
  fromStorage = true,
  coupon: couponCode,
}: OrderBuilderProps) {
  const [start] = useState(() => {
    const planner = answers !== undefined ? answers : fromStorage ? readPlannerAnswers() : null;
    return {
      planner,
      today: today ?? new Date(),
      savedToggles: fromStorage ? readSavedToggles() : {},
      savedInterval: fromStorage ? readSavedInterval() : null,
      savedDomain: fromStorage ? readSavedDomainSelection() : null,
    };
  });
  const plans = useActorRef(machines?.planSelection ?? planSelectionMachine, {
    input: {
      recommended: start.planner?.recommendedProducts ?? [],
      preselected,
      savedToggles: start.savedToggles,
      ...(start.savedInterval ? { interval: start.savedInterval } : {}),
    },
  });
  const domain = useActorRef(machines?.domainCheck ?? domainCheckMachine, {
    input: { saved: start.savedDomain },
  });
  const recommendation = useRecommendationText(lang, preselected, start.planner);
  const coupon = useCouponCode(lang, couponCode, useCouponOrder(plans, domain));
  const { ask, valid } = useOrderAsk(plans, domain, lang, coupon);
  const quote = useQuoteActor(ask, vatHint, start.today, machines?.quote);
  const shared = { plans, domain, quote, valid, lang, coupon };

  return (
    <div className="order-layout">
      {/* First in the page as on a phone's screen: placed after the steps by CSS, a page painted
          before all of it has arrived moved the steps down when it came (decisions S33). */}
      <Overview {...shared} />
      <div className="order-layout__main">
        <PlanBuilder actor={plans} lang={lang} recommendation={recommendation} />
        <DomainStep actor={domain} />
        <OrderSummary {...shared} />
      </div>
    </div>
  );
}
