import { createFileRoute } from '@tanstack/react-router';
import { usePageVatHint } from '../../../vat-hint.ts';
import { FormattedMessage } from 'react-intl';
import { oneOf, searchOf, text, textOrList } from '../../../route-search.ts';
import { LANGS } from '#domain/language.ts';
import { pageHead } from '../../../route-head.ts';
import { useI18n } from '../../../i18n/use-i18n.ts';
import { island } from '../../../components/island.tsx';
import { ORDER_SAVED_KEYS, hasSaved, serverFiguresPending } from '../../../saved-state.ts';
import { useState } from 'react';

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

// The builder, the domain step and the summary (XState, the API client, the rule book): the
// server's HTML until the visitor's first input, then rendered in its place from what this
// browser saved, with what was chosen or typed meanwhile carried over; at once (when the browser
// is idle after the load) when something was saved or the server's figures are not final
// (src/components/island.tsx, decisions D48C-1 and D48C-4).
const loadBody = () => import('../../../views/order/order-body.tsx').then((m) => m.OrderBody);
const BodyAtInput = island('order-builder', 'input', loadBody);
const BodyAtOnce = island('order-builder', 'idle', loadBody);

function Page() {
  const { plans, coupon } = Route.useSearch();
  const { lang } = useI18n();
  const vatHint = usePageVatHint();
  const [Body] = useState(() =>
    hasSaved(ORDER_SAVED_KEYS) || serverFiguresPending('order-builder') ? BodyAtOnce : BodyAtInput,
  );

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
      {/* Rendered by the server as a first visit sees it (the browser's render reads storage). */}
      <Body
        lang={lang}
        plans={plans}
        fromStorage={!import.meta.env.SSR}
        coupon={coupon}
        vatHint={vatHint}
      />
    </div>
  );
}
