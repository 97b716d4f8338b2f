import { assign, fromPromise, setup } from 'xstate';
import { fetchQuote, QUOTE_SLOW_MS, type QuoteAnswer } from './quote.actors.ts';
import type { QuoteAsk, QuoteContext, QuoteEvent, QuoteInput } from './quote.types.ts';

/** Quiet time after the last change before the server is asked (clicks come in bursts). */
export const QUOTE_DEBOUNCE_MS = 250;

export const keyOf = (ask: QuoteAsk) => JSON.stringify([ask.lang, ask.request]);

/**
 * The server's quote for what a page shows (issue 43): the order page and the checkout summaries
 * show `context.quote`, the figures `POST /api/quote` gave (the server is the VAT rule's
 * authority). A change waits for `QUOTE_DEBOUNCE_MS` of quiet, then asks; a newer change drops
 * the answer under way. While the figures are not the current ask's they stay on screen, tagged
 * `stale` (shown as updating); a failed answer (`failed`) or a slow one (`slow`) offers
 * `user.retryQuote`. A refused ask (400, e.g. a VAT number VIES says is invalid) keeps the figures
 * and names the field. Nothing here blocks ordering: the checkout computes its own figures again.
 */
export const quoteMachine = setup({
  types: {
    input: {} as QuoteInput,
    context: {} as QuoteContext,
    events: {} as QuoteEvent,
  },
  actors: {
    fetchQuote: fromPromise<QuoteAnswer, QuoteAsk>(({ input, signal }) =>
      fetchQuote(input.request, input.lang, signal),
    ),
  },
  delays: { debounce: QUOTE_DEBOUNCE_MS, slow: QUOTE_SLOW_MS },
  guards: {
    isNewAsk: ({ context, event }) =>
      event.type === 'ask.change' && keyOf(event.ask) !== context.key,
    startsInexact: ({ context }) => !context.exact,
    answered: (_, params: { answer: QuoteAnswer }) => params.answer.ok,
    refused: (_, params: { answer: QuoteAnswer }) => !params.answer.ok && params.answer.refused,
  },
  actions: {
    storeAsk: assign(({ event }) => {
      const { ask } = event as Extract<QuoteEvent, { type: 'ask.change' }>;
      return { ask, key: keyOf(ask), exact: true };
    }),
    storeAnswer: assign((_, params: { answer: QuoteAnswer }) =>
      params.answer.ok
        ? { quote: params.answer.quote, refused: {}, exact: true }
        : { refused: params.answer.refused ? params.answer.fields : {}, exact: true },
    ),
  },
}).createMachine({
  id: 'quote',
  context: ({ input }) => ({
    ask: { request: input.request, lang: input.lang },
    key: keyOf(input),
    quote: input.initial,
    exact: input.exact,
    refused: {},
  }),
  initial: 'current',
  on: {
    'ask.change': { guard: 'isNewAsk', target: '.waiting', reenter: true, actions: 'storeAsk' },
  },
  states: {
    /** The figures are the current ask's (at the start only when they are exact: else ask). */
    current: {
      always: { guard: 'startsInexact', target: 'asking' },
    },
    waiting: {
      tags: ['stale'],
      after: { debounce: 'asking' },
    },
    asking: {
      tags: ['stale'],
      initial: 'waitingForAnswer',
      states: {
        waitingForAnswer: { after: { slow: 'slow' } },
        slow: { tags: ['slow'] },
      },
      on: { 'user.retryQuote': { target: 'asking', reenter: true } },
      invoke: {
        id: 'fetchQuote',
        src: 'fetchQuote',
        input: ({ context }) => context.ask,
        onDone: [
          {
            guard: { type: 'answered', params: ({ event }) => ({ answer: event.output }) },
            target: 'current',
            actions: { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: 'refused', params: ({ event }) => ({ answer: event.output }) },
            target: 'refused',
            actions: { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'failed' },
        ],
        onError: 'failed',
      },
    },
    failed: {
      tags: ['stale', 'failed'],
      entry: assign({ exact: true }),
      on: { 'user.retryQuote': 'asking' },
    },
    refused: {
      tags: ['stale', 'refused'],
    },
  },
});
