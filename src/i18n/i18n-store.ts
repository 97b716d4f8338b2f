import { createIntlCache, type IntlShape, type MessageFormatElement } from 'react-intl';
import { createIntl } from './create-intl.ts';
import { DEFAULT_LANG, intlLocale, type Lang } from '#domain/language.ts';

/** Message texts by id: ICU strings (server, tests) or their precompiled trees (browser). */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

export interface I18nStoreOptions {
  /** Fetches a language's catalogue for `changeLanguage` (the browser's message groups). */
  load?: (lang: Lang) => Promise<Messages>;
  /** Called with the id of a message the catalogue lacks (the browser reports it). */
  onMissing?: (id: string) => void;
}

export interface I18nState {
  lang: Lang;
  messages: Messages;
  intl: IntlShape;
}

/**
 * The language of the running app, outside React so that route `head()` functions (titles,
 * hreflang) and components read the same thing. The server makes one per request; the browser
 * one per page load, and `setLanguage` swaps it when the visitor picks another language.
 */
export interface I18nStore {
  get(): I18nState;
  /**
   * The state the page was rendered in on the server (the store's first state; it never changes).
   * Hydration reads this one, so whatever part of the page hydrates late still matches the
   * server's HTML even after the visitor's saved language has been switched to.
   */
  rendered(): I18nState;
  subscribe(listener: () => void): () => void;
  set(lang: Lang, messages: Messages): void;
  /** A language's catalogue, to `set` it (only where the store was given a loader). */
  load(lang: Lang): Promise<Messages>;
}

const cache = createIntlCache();

function makeState(lang: Lang, messages: Messages, options: I18nStoreOptions): I18nState {
  return {
    lang,
    messages,
    intl: createIntl(
      {
        locale: intlLocale(lang),
        messages,
        defaultLocale: intlLocale(DEFAULT_LANG),
        timeZone: 'Europe/Amsterdam',
        onError: (error) => {
          // A missing key is a bug the catalogue test catches; never crash a page for it.
          if (error.code === 'MISSING_TRANSLATION') {
            const id = (error as { descriptor?: { id?: unknown } }).descriptor?.id;
            options.onMissing?.(String(id));
            return;
          }
          console.error(error.message);
        },
      },
      cache,
    ),
  };
}

export function createI18nStore(
  lang: Lang,
  messages: Messages,
  options: I18nStoreOptions = {},
): I18nStore {
  const first = makeState(lang, messages, options);
  let state = first;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    rendered: () => first,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(nextLang, nextMessages) {
      state = makeState(nextLang, nextMessages, options);
      for (const listener of listeners) listener();
    },
    load: (nextLang) =>
      options.load ? options.load(nextLang) : Promise.reject(new Error('No catalogue loader')),
  };
}
