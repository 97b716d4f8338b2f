import type { AnyRouter } from '@tanstack/react-router';
import type { Lang } from '#domain/language.ts';
import type { I18nStore } from './i18n-store.ts';
import { saveLanguage } from './saved-language.ts';

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
    const messages = await i18n.load(lang);
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
