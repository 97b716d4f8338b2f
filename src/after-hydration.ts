import type { AnyRouter } from '@tanstack/react-router';
import { isLang } from '#domain/language.ts';
import type { I18nStore } from './i18n/i18n-store.ts';
import { readSavedLanguage, saveLanguage } from './i18n/saved-language.ts';

// What the page does once it has hydrated (src/routes/__root.tsx), in a module of its own that is
// fetched then: no page needs it for its first paint (issue 48, decision D48-3).

/**
 * After hydration (never during it, or the text would not match the server's): a language in the
 * address is an explicit choice and is remembered; otherwise a choice saved in this browser that
 * the server did not know about (cookie cleared) is applied.
 */
export function applySavedLanguage(router: AnyRouter, i18n: I18nStore): void {
  const params = new URLSearchParams(window.location.search);
  const fromQuery = params.get('lang') ?? params.get('locale');
  const current = i18n.get().lang;
  if (isLang(fromQuery)) {
    saveLanguage(fromQuery);
    return;
  }
  const saved = readSavedLanguage();
  if (isLang(saved) && saved !== current)
    void import('./i18n/change-language.ts').then((m) => m.changeLanguage(router, i18n, saved));
  else if (!isLang(saved)) saveLanguage(current);
}

/**
 * Inter, when it was not there for the first paint (src/boot.ts), comes in with the first
 * navigation: the page changes then anyway, so the new letters move nothing under the visitor.
 */
export function watchFonts(router: AnyRouter): void {
  const stop = router.subscribe('onResolved', ({ pathChanged }) => {
    const loaded = ['400', '600', '700'].every((weight) =>
      document.fonts.check(`${weight} 1em Inter`),
    );
    if (!pathChanged || !loaded) return;
    document.documentElement.classList.add('fonts-ready');
    stop();
  });
}
