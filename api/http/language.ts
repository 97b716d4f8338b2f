import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { LOCALE_COOKIE, resolveLanguage, type Lang } from '#domain/language.ts';

/** API answers (API.md section 3): `lang` query, else Accept-Language, else English. */
export function requestLang(c: Context): Lang {
  return resolveLanguage({ lang: c.req.query('lang'), browser: c.req.header('accept-language') });
}

/** Pages (SPEC section 7): `lang` or `locale` query, then the saved choice (cookie), then the browser. */
export function pageLang(c: Context): Lang {
  return resolveLanguage({
    lang: c.req.query('lang'),
    locale: c.req.query('locale'),
    saved: getCookie(c, LOCALE_COOKIE),
    browser: c.req.header('accept-language'),
  });
}
