import { createFileRoute } from '@tanstack/react-router';
import { usePageVatHint } from '../../vat-hint.ts';
import { useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { oneOf, searchOf, text, textOrList } from '../../route-search.ts';
import { LANGS } from '#domain/language.ts';
import { checkoutDomainChoiceOf } from '#domain/checkout-domain-choice.ts';
import { island } from '../../components/island.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { pageHead } from '../../route-head.ts';
import { CHECKOUT_SAVED_KEYS, hasSaved, serverFiguresPending } from '../../saved-state.ts';

/**
 * `plans` (comma or pipe list, or repeated), `interval` (anything but yearly is monthly), `domain`,
 * `domainChoice` (how the order page's domain step ended, M24; read by the page), `lang`.
 */
const searchSchema = searchOf({
  plans: textOrList(),
  interval: text(),
  domain: text({ max: 253 }),
  domainChoice: text({ max: 20 }),
  lang: oneOf(LANGS),
  /** A coupon code (the exit offer's EXIT10, or one from a link): the server checks it. */
  coupon: text({ max: 64 }),
});

export const Route = createFileRoute('/_minimal/checkout')({
  validateSearch: searchSchema,
  head: pageHead('page.checkout.title', 'page.checkout.intro'),
  staticData: { hideFooter: true },
  component: Page,
});

// The checkout itself (its machines, the API client, valibot, the view): the server's HTML until
// the visitor's first input, then rendered in its place from what this browser saved, with what
// was typed or chosen meanwhile carried over; at once (when the browser is idle after the load)
// when something was saved or the server's figures are not final (src/components/island.tsx,
// decisions D48C-1 and D48C-4).
const loadBody = () => import('../../views/checkout/checkout-body.tsx').then((m) => m.CheckoutBody);
const BodyAtInput = island('checkout-body', 'input', loadBody);
const BodyAtOnce = island('checkout-body', 'idle', loadBody);

function Page() {
  const search = Route.useSearch();
  const { lang } = useI18n();
  const interval = search.interval === 'yearly' ? 'yearly' : 'monthly';
  const { domain } = search;
  const domainChoice = checkoutDomainChoiceOf(search.domainChoice);
  const linkDomain = useMemo(() => ({ domain, domainChoice }), [domain, domainChoice]);
  const vatHint = usePageVatHint();
  const [Body] = useState(() =>
    hasSaved(CHECKOUT_SAVED_KEYS) || serverFiguresPending('checkout-body')
      ? BodyAtOnce
      : BodyAtInput,
  );

  return (
    <div className="checkout-page">
      <section className="page-intro checkout-page__intro" data-hero>
        <h1>
          <FormattedMessage id="page.checkout.title" />
        </h1>
        <p className="page-intro__lead">
          <FormattedMessage id="page.checkout.intro" />
        </p>
      </section>
      {/* Rendered by the server as a first visit sees it (the browser's render reads storage). */}
      <Body
        plans={search.plans}
        interval={interval}
        linkDomain={linkDomain}
        lang={lang}
        coupon={search.coupon}
        fromStorage={!import.meta.env.SSR}
        vatHint={vatHint}
      />
    </div>
  );
}
