import { createFileRoute } from '@tanstack/react-router';
import { usePageVatHint } from '../../../vat-hint.ts';
import { FormattedMessage } from 'react-intl';
import { oneOf, searchOf, text, textOrList } from '../../../route-search.ts';
import { LANGS } from '#domain/language.ts';
import { parsePlansParam } from '#domain/plan-selection.ts';
import { pageHead } from '../../../route-head.ts';
import { useI18n } from '../../../i18n/use-i18n.ts';
import { OrderBuilder, hasSavedOrder } from '../../../views/order/order-builder.tsx';
import { SavedStateBody } from '../../../hydration.tsx';

/**
 * `plans` as pipe or comma list, or repeated; `lang`/`locale` handled by the language layer;
 * `coupon` a discount code.
 */
const searchSchema = searchOf({
  plans: textOrList(),
  lang: oneOf(LANGS),
  locale: oneOf(LANGS),
  /** A discount code a link generator added (issue 46). */
  coupon: text({ max: 64 }),
});

export const Route = createFileRoute('/_site/total-package/order')({
  validateSearch: searchSchema,
  head: pageHead('page.order.title', 'page.order.intro'),
  component: Page,
});

function Page() {
  const { plans, coupon } = Route.useSearch();
  const { lang } = useI18n();
  const preselected = parsePlansParam(plans);
  const vatHint = usePageVatHint();

  return (
    <div className="order-page">
      <section className="page-intro order-hero" data-hero>
        <p className="order-hero__eyebrow">
          <FormattedMessage id="order.headline" />
        </p>
        <h1>
          <FormattedMessage id="page.order.title" />
        </h1>
        <p className="page-intro__lead">
          <FormattedMessage id="page.order.intro" />
        </p>
        <ol className="order-hero__steps">
          <li>
            <FormattedMessage id="order.steps.build" />
          </li>
          <li>
            <FormattedMessage id="order.steps.domain" />
          </li>
          <li>
            <FormattedMessage id="order.steps.review" />
          </li>
        </ol>
      </section>
      {/* Rendered by the server as a first visit sees it; what this browser saved (planner
          answers, toggles, domain) comes in right after hydration. */}
      <SavedStateBody name="order-builder" hasSaved={hasSavedOrder}>
        {(fromStorage) => (
          <OrderBuilder
            key={preselected.join(',')}
            lang={lang}
            preselected={preselected}
            fromStorage={fromStorage}
            coupon={coupon}
            vatHint={vatHint}
          />
        )}
      </SavedStateBody>
    </div>
  );
}
