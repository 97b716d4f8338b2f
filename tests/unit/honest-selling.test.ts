// API.md "Honest selling" in the copy (issue 39 items 3 and 4): the small-business scheme is
// described as what it is (no VAT charged under the KOR), never as a limited or temporary offer;
// and no text promises bank details "by email", which nothing sends.

import { describe, expect, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';

const catalogs = { en, nl } as Record<'en' | 'nl', Record<string, string>>;
const KOR = /small[- ]business(es)? scheme|kleineondernemersregeling|\bKOR\b/i;
const OFFER = /offer|limited|temporar|only until|aanbod|tijdelijk|beperkt|actie/i;

describe.each(['en', 'nl'] as const)('honest selling in the %s copy', (lang) => {
  const messages = Object.entries(catalogs[lang]);

  it('never presents the small-business scheme (KOR) as an offer', () => {
    const kor = messages.filter(([, text]) => KOR.test(text));
    expect(kor.length).toBeGreaterThan(0);
    expect(kor.filter(([, text]) => OFFER.test(text)).map(([key]) => key)).toEqual([]);
    expect(catalogs[lang]['blueprint.plan.kor']).toMatch(
      lang === 'en' ? /^No VAT is charged/ : /^Er wordt geen btw gerekend/,
    );
  });

  it('never promises bank details by email', () => {
    const promise = /bank details follow|details follow by e-?mail|bankgegevens volgen/i;
    expect(messages.filter(([, text]) => promise.test(text)).map(([key]) => key)).toEqual([]);
  });
});
