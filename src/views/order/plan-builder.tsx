import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import {
  groupByKey,
  optionById,
  resolvePrice,
  billingLabel,
  type Lang,
} from '#domain/catalogue.ts';
import { formatMoney } from '#domain/format.ts';
import type { planSelectionMachine } from '#machines/plan-selection/plan-selection.machine.ts';
import {
  selectGroups,
  selectMissingRecommended,
  selectRefusal,
  type GroupView,
  type OptionView,
} from '#machines/plan-selection/plan-selection.selectors.ts';

import { PlanRationale } from '../shared/recommended-plan.tsx';

export type PlanSelectionActor = ActorRefFrom<typeof planSelectionMachine>;

/** `€ 30,00 / month` and friends, for an option's own price. */
export function PriceLabel({ id, lang }: { id: string; lang: Lang }) {
  const option = optionById(id);
  if (!option) return null;
  const price = formatMoney(resolvePrice(option.prices, { id }), lang);
  return <FormattedMessage id={`order.price.${billingLabel(option.prices)}`} values={{ price }} />;
}

/** Whether two views of an option show the same (a new view object is made for every change). */
function sameView(a: OptionView, b: OptionView): boolean {
  return (
    a.id === b.id &&
    a.selected === b.selected &&
    a.canToggle === b.canToggle &&
    a.badges.join() === b.badges.join()
  );
}

/**
 * One option's card. Memoised on what it shows: choosing a plan renders only the cards whose
 * state changed, not every card of every group (issue 48, INP of choosing a plan).
 */
const Option = memo(
  function Option({
    view,
    lang,
    actor,
  }: {
    view: OptionView;
    lang: Lang;
    actor: PlanSelectionActor;
  }) {
    const option = optionById(view.id);
    if (!option) return null;
    return (
      <li className={`order-option${view.selected ? ' order-option--selected' : ''}`}>
        <button
          type="button"
          className="order-option__button"
          aria-pressed={view.selected}
          aria-disabled={!view.canToggle}
          data-plan-id={view.id}
          onClick={() => actor.send({ type: 'user.toggleOption', id: view.id })}
        >
          <span className="order-option__check" aria-hidden="true">
            {view.selected ? '✓' : ''}
          </span>
          <span className="order-option__name">{option.displayName[lang]}</span>
          <span className="order-option__price">
            <PriceLabel id={view.id} lang={lang} />
          </span>
          {view.badges.length > 0 ? (
            <span className="order-option__badges">
              {view.badges.map((badge) => (
                <span key={badge} className={`order-badge order-badge--${badge}`}>
                  <FormattedMessage id={`order.badge.${badge}`} />
                </span>
              ))}
            </span>
          ) : null}
        </button>
        {view.badges.includes('recommended') ? (
          <PlanRationale id={view.id} className="order-option__rationale" />
        ) : null}
        <ul className="order-option__features">
          {option.features[lang].map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </li>
    );
  },
  (a, b) => a.lang === b.lang && a.actor === b.actor && sameView(a.view, b.view),
);

/** Whether two views of a group show the same. */
function sameGroup(a: GroupView, b: GroupView): boolean {
  return (
    a.key === b.key &&
    a.multiSelect === b.multiSelect &&
    a.required === b.required &&
    a.options.length === b.options.length &&
    a.options.every((view, index) => sameView(view, b.options[index]!))
  );
}

interface GroupProps {
  group: GroupView;
  lang: Lang;
  actor: PlanSelectionActor;
}

/** One group of options, memoised like its cards: a click elsewhere does not render it again. */
const Group = memo(
  function Group({ group, lang, actor }: GroupProps) {
    const meta = groupByKey(group.key);
    if (!meta) return null;
    const titleId = `order-group-${group.key}`;
    return (
      <section className="order-group" aria-labelledby={titleId}>
        <h3 id={titleId} className="order-group__title">
          {meta.title[lang]}
        </h3>
        <p className="order-group__subtitle">
          {meta.subtitle[lang]}{' '}
          <span className="order-group__rule">
            <FormattedMessage
              id={group.multiSelect ? 'order.group.chooseAny' : 'order.group.chooseOne'}
            />
            {group.required ? (
              <>
                {' · '}
                <FormattedMessage id="order.group.required" />
              </>
            ) : null}
          </span>
        </p>
        <p className="order-group__tooltip">{meta.tooltip[lang]}</p>
        <ul className="order-group__options">
          {group.options.map((view) => (
            <Option key={view.id} view={view} lang={lang} actor={actor} />
          ))}
        </ul>
      </section>
    );
  },
  (a: GroupProps, b: GroupProps) =>
    a.lang === b.lang && a.actor === b.actor && sameGroup(a.group, b.group),
);

function PlanBuilderView({
  actor,
  lang,
  recommendation,
}: {
  actor: PlanSelectionActor;
  lang: Lang;
  recommendation: string;
}) {
  const intl = useIntl();
  const groups = useSelector(
    actor,
    selectGroups,
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const refusal = useSelector(actor, selectRefusal);
  const missing = useSelector(actor, selectMissingRecommended, (a, b) => a.join() === b.join());
  const refusedName = refusal ? (optionById(refusal.id)?.displayName[lang] ?? refusal.id) : '';
  return (
    <section className="order-step" aria-labelledby="order-build-title">
      <h2 id="order-build-title" className="order-step__title">
        <span className="order-step__number" aria-hidden="true">
          1
        </span>
        <FormattedMessage id="order.steps.build" />
      </h2>
      <div className="order-recommendation">
        <p>{recommendation}</p>
        {/* A recommendation, not a pre-selection (D39A-7): one click adds the whole set. */}
        {missing.length > 0 ? (
          <button
            type="button"
            className="button button--small"
            onClick={() => actor.send({ type: 'user.addRecommended' })}
          >
            <FormattedMessage
              id="order.recommendation.add"
              values={{
                plans: intl.formatList(
                  missing.map((id) => optionById(id)?.displayName[lang] ?? id),
                  { type: 'conjunction' },
                ),
              }}
            />
          </button>
        ) : null}
      </div>
      <div className="order-refusal" role="status">
        {refusal ? (
          <p className="order-refusal__text">
            {intl.formatMessage({ id: `order.refusal.${refusal.reason}` }, { option: refusedName })}
          </p>
        ) : null}
      </div>
      {groups.map((group) => (
        <Group key={group.key} group={group} lang={lang} actor={actor} />
      ))}
      <p>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => actor.send({ type: 'user.reset' })}
        >
          <FormattedMessage id="order.build.reset" />
        </button>
      </p>
    </section>
  );
}

/**
 * Step 1: the option groups with badges, driven by the plan-selection chart. Memoised: its props
 * are the actor and two strings, so a change it does not show (monthly or yearly, the domain, the
 * quote) does not render every option again (issue 48, INP of the interval switch).
 */
export const PlanBuilder = memo(PlanBuilderView);
