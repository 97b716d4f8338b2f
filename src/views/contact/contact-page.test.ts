// The testimonials of the about and contact pages are a static island (src/views/contact/
// contact-page.tsx): the page keeps the server's HTML of them and loads no code, so they must fit
// on one page of cards, where the pager shows no buttons. A fourth testimonial fails here: the
// island then has to load its code (kind `visible`) for the buttons to work.
import { describe, expect, it } from 'vitest';
import { pageCount } from '#domain/card-pages.ts';
import { TESTIMONIALS } from './contact-page.tsx';

describe('the testimonials island', () => {
  it('holds one page of cards: no pager buttons that would need code', () => {
    expect(TESTIMONIALS.length).toBeGreaterThan(0);
    expect(pageCount(TESTIMONIALS.length)).toBe(1);
  });
});
