import { useRouteContext } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import type { Lang } from '#domain/language.ts';
import type { I18nState, I18nStore } from './i18n-store.ts';

/** The current language, its messages and its Intl object; re-renders when the language changes. */
export function useI18n(): I18nState {
  return useI18nState(useRouteContext({ from: '__root__', select: (c) => c.i18n }));
}

/** The language the server rendered this page in (it never changes while the page lives). */
export function useRenderedLang(): Lang {
  return useRouteContext({ from: '__root__', select: (c) => c.i18n.rendered().lang });
}

/**
 * The store's state. While hydrating, React reads the server snapshot: the language the server
 * rendered, never a language switched to since, so late-hydrating parts of the page (lazy route
 * chunks) cannot mismatch; React then re-renders them in the current language.
 */
export function useI18nState(store: I18nStore): I18nState {
  return useSyncExternalStore(store.subscribe, store.get, store.rendered);
}
