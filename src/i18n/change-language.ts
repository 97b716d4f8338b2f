import type { AnyRouter } from '@tanstack/react-router';
import { LOCALE_COOKIE, LOCALE_STORAGE_KEY, type Lang } from '#domain/language.ts';
import { loadMessages } from './catalogs.ts';
import type { I18nStore } from './i18n-store.ts';

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

/**
 * Switches the whole page to another language without a reload: loads that catalogue, saves the
 * choice, drops `lang`/`locale` from the address (they would override the choice on reload) and
 * re-runs the routes' head() so titles follow.
 */
export async function changeLanguage(
  router: AnyRouter,
  i18n: I18nStore,
  lang: Lang,
): Promise<void> {
  saveLanguage(lang);
  if (i18n.get().lang !== lang) {
    const messages = await loadMessages(lang);
    i18n.set(lang, messages);
  }
  document.documentElement.lang = lang;
  const search = router.state.location.search as Record<string, unknown>;
  if ('lang' in search || 'locale' in search) {
    const { lang: _l, locale: _c, ...rest } = search;
    await router.navigate({
      to: router.state.location.pathname,
      search: rest,
      hash: router.state.location.hash,
      replace: true,
    });
  }
  await router.invalidate();
}
