import type { SnapshotFrom } from 'xstate';
import type { PublicQuote } from '#domain/quote-view.ts';
import type { quoteMachine } from './quote.machine.ts';

type QuoteSnapshot = SnapshotFrom<typeof quoteMachine>;

/** What the summary says beside its figures. */
export type QuoteStatus = 'current' | 'updating' | 'slow' | 'failed' | 'refused';

/** The figures shown: the server's last answer (or the server-rendered start's). */
export function selectQuote(snapshot: QuoteSnapshot): PublicQuote | null {
  return snapshot.context.quote;
}

export function selectQuoteStatus(snapshot: QuoteSnapshot): QuoteStatus {
  if (snapshot.hasTag('failed')) return 'failed';
  if (snapshot.hasTag('refused')) return 'refused';
  if (snapshot.hasTag('slow')) return 'slow';
  return snapshot.hasTag('stale') ? 'updating' : 'current';
}

/** The message key of what the server refused in `field` (e.g. `vat`), or null. */
export function selectQuoteRefusal(snapshot: QuoteSnapshot, field: string): string | null {
  return snapshot.hasTag('refused') ? (snapshot.context.refused[field] ?? null) : null;
}
