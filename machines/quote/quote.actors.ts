// Side effect of the quote machine: POST /api/quote through the one API client.

import type { Lang } from '#domain/language.ts';
import type { QuoteRequestInput } from '#domain/quote.schema.ts';
import { publicQuoteSchema, type PublicQuote } from '#domain/quote-view.ts';
import { api } from '#machines/shared/api-client.ts';

/** A quote takes longer than this: the summary offers to ask again (the old figures stay). */
export const QUOTE_SLOW_MS = 6_000;
const QUOTE_TIMEOUT_MS = 15_000;

export type QuoteAnswer =
  | { ok: true; quote: PublicQuote }
  /** The server refused the request: `fields` names what (e.g. `vat`), with message keys. */
  | { ok: false; refused: true; fields: Record<string, string> }
  | { ok: false; refused: false };

/** The server's quote for `request` in `lang`: the figures the order summaries show. */
export async function fetchQuote(
  request: QuoteRequestInput,
  lang: Lang,
  signal?: AbortSignal,
): Promise<QuoteAnswer> {
  const result = await api.post('/quote', publicQuoteSchema, {
    json: request,
    lang,
    timeout: QUOTE_TIMEOUT_MS,
    ...(signal ? { signal } : {}),
  });
  if (result.ok) return { ok: true, quote: result.data };
  if (result.status === 400 && result.fields)
    return { ok: false, refused: true, fields: result.fields };
  return { ok: false, refused: false };
}
