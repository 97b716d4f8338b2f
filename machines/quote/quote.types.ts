import type { Lang } from '#domain/language.ts';
import type { QuoteRequestInput } from '#domain/quote.schema.ts';
import type { PublicQuote } from '#domain/quote-view.ts';

/**
 * What a page asks the quote for: one object, so a new field of `POST /api/quote` (a coupon code)
 * is one more property here and nothing else changes.
 */
export interface QuoteAsk {
  request: QuoteRequestInput;
  lang: Lang;
}

export interface QuoteInput extends QuoteAsk {
  /** The figures the page was rendered with (the server's VAT hint), or null: none yet. */
  initial: PublicQuote | null;
  /** `initial` is what the server would answer: no need to ask at the start. */
  exact: boolean;
}

export interface QuoteContext {
  ask: QuoteAsk;
  /** `ask` as compared (JSON). */
  key: string;
  /** The last figures: shown, marked as updating while they are not `key`'s. */
  quote: PublicQuote | null;
  /** The figures need no asking until a change (false at a start from an inexact hint). */
  exact: boolean;
  /** What the server refused of the last ask (field name to message key), else empty. */
  refused: Record<string, string>;
}

export type QuoteEvent =
  /** The page's choices changed (debounced before the server is asked). */
  | { type: 'ask.change'; ask: QuoteAsk }
  /** Ask again after a failed or slow answer. */
  | { type: 'user.retryQuote' };
