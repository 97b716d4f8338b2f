import type { Lang } from '#domain/language.ts';
import type { Messages } from './i18n-store.ts';

/** Loads a catalogue on demand, so the browser downloads only the language it shows. */
export async function loadMessages(lang: Lang): Promise<Messages> {
  const module =
    lang === 'nl' ? await import('#locales/nl.json') : await import('#locales/en.json');
  return module.default as Messages;
}
