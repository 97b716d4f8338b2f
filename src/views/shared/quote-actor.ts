import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { publicQuote, type PublicQuote } from '#domain/quote-view.ts';
import { checkPlans, computeQuote } from '#domain/totals.ts';
import { hintIsExact, hintIsFinal, hintVat, type VatHint } from '#domain/vat-hint.ts';
import { keyOf, quoteMachine } from '#machines/quote/quote.machine.ts';
import type { QuoteAsk } from '#machines/quote/quote.types.ts';

export type QuoteActor = ActorRefFrom<typeof quoteMachine>;

/**
 * The first figures of a page (server render and hydration alike): the rule book's quote for a
 * Dutch consumer by the server's VAT hint (domain/vat-hint.ts); null for a selection that is not
 * one (no plans, conflicting plans).
 */
export function startingQuote(ask: QuoteAsk, hint: VatHint, today: Date): PublicQuote | null {
  const { request } = ask;
  const result = computeQuote({
    plans: request.plans,
    interval: request.interval ?? 'monthly',
    domain: request.domain,
    today,
    lang: ask.lang,
    vat: hintVat(hint),
  });
  return result.ok ? publicQuote(result.quote) : null;
}

/** A Dutch consumer (or nobody yet): the hint's customer. */
function isHintCustomer(ask: QuoteAsk): boolean {
  const customer = ask.request.customer;
  // A coupon code is the server's to price (it reads the coupon): never exact here.
  if (ask.request.coupon) return false;
  return !customer || (customer.country === 'NL' && !customer.vat);
}

/**
 * The one quote of a page (the order page's and the checkout's summaries): a quote machine that
 * starts from `startingQuote` and is told every change of `ask`. `ask` is one object (plans,
 * interval, domain, coupon, customer, ... and the language), so what `POST /api/quote` takes next
 * is one more property of it.
 */
export function useQuoteActor(
  ask: QuoteAsk,
  hint: VatHint,
  today: Date,
  machine: typeof quoteMachine = quoteMachine,
): QuoteActor {
  const [start] = useState(() => {
    const initial = startingQuote(ask, hint, today);
    // No figures (no plans, plans that cannot go together): the server would refuse them too.
    // The server's render shows the hint's figures as they are, also under a running KOR: its
    // HTML stays on screen until the visitor's first input (the bodies are input islands), and
    // "updating" would stay with it that long; the browser's render asks (decision D48C-4).
    // The server's render knows more than the page's hint: a basket that would take the year's
    // turnover past the KOR threshold is marked for the browser to ask, and the body's code then
    // loads at once (D48H-1).
    const onServer = typeof window === 'undefined';
    const final =
      initial !== null &&
      (onServer
        ? hintIsFinal(hint, initial.totals.dueToday - initial.totals.vat)
        : hintIsExact(hint));
    return { initial, exact: initial === null || (final && isHintCustomer(ask)) };
  });
  const actor = useActorRef(machine, {
    input: { ...ask, initial: start.initial, exact: start.exact },
  });
  const key = keyOf(ask);
  useEffect(() => {
    if (checkPlans(ask.request.plans) !== null) return;
    actor.send({ type: 'ask.change', ask });
    // `key` is `ask` as compared: a new object with the same content is no change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, key]);
  return actor;
}
