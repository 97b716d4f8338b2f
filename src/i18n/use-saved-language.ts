import { useRouteContext, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isLang } from '#domain/language.ts';
import { readSavedLanguage, saveLanguage } from './saved-language.ts';

/**
 * After hydration (never during it, or the text would not match the server's): a language in the
 * address is an explicit choice and is remembered; otherwise a choice saved in this browser that
 * the server did not know about (cookie cleared) is applied.
 */
export function useSavedLanguage(): void {
  const router = useRouter();
  const i18n = useRouteContext({ from: '__root__', select: (c) => c.i18n });
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const fromQuery = params.get('lang') ?? params.get('locale');
    const current = i18n.get().lang;
    if (isLang(fromQuery)) {
      saveLanguage(fromQuery);
      return;
    }
    const saved = readSavedLanguage();
    if (isLang(saved) && saved !== current)
      void import('./change-language.ts').then((m) => m.changeLanguage(router, i18n, saved));
    else if (!isLang(saved)) saveLanguage(current);
  }, [router, i18n]);
}
