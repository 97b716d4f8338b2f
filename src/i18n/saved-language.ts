import { LOCALE_COOKIE, LOCALE_STORAGE_KEY, type Lang } from '#domain/language.ts';

// The visitor's language choice in this browser. Apart from switching (change-language.ts), which
// every page needs only when the visitor switches (issue 18: not in every page's entry).

/** Saves the choice where SPEC says (localStorage `locale`) and mirrors it in a cookie for the server. */
export function saveLanguage(lang: Lang): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, lang);
  } catch {
    // Private mode or storage disabled: the cookie still carries the choice.
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

export function readSavedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}
