import { describe, expect, it } from 'vitest';
import { cardsOnPage, GRID_PAGE_SIZE, pageCount } from './card-pages.ts';

describe('card pages (SPEC section 9: grid page size 3)', () => {
  it('pages three cards at a time', () => {
    expect(GRID_PAGE_SIZE).toBe(3);
    expect([0, 1, 3, 4, 6, 7].map((n) => pageCount(n))).toEqual([1, 1, 1, 2, 2, 3]);
  });

  it('shows the cards of a page, the last page possibly short', () => {
    const cards = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(cardsOnPage(cards, 1)).toEqual(['a', 'b', 'c']);
    expect(cardsOnPage(cards, 2)).toEqual(['d', 'e', 'f']);
    expect(cardsOnPage(cards, 3)).toEqual(['g']);
  });

  it('clamps a page outside the list to its ends', () => {
    const cards = ['a', 'b', 'c', 'd'];
    expect(cardsOnPage(cards, 0)).toEqual(['a', 'b', 'c']);
    expect(cardsOnPage(cards, 9)).toEqual(['d']);
    expect(cardsOnPage([], 1)).toEqual([]);
  });
});
