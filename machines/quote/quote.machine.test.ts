// The quote machine (issue 43): the order page's and the checkout's summaries show the server's
// figures, asked after a quiet spell, the newest ask only; old figures stay, marked, while a new
// answer is awaited, failed or slow (with a retry); a refused ask names its field.
import { createActor } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { controlledPromise, flushMicrotasks } from '#tests/helpers/controlled-promise.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import { type Driver } from '#tests/helpers/model-testing.ts';
import {
  ask,
  HOSTING,
  input,
  model,
  quoteOf,
  WITH_SEO,
  type ModelEvent as Event,
} from '#tests/paths/models/quote.ts';
import type { QuoteAnswer } from './quote.actors.ts';
import { QUOTE_SLOW_MS } from './quote.actors.ts';
import { QUOTE_DEBOUNCE_MS, quoteMachine } from './quote.machine.ts';
import { selectQuote, selectQuoteRefusal, selectQuoteStatus } from './quote.selectors.ts';
import type { QuoteAsk } from './quote.types.ts';

function start(exact: boolean) {
  const fetch = controlledPromise<QuoteAnswer, QuoteAsk>();
  const actor = createActor(quoteMachine.provide({ actors: { fetchQuote: fetch.logic } }), {
    input: { ...ask(HOSTING), initial: quoteOf(HOSTING), exact },
  }).start();
  const status = () => selectQuoteStatus(actor.getSnapshot());
  const shown = () => selectQuote(actor.getSnapshot())?.totals.dueToday;
  return { actor, fetch, status, shown };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the quote machine', () => {
  it('starts from exact figures without asking; changes are asked after a quiet spell, the last one only', async () => {
    const { actor, fetch, status, shown } = start(true);
    expect(status()).toBe('current');
    expect(fetch.inputs).toEqual([]);
    actor.send({ type: 'ask.change', ask: ask(HOSTING) });
    expect(status()).toBe('current'); // the same ask is no change
    actor.send({ type: 'ask.change', ask: ask(WITH_SEO) });
    vi.advanceTimersByTime(QUOTE_DEBOUNCE_MS - 1);
    actor.send({ type: 'ask.change', ask: ask(WITH_SEO, 'BE0123456749') });
    vi.advanceTimersByTime(QUOTE_DEBOUNCE_MS - 1);
    expect(fetch.inputs).toEqual([]);
    // The old figures stay, marked as updating.
    expect(status()).toBe('updating');
    expect(shown()).toBe(quoteOf(HOSTING).totals.dueToday);
    vi.advanceTimersByTime(1);
    expect(fetch.inputs).toEqual([ask(WITH_SEO, 'BE0123456749')]);
    fetch.resolve({ ok: true, quote: quoteOf(WITH_SEO) });
    await flushMicrotasks();
    expect(status()).toBe('current');
    expect(shown()).toBe(quoteOf(WITH_SEO).totals.dueToday);
  });

  it('asks at once when the start was only the hint (a running KOR, a foreign or business customer)', () => {
    const { fetch, status } = start(false);
    expect(fetch.inputs).toHaveLength(1);
    expect(status()).toBe('updating');
  });

  it('drops an answer overtaken by a newer change', async () => {
    const { actor, fetch, shown } = start(true);
    actor.send({ type: 'ask.change', ask: ask(WITH_SEO) });
    vi.advanceTimersByTime(QUOTE_DEBOUNCE_MS);
    const first = fetch.resolve;
    actor.send({ type: 'ask.change', ask: ask(HOSTING, 'BE0123456749') });
    first({ ok: true, quote: quoteOf(WITH_SEO) });
    await flushMicrotasks();
    expect(shown()).toBe(quoteOf(HOSTING).totals.dueToday);
    expect(selectQuoteStatus(actor.getSnapshot())).toBe('updating');
  });

  it('keeps the figures when the server cannot be asked, and asks again on retry', async () => {
    const { actor, fetch, status, shown } = start(true);
    actor.send({ type: 'ask.change', ask: ask(WITH_SEO) });
    vi.advanceTimersByTime(QUOTE_DEBOUNCE_MS);
    fetch.resolve({ ok: false, refused: false });
    await flushMicrotasks();
    expect(status()).toBe('failed');
    expect(shown()).toBe(quoteOf(HOSTING).totals.dueToday);
    actor.send({ type: 'user.retryQuote' });
    expect(fetch.inputs).toHaveLength(2);
    fetch.reject(new Error('network'));
    await flushMicrotasks();
    expect(status()).toBe('failed');
    actor.send({ type: 'user.retryQuote' });
    fetch.resolve({ ok: true, quote: quoteOf(WITH_SEO) });
    await flushMicrotasks();
    expect(status()).toBe('current');
    expect(shown()).toBe(quoteOf(WITH_SEO).totals.dueToday);
  });

  it('offers a retry when the answer is slow', () => {
    const { actor, fetch, status } = start(false);
    vi.advanceTimersByTime(QUOTE_SLOW_MS - 1);
    expect(status()).toBe('updating');
    vi.advanceTimersByTime(1);
    expect(status()).toBe('slow');
    actor.send({ type: 'user.retryQuote' });
    expect(fetch.inputs).toHaveLength(2);
    expect(status()).toBe('updating');
  });

  it('names the field of a refused ask and keeps the figures', async () => {
    const { actor, fetch, shown } = start(true);
    actor.send({ type: 'ask.change', ask: ask(HOSTING, 'BE0999999999') });
    vi.advanceTimersByTime(QUOTE_DEBOUNCE_MS);
    fetch.resolve({ ok: false, refused: true, fields: { vat: 'checkout.validation.vatInvalid' } });
    await flushMicrotasks();
    expect(selectQuoteStatus(actor.getSnapshot())).toBe('refused');
    expect(selectQuoteRefusal(actor.getSnapshot(), 'vat')).toBe('checkout.validation.vatInvalid');
    expect(shown()).toBe(quoteOf(HOSTING).totals.dueToday);
    actor.send({ type: 'ask.change', ask: ask(HOSTING) });
    expect(selectQuoteRefusal(actor.getSnapshot(), 'vat')).toBeNull();
  });
});

