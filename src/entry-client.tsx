import { hydrateRoot } from 'react-dom/client';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import './styles/app.css';
import './styles/blueprint.css';
import { isLang, DEFAULT_LANG } from '#domain/language.ts';
import { createRouter } from './router.tsx';
import { createI18nStore } from './i18n/i18n-store.ts';
import { loadMessages } from './i18n/catalogs.ts';
import { fetchCurrentUser } from '#machines/auth/auth.actors.ts';

// The server chose the language and says which in <html data-rendered-lang>; hydrate in that
// one. A choice saved in this browser is applied only afterwards (useSavedLanguage).
const renderedLang = document.documentElement.dataset.renderedLang ?? document.documentElement.lang;
const lang = isLang(renderedLang) ? renderedLang : DEFAULT_LANG;
const i18n = createI18nStore(lang, await loadMessages(lang));

let userPromise: ReturnType<typeof fetchCurrentUser> | undefined;
const router = createRouter({
  i18n,
  origin: window.location.origin,
  // SPEC section 4: fetched on the first navigation to a protected route, then remembered.
  loadUser: () => (userPromise ??= fetchCurrentUser()),
});

hydrateRoot(document, <RouterClient router={router} />);
