import { FormattedMessage } from 'react-intl';
import { billingLabel, optionById, resolvePrice, type PlanId } from '#domain/catalogue.ts';
import { formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import { PagedCards } from './paged-cards.tsx';

/** SPEC section 3: the option's rationale, shown where a recommendation is explained. */
export function PlanRationale({ id, className }: { id: PlanId; className: string }) {
  return (
    <small className={className} data-rationale={id}>
      <FormattedMessage id={`plan.rationale.${id}`} />
    </small>
  );
}

/** A recommended product with its price and why it is recommended (planner and quiz). */
export function RecommendedPlanLine({ id, lang }: { id: PlanId; lang: Lang }) {
  const option = optionById(id);
  if (!option) return null;
  const billing = billingLabel(option.prices);
  return (
    <li className="planner__product">
      <span>{option.displayName[lang]}</span>
      <span className="planner__price">
        <FormattedMessage
          id={`planner.billing.${billing}`}
          values={{ price: formatMoney(resolvePrice(option.prices, { id }), lang) }}
        />
      </span>
      <PlanRationale id={id} className="planner__rationale" />
    </li>
  );
}

/** Recommended products as cards, three to a page (planner and quiz plan-ready screens). */
export function RecommendedPlanCards({
  ids,
  lang,
  labelId,
}: {
  ids: readonly PlanId[];
  lang: Lang;
  /** Names the list for its page buttons. */
  labelId: string;
}) {
  return (
    <PagedCards
      cards={ids}
      cardKey={(id) => id}
      renderCard={(id) => <RecommendedPlanLine id={id} lang={lang} />}
      labelId={labelId}
      className="planner__products"
    />
  );
}
