// A quote machine whose "server" is the rule book itself, in the test: component tests of the
// order summaries have no server to ask (issue 43: the summaries show the server's quote).
import { fromPromise } from 'xstate';
import { publicQuote } from '#domain/quote-view.ts';
import { computeQuote } from '#domain/totals.ts';
import { DEFAULT_VAT_SETTINGS, EMPTY_VAT_YEAR, type VatSettings } from '#domain/vat.ts';
import { checkVatNumber } from '#domain/vat-number.ts';
import { quoteMachine } from '#machines/quote/quote.machine.ts';
import type { QuoteAnswer } from '#machines/quote/quote.actors.ts';
import type { QuoteAsk } from '#machines/quote/quote.types.ts';

/** What the server would answer under `settings`, a well-formed VAT number counting as confirmed. */
export function localAnswer(
  ask: QuoteAsk,
  settings: VatSettings = DEFAULT_VAT_SETTINGS,
): QuoteAnswer {
  const { request } = ask;
  const customer = request.customer ?? { country: 'NL' as const };
  const vat = customer.vat ? checkVatNumber(customer.vat) : null;
  if (vat && !vat.ok)
    return { ok: false, refused: true, fields: { vat: 'checkout.validation.vatInvalid' } };
  const result = computeQuote({
    plans: request.plans,
    interval: request.interval ?? 'monthly',
    domain: request.domain,
    today: new Date(),
    lang: ask.lang,
    vat: {
      settings,
      customer: {
        country: customer.country,
        vatNumber: vat?.ok ? vat.vat : null,
        vatConfirmed: Boolean(vat?.ok),
      },
      year: EMPTY_VAT_YEAR,
    },
  });
  return result.ok ? { ok: true, quote: publicQuote(result.quote) } : { ok: false, refused: false };
}

/** The quote machine with the rule book as its server and no debounce; `calls` counts the asks. */
export function localQuoteMachine(settings: VatSettings = DEFAULT_VAT_SETTINGS) {
  const calls: QuoteAsk[] = [];
  const machine = quoteMachine.provide({
    delays: { debounce: 0 },
    actors: {
      fetchQuote: fromPromise<QuoteAnswer, QuoteAsk>(async ({ input }) => {
        calls.push(input);
        return localAnswer(input, settings);
      }),
    },
  });
  return Object.assign(machine, { calls });
}

/** Lets the quote machine's ask (no debounce, the rule book as server) come back and render. */
export async function flushQuote(): Promise<void> {
  const { act } = await import('@testing-library/react');
  await act(async () => {
    for (let turn = 0; turn < 4; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** A model test's driver whose every step also waits for the summary's quote (`flushQuote`). */
export function withQuoteFlush<D extends Record<string, (event: never) => unknown>>(driver: D): D {
  const flushed: Record<string, (event: never) => Promise<void>> = {};
  for (const [type, step] of Object.entries(driver))
    flushed[type] = async (event) => {
      await step(event);
      await flushQuote();
    };
  return flushed as D;
}
