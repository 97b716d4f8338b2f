import { createFileRoute } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import * as v from 'valibot';
import { parsePlansParam } from '#domain/plan-selection.ts';
import { pageHead } from '../../../route-head.ts';
import { useI18n } from '../../../i18n/use-i18n.ts';
import { OrderBuilder } from '../../../views/order/order-builder.tsx';

/** `plans` as pipe or comma list, or repeated; `lang`/`locale` handled by the language layer. */
const searchSchema = v.object({
  plans: v.fallback(v.optional(v.union([v.string(), v.array(v.string())])), undefined),
  lang: v.fallback(v.optional(v.picklist(['nl', 'en'])), undefined),
  locale: v.fallback(v.optional(v.picklist(['nl', 'en'])), undefined),
});

export const Route = createFileRoute('/_site/total-package/order')({
  validateSearch: searchSchema,
  head: pageHead('page.order.title', 'page.order.intro'),
  component: Page,
});

const noSubscription = () => () => {};
const inBrowser = () => true;
/** Also what hydration sees, so the first client render matches the server's HTML. */
const onServer = () => false;

function Page() {
  const { plans } = Route.useSearch();
  const { lang } = useI18n();
  // The builder depends on the visitor's own saved state: it renders after hydration.
  const mounted = useSyncExternalStore(noSubscription, inBrowser, onServer);
  const preselected = parsePlansParam(plans);

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
      {mounted ? (
        <OrderBuilder key={preselected.join(',')} lang={lang} preselected={preselected} />
      ) : (
        <div className="order-loading" aria-busy="true">
          <p>
            <FormattedMessage id="order.loading" />
          </p>
        </div>
      )}
    </div>
  );
}
