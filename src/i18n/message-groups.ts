import { LANGS, type Lang } from '#domain/language.ts';
import type { I18nStore, Messages } from './i18n-store.ts';
import { messageGroupFile } from './message-group-file.ts';

/**
 * The browser's catalogue, one message group at a time (scripts/message-groups.ts builds them):
 * the page brings the groups of its own code in its language (`PageMessages`, written by the
 * server into `<script id="page-messages">`); a chunk loaded later calls `__messageGroup(id)`
 * before it runs, which fetches its group in the language on screen (and in the language the
 * page was rendered in while that part may still hydrate). Switching language fetches every
 * group this page has so far, in the new language.
 */
export interface PageMessages {
  lang: Lang;
  groups: string[];
  messages: Messages;
}

export const PAGE_MESSAGES_ID = 'page-messages';

declare global {
  var __messageGroup: (group: string) => Promise<void>;
}

const groupUrl = (group: string, lang: Lang) => `/${messageGroupFile(group, lang)}`;

export function startMessageGroups(page: PageMessages): {
  catalog(lang: Lang): Messages;
  attach(store: I18nStore): void;
  loadLanguage(lang: Lang): Promise<Messages>;
} {
  const catalogs = Object.fromEntries(LANGS.map((lang) => [lang, {}])) as Record<Lang, Messages>;
  Object.assign(catalogs[page.lang], page.messages);
  const groups = new Set(page.groups);
  const loads = new Map<string, Promise<void>>();
  for (const group of page.groups) loads.set(`${page.lang}:${group}`, Promise.resolve());
  let store: I18nStore | undefined;

  const load = (group: string, lang: Lang) => {
    const key = `${lang}:${group}`;
    let pending = loads.get(key);
    if (!pending) {
      pending = fetch(groupUrl(group, lang))
        .then((response) => {
          if (!response.ok) throw new Error(`${groupUrl(group, lang)}: ${response.status}`);
          return response.json() as Promise<Messages>;
        })
        .then((messages) => {
          // The intl objects hold these very catalogues: what a chunk brings is there at once.
          Object.assign(catalogs[lang], messages);
        });
      pending.catch(() => loads.delete(key));
      loads.set(key, pending);
    }
    return pending;
  };

  globalThis.__messageGroup = async (group) => {
    groups.add(group);
    const langs = new Set<Lang>([page.lang]);
    if (store) langs.add(store.get().lang).add(store.rendered().lang);
    await Promise.all([...langs].map((lang) => load(group, lang)));
  };

  return {
    catalog: (lang) => catalogs[lang],
    attach(next) {
      store = next;
    },
    async loadLanguage(lang) {
      // Chunks may arrive while this runs: repeat until every group known is in.
      for (;;) {
        const known = [...groups];
        await Promise.all(known.map((group) => load(group, lang)));
        if (known.length === groups.size) return catalogs[lang];
      }
    },
  };
}

/** The page's own messages, as the server wrote them. */
export function readPageMessages(): PageMessages {
  const element = document.getElementById(PAGE_MESSAGES_ID);
  if (!element?.textContent) throw new Error(`No #${PAGE_MESSAGES_ID}`);
  return JSON.parse(element.textContent) as PageMessages;
}
