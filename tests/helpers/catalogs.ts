// The two message catalogues as plain records, for tests that look up a key's text in a page.
import en from '#locales/en.json';
import nl from '#locales/nl.json';

export const catalogs = { en: en as Record<string, string>, nl: nl as Record<string, string> };

/** HTML as the server writes it, with the entities React escapes turned back into text. */
export const decodeHtml = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
