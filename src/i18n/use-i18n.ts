import { useRouteContext } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import type { I18nState } from './i18n-store.ts';

/** The current language, its messages and its Intl object; re-renders when the language changes. */
export function useI18n(): I18nState {
  const store = useRouteContext({ from: '__root__', select: (c) => c.i18n });
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
