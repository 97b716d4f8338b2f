// The order summaries' server quote (issue 43): what machines/quote/quote.machine.test.ts walks
// and what `npm run paths -- quote` prints. Delays and answers are events of the model.

import { publicQuote, type PublicQuote } from '#domain/quote-view.ts';
import { computeQuote } from '#domain/totals.ts';
import type { QuoteAnswer } from '#machines/quote/quote.actors.ts';
import { quoteMachine } from '#machines/quote/quote.machine.ts';
import type { QuoteAsk } from '#machines/quote/quote.types.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export const ask = (plans: string[], vat?: string): QuoteAsk => ({
  request: { plans, interval: 'monthly', customer: { country: 'BE', ...(vat ? { vat } : {}) } },
  lang: 'en',
});
export function quoteOf(plans: string[]): PublicQuote {
  const result = computeQuote({ plans, interval: 'monthly', today: new Date(), lang: 'en' });
  if (!result.ok) throw new Error('no quote');
  return publicQuote(result.quote);
}
export const HOSTING = ['webHosting_total'];
export const WITH_SEO = ['webHosting_total', 'seo_booster'];

export type ModelEvent =
  | { type: 'ask.change'; ask: QuoteAsk }
  | { type: 'user.retryQuote' }
  | { type: 'xstate.after.debounce.quote.waiting' }
  | { type: 'xstate.after.slow.quote.asking.waitingForAnswer' }
  | { type: 'xstate.done.actor.fetchQuote'; output: QuoteAnswer }
  | { type: 'xstate.error.actor.fetchQuote'; error: string };

export const samples = {
  'ask.change': [{ ask: ask(HOSTING) }, { ask: ask(WITH_SEO) }],
  'user.retryQuote': [{}],
  'xstate.after.debounce.quote.waiting': [{}],
  'xstate.after.slow.quote.asking.waitingForAnswer': [{}],
  'xstate.done.actor.fetchQuote': [
    { output: { ok: true, quote: quoteOf(WITH_SEO) } },
    { output: { ok: false, refused: true, fields: { vat: 'checkout.validation.vatInvalid' } } },
    { output: { ok: false, refused: false } },
  ],
  'xstate.error.actor.fetchQuote': [{ error: 'network' }],
} satisfies EventSamples<ModelEvent>;

export const input = { ...ask(HOSTING), initial: quoteOf(HOSTING), exact: true };

export const model = createModel<typeof quoteMachine, ModelEvent>({
  machine: quoteMachine,
  input,
  events: samples,
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      key: s.context.key,
      due: s.context.quote?.totals.dueToday,
      refused: s.context.refused,
    }),
  maxSteps: 12,
});

export const spec = {
  machine: quoteMachine,
  model,
  test: 'machines/quote/quote.machine.test.ts',
} as unknown as ModelSpec;
