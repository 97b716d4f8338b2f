// The catalogues' copy a customer notices (issue 39 item 15): one name per language for the
// product, Dutch spelling of "e-mailadres", and no price without its currency.
import { describe, expect, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';

const catalogs = { en, nl } as Record<'en' | 'nl', Record<string, string>>;

describe('copy', () => {
  it.each([
    ['en', 'Total Package', /Total Plus|Totaalpakket/],
    ['nl', 'Totaalpakket', /Total Plus|Total Package/],
  ] as const)('names the product one way in %s (%s)', (lang, name, others) => {
    const texts = Object.entries(catalogs[lang]);
    expect(texts.filter(([, text]) => others.test(text)).map(([key]) => key)).toEqual([]);
    expect(catalogs[lang]['pricing.totalPlus.heading']).toBe(name);
    expect(catalogs[lang]['nav.totalPackage']).toBe(name);
  });

  it('writes "e-mailadres" in Dutch', () => {
    const wrong = Object.entries(catalogs.nl).filter(([, text]) => /\bemail ?adres/i.test(text));
    expect(wrong.map(([key]) => key)).toEqual([]);
  });

  it.each(['en', 'nl'] as const)('never states an amount of money without € (%s)', (lang) => {
    // "15 per jaar", "Van 30 tot 200 per maand": a bare number before a price period.
    const bare =
      lang === 'nl'
        ? /(?<![€\d.,] ?|€ ?\d*)\b\d+(?:[.,]\d+)? (?:tot (?:€ ?)?\d+ )?per (?:jaar|maand)/
        : /(?<![€\d.,] ?|€ ?\d*)\b\d+(?:[.,]\d+)? (?:to (?:€ ?)?\d+ )?(?:a|per) (?:year|month)/;
    const found = Object.entries(catalogs[lang])
      .filter(([key]) => !key.startsWith('legal.'))
      .filter(([, text]) => bare.test(text.replace(/\{[^}]*\}/g, '')))
      .map(([key, text]) => `${key}: ${text}`);
    expect(found).toEqual([]);
  });

  it("tells staff a closed chat's transcript is queued, not that the visitor received it (issue 39 item 14)", () => {
    expect(catalogs.en['dashboard.chat.closed']).not.toMatch(/received/);
    expect(catalogs.en['dashboard.chat.closed']).toMatch(/queued/);
    expect(catalogs.nl['dashboard.chat.closed']).not.toMatch(/ontvangen/);
  });
});
