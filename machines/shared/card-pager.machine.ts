import { assign, setup } from 'xstate';
import { GRID_PAGE_SIZE, pageCount } from '#domain/card-pages.ts';

export interface CardPagerInput {
  /** How many cards the list holds. */
  total: number;
  pageSize?: number;
}

export interface CardPagerContext {
  /** 1-based. */
  page: number;
  pages: number;
}

export type CardPagerEvent = { type: 'user.nextPage' } | { type: 'user.previousPage' };

/**
 * A list of cards shown a page at a time (SPEC section 9: three per page). `onePage` when
 * everything fits (no page buttons); otherwise `paging`, whose children say where the visitor is:
 * `first` (Previous disabled), `middle`, `last` (Next disabled). Next and Previous are taken only
 * where there is a page to go to, so the page never leaves the list. A new list starts a new
 * pager (the view keys it by the list), on page 1.
 */
export const cardPagerMachine = setup({
  types: {
    input: {} as CardPagerInput,
    context: {} as CardPagerContext,
    events: {} as CardPagerEvent,
  },
  guards: {
    hasOnePage: ({ context }) => context.pages <= 1,
    isOnFirstPage: ({ context }) => context.page <= 1,
    isOnLastPage: ({ context }) => context.page >= context.pages,
  },
  actions: {
    showNextPage: assign(({ context }) => ({ page: Math.min(context.pages, context.page + 1) })),
    showPreviousPage: assign(({ context }) => ({ page: Math.max(1, context.page - 1) })),
  },
}).createMachine({
  id: 'cardPager',
  context: ({ input }) => ({
    page: 1,
    pages: pageCount(input.total, input.pageSize ?? GRID_PAGE_SIZE),
  }),
  initial: 'placing',
  states: {
    // Decides which page state the current page is (entered at start and after every move).
    placing: {
      always: [
        { guard: 'hasOnePage', target: 'onePage' },
        { guard: 'isOnFirstPage', target: 'paging.first' },
        { guard: 'isOnLastPage', target: 'paging.last' },
        { target: 'paging.middle' },
      ],
    },
    onePage: {},
    paging: {
      // Always entered through `placing`, which names the child.
      initial: 'first',
      states: {
        first: {
          on: { 'user.nextPage': { target: '#cardPager.placing', actions: 'showNextPage' } },
        },
        middle: {
          on: {
            'user.nextPage': { target: '#cardPager.placing', actions: 'showNextPage' },
            'user.previousPage': { target: '#cardPager.placing', actions: 'showPreviousPage' },
          },
        },
        last: {
          on: {
            'user.previousPage': { target: '#cardPager.placing', actions: 'showPreviousPage' },
          },
        },
      },
    },
  },
});
