import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { isLang, intlLocale, DEFAULT_LANG } from '#domain/language.ts';
import { createRouter } from './router.tsx';
import { createI18nStore } from './i18n/i18n-store.ts';
import { readPageMessages, startMessageGroups } from './i18n/message-groups.ts';
import type { SessionUser } from './router.tsx';

// The server chose the language and says which in <html data-rendered-lang>; hydrate in that
// one. A choice saved in this browser is applied only afterwards (src/after-hydration.ts).
const renderedLang = document.documentElement.dataset.renderedLang ?? document.documentElement.lang;
const lang = isLang(renderedLang) ? renderedLang : DEFAULT_LANG;
// Intl's start-up (ICU loading its data, once per kind of formatter) is the longest part of the
// app's start on a phone: each kind is loaded in a task of its own, so no single task keeps the
// page from answering input, then the app starts and hydrates in tasks of their own. (No
// top-level await: it would split the entry's chunk into one file per route definition.)
const locale = intlLocale(lang);
const kinds: Array<new (locale: string) => unknown> = [
  Intl.NumberFormat,
  Intl.DateTimeFormat,
  Intl.PluralRules,
];
const warmUp = (index: number): unknown =>
  setTimeout(
    index < kinds.length ? () => (new kinds[index]!(locale), warmUp(index + 1)) : startApp,
  );
warmUp(0);

function startApp() {
  const groups = startMessageGroups(readPageMessages());
  const i18n = createI18nStore(lang, groups.catalog(lang), {
    load: groups.loadLanguage,
    // Every text of the page must be in its message groups (scripts/message-groups.ts).
    onMissing: (id) => console.error(`Missing message "${id}" (${i18n.get().lang})`),
  });
  groups.attach(i18n);

  let userPromise: Promise<SessionUser | null> | undefined;
  const router = createRouter({
    i18n,
    origin: window.location.origin,
    // SPEC section 4: fetched on the first navigation to a protected route, then remembered (the
    // API client loads with it, not with every page).
    loadUser: () =>
      (userPromise ??= import('#machines/auth/auth.actors.ts').then((auth) =>
        auth.fetchCurrentUser(),
      )),
  });

  // A transition: hydration yields to the browser every few milliseconds instead of one long task.
  setTimeout(() => {
    startTransition(() => {
      hydrateRoot(document, <RouterClient router={router} />);
    });
  }, 0);
}
