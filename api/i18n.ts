// Every text the server writes (error messages, mails, PDFs, calendar entries) comes from the
// site's own catalogues, `locales/en.json` and `locales/nl.json`, formatted as ICU messages with
// intl-messageformat, the formatter react-intl uses for the pages. The compiler checks each key
// (`MessageKey`); tests/unit/locales.test.ts checks that every key is used and every key used exists.

import { IntlMessageFormat } from 'intl-messageformat';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { intlLocale, type Lang } from '#domain/language.ts';

export type MessageKey = keyof typeof en & string;
/** Values are words and numbers; dates and money come already formatted (domain/format.ts). */
export type MessageValues = Readonly<Record<string, string | number>>;

const CATALOGS: Readonly<Record<Lang, Readonly<Record<string, string>>>> = { en, nl };
// Compiled messages per language and key (a cache: the catalogues never change at run time).
const compiled = new Map<string, IntlMessageFormat>();
// The text of messages used without values (most of a mail's and an invoice's words), formatted once.
const plain = new Map<string, string>();

/**
 * The message `key` of the catalogue of `lang`, with its placeholders filled from `values`. A
 * missing key or value is a bug and throws: never a mail with a raw id or `{name}` in it.
 */
export function t(lang: Lang, key: MessageKey, values?: MessageValues): string {
  const id = `${lang}:${key}`;
  if (values === undefined) {
    const known = plain.get(id);
    if (known !== undefined) return known;
  }
  let format = compiled.get(id);
  if (!format) {
    const message = Object.hasOwn(CATALOGS[lang], key) ? CATALOGS[lang][key] : undefined;
    if (message === undefined) throw new Error(`missing message ${id}`);
    format = new IntlMessageFormat(message, intlLocale(lang));
    compiled.set(id, format);
  }
  const text = String(format.format(values));
  if (values === undefined) plain.set(id, text);
  return text;
}

/** Whether `key` names a message (for keys that come from data, e.g. a rule book's option ids). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(CATALOGS.en, key);
}

/** A buyer's country as the invoice prints it: the name in `lang` for countries we serve, else the code. */
export function countryName(country: string, lang: Lang): string {
  const key = `invoice.country.${country}`;
  return isMessageKey(key) ? t(lang, key) : country;
}

/** A customer's language named in `inLang` ("Engels", "Dutch"), for the staff's mails. */
export function languageName(lang: Lang, inLang: Lang): string {
  return new Intl.DisplayNames([inLang], { type: 'language' }).of(lang) ?? lang;
}

/** A customer mail's closing lines: the greeting and who sends it ("Kind regards," / the studio). */
export function mailSignOff(lang: Lang): [string, string] {
  return [t(lang, 'mail.common.signOff'), t(lang, 'app.brand')];
}
