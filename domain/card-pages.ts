// Lists of cards page three at a time (SPEC section 9, "grid page size 3"): the recommendation
// cards of the planner, the quiz and the Blueprint 100 plan card, and the testimonials.

/** Cards per page (SPEC section 9). */
export const GRID_PAGE_SIZE = 3;

/** How many pages `total` cards fill; an empty list is one (empty) page. */
export function pageCount(total: number, pageSize: number = GRID_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** The cards of page `page` (1-based); a page past the end is clamped to the last. */
export function cardsOnPage<T>(
  cards: readonly T[],
  page: number,
  pageSize: number = GRID_PAGE_SIZE,
): T[] {
  const last = pageCount(cards.length, pageSize);
  const current = Math.min(Math.max(1, Math.floor(page)), last);
  return cards.slice((current - 1) * pageSize, current * pageSize);
}
