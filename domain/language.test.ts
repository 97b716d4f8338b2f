import { describe, expect, it } from 'vitest';
import { langFromAcceptLanguage, resolveLanguage } from './language.ts';

describe('resolveLanguage', () => {
  it('takes the lang query first, then locale, then the saved choice, then the browser, then en', () => {
    expect(resolveLanguage({ lang: 'nl', locale: 'en', saved: 'en', browser: 'en' })).toBe('nl');
    expect(resolveLanguage({ lang: 'de', locale: 'nl', saved: 'en' })).toBe('nl');
    expect(resolveLanguage({ lang: 'xx', locale: 'yy', saved: 'nl', browser: 'en-GB' })).toBe('nl');
    expect(resolveLanguage({ saved: 'fr', browser: 'nl-BE,en;q=0.5' })).toBe('nl');
    expect(resolveLanguage({ browser: 'de-DE' })).toBe('en');
    expect(resolveLanguage({})).toBe('en');
  });

  it('accepts only nl and en from the query', () => {
    expect(resolveLanguage({ lang: 'NL', browser: 'en' })).toBe('en');
    expect(resolveLanguage({ lang: 'nl-NL', browser: 'en' })).toBe('en');
  });
});

describe('langFromAcceptLanguage', () => {
  it('honours q-values and order', () => {
    expect(langFromAcceptLanguage('de;q=1, en;q=0.4, nl;q=0.8')).toBe('nl');
    expect(langFromAcceptLanguage('fr, en-US;q=0.9')).toBe('en');
    expect(langFromAcceptLanguage('nl;q=0, en;q=0.1')).toBe('en');
    expect(langFromAcceptLanguage('de')).toBeUndefined();
    expect(langFromAcceptLanguage('')).toBeUndefined();
  });
});
