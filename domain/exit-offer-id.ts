// The exit-intent offer's id alone: what the checkout route's search parameters need. Route
// definitions load with every page (S21), so they import this and not the offer's rule book
// (domain/exit-offer.ts: names, plans, discount), which then stays in the pages that price.

export const EXIT_OFFER_ID = 'exit10';
export const EXIT_OFFERS = [EXIT_OFFER_ID] as const;
export type ExitOfferId = (typeof EXIT_OFFERS)[number];

export function isExitOfferId(value: unknown): value is ExitOfferId {
  return typeof value === 'string' && (EXIT_OFFERS as readonly string[]).includes(value);
}
