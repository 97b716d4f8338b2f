// Language rules shared by the server (request language) and the browser (saved choice).
// SPEC section 7 "Local data" and API.md section 3: `lang` or `locale` query (only nl or en),
// then the saved choice (localStorage `locale`, mirrored in a cookie of the same name so the
// server renders the same language), then the browser's language, then English.

export const LANGS = ['nl', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';
export const LOCALE_STORAGE_KEY = 'locale';
export const LOCALE_COOKIE = 'locale';

export function isLang(value: unknown): value is Lang {
  return value === 'nl' || value === 'en';
}

/** First two letters of a language tag, if they name one of ours. */
export function langFromTag(tag: string | null | undefined): Lang | undefined {
  const two = (tag ?? '').trim().slice(0, 2).toLowerCase();
  return isLang(two) ? two : undefined;
}

/** The best of our languages for an Accept-Language header, by its q-values. */
export function langFromAcceptLanguage(header: string | null | undefined): Lang | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const lang = langFromTag(entry.tag);
    if (lang) return lang;
  }
  return undefined;
}

export interface LanguageSources {
  /** `lang` query parameter. */
  lang?: string | null;
  /** `locale` query parameter. */
  locale?: string | null;
  /** The saved choice: localStorage in the browser, the `locale` cookie on the server. */
  saved?: string | null;
  /** navigator.language in the browser, Accept-Language on the server. */
  browser?: string | null;
}

export function resolveLanguage(sources: LanguageSources): Lang {
  if (isLang(sources.lang)) return sources.lang;
  if (isLang(sources.locale)) return sources.locale;
  if (isLang(sources.saved)) return sources.saved;
  return langFromAcceptLanguage(sources.browser) ?? DEFAULT_LANG;
}

/** Intl locale for dates, numbers and money in a language (D39A-6). */
export function intlLocale(lang: Lang): 'nl-NL' | 'en-US' {
  return lang === 'nl' ? 'nl-NL' : 'en-US';
}