describe('the quote machine (model-based)', () => {
  function startSession() {
    const fetch = controlledPromise<QuoteAnswer, QuoteAsk>();
    const actor = createActor(quoteMachine.provide({ actors: { fetchQuote: fetch.logic } }), {
      input,
    }).start();
    const driver = {
      'ask.change': (e) => void actor.send(e),
      'user.retryQuote': (e) => void actor.send(e),
      'xstate.after.debounce.quote.waiting': () => void vi.advanceTimersByTime(QUOTE_DEBOUNCE_MS),
      'xstate.after.slow.quote.asking.waitingForAnswer': () =>
        void vi.advanceTimersByTime(QUOTE_SLOW_MS),
      'xstate.done.actor.fetchQuote': async (e) => {
        fetch.resolve(e.output);
        await flushMicrotasks();
      },
      'xstate.error.actor.fetchQuote': async (e) => {
        fetch.reject(new Error(e.error));
        await flushMicrotasks();
      },
    } satisfies Driver<Event>;
    return { driver, fetch, getSnapshot: () => actor.getSnapshot(), stop: () => void actor.stop() };
  }

  it('reaches every state', () => expect(model.unreachableLeafStates()).toEqual([]));
  walkEveryTransition(model, startSession, (path) => (snapshot, session, step) => {
    const status = selectQuoteStatus(snapshot);
    // The figures shown change only with an answer; until then they are the last ones.
    const event = step.event;
    const before = path.steps[step.index - 1]?.state.context.quote ?? input.initial;
    const expected =
      event.type === 'xstate.done.actor.fetchQuote' && event.output.ok
        ? event.output.quote
        : before;
    expect(selectQuote(snapshot)?.totals.dueToday).toBe(expected.totals.dueToday);
    // The server is asked once per stay in `asking` (a retry is a new stay).
    if (
      snapshot.matches('asking') &&
      step.event.type !== 'xstate.after.slow.quote.asking.waitingForAnswer'
    )
      expect(session.fetch.inputs.at(-1)).toEqual(snapshot.context.ask);
    expect(status).toBe(
      snapshot.matches('current')
        ? 'current'
        : snapshot.matches('failed')
          ? 'failed'
          : snapshot.matches('refused')
            ? 'refused'
            : snapshot.matches({ asking: 'slow' })
              ? 'slow'
              : 'updating',
    );
  });
});
