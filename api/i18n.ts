// Every text the server writes (error messages, mails, PDFs, calendar entries) comes from the
// site's own catalogues, `locales/en.json` and `locales/nl.json`, formatted as ICU messages by
// react-intl exactly as the pages format them. A key is checked by the compiler (`MessageKey`);
// tests/unit/locales.test.ts checks that every key is used and every key used exists.

import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { DEFAULT_LANG, intlLocale, type Lang } from '#domain/language.ts';

export type MessageKey = keyof typeof en & string;
export type MessageValues = Readonly<Record<string, string | number | Date>>;

const CATALOGS: Readonly<Record<Lang, Readonly<Record<string, string>>>> = { en, nl };
const cache = createIntlCache();
const intls = new Map<Lang, IntlShape>();

function intlFor(lang: Lang): IntlShape {
  let intl = intls.get(lang);
  if (!intl) {
    intl = createIntl(
      {
        locale: intlLocale(lang),
        messages: CATALOGS[lang],
        defaultLocale: intlLocale(DEFAULT_LANG),
        timeZone: 'Europe/Amsterdam',
        // A missing key or value is a bug: never send a mail with a raw id or `{name}` in it.
        onError: (error) => {
          throw error;
        },
      },
      cache,
    );
    intls.set(lang, intl);
  }
  return intl;
}

/** The message `key` of the catalogue of `lang`, with its placeholders filled from `values`. */
export function t(lang: Lang, key: MessageKey, values?: MessageValues): string {
  if (!Object.hasOwn(CATALOGS[lang], key)) throw new Error(`missing message ${lang}:${key}`);
  return String(intlFor(lang).formatMessage({ id: key }, values));
}

/** Whether `key` names a message (for keys that come from data, e.g. a stored field name). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(CATALOGS.en, key);
}
