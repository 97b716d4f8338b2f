// Text fields and control characters (API.md section 3): every text field refuses the C0 control
// characters (U+0000-U+001F), DEL (U+007F) and the C1 controls (U+0080-U+009F); multi-line fields
// (messages, notes, long answers) keep line breaks and tabs. One rule for the server's validators
// and the pages' field checks. PostgreSQL refuses U+0000 in text and jsonb outright, so a NUL that
// slipped past a schema would be a 500, and the others have no place in names, addresses or mail.

import * as v from 'valibot';

/** The message key of a refused control character (locales: form.validation.controlCharacters). */
export const CONTROL_CHARACTERS_KEY = 'form.validation.controlCharacters';

// eslint-disable-next-line no-control-regex
const IN_LINE = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex
const IN_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Whether a text holds a character it may not: any control, or (multi-line) any but \t \n \r. */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}) {
  return (options.multiline ? IN_MULTILINE : IN_LINE).test(value);
}

/** A pipe step for single-line fields (names, addresses, emails): no control character at all. */
export function singleLine(message: string = CONTROL_CHARACTERS_KEY) {
  return v.check<string, string>((value) => !IN_LINE.test(value), message);
}

/** A pipe step for multi-line fields (messages, notes): line breaks and tabs are allowed. */
export function multiLine(message: string = CONTROL_CHARACTERS_KEY) {
  return v.check<string, string>((value) => !IN_MULTILINE.test(value), message);
}

/** How deep a request's JSON may nest (the deepest body we take, a Blueprint answer, is 4). */
export const MAX_JSON_DEPTH = 32;

/**
 * The first place in a parsed JSON value (strings and object keys, at any depth) that holds a
 * control character other than a line break or a tab, or that nests deeper than MAX_JSON_DEPTH:
 * its dotted path ('_' for the value itself) and the message key. The server runs it over every
 * JSON body and query before its schema, so nothing nested in a free-form blob (lead answers,
 * Blueprint drafts) carries a NUL into the database.
 */
export function findHostileText(value: unknown): { path: string; key: string } | null {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const at = () => item.path.join('.') || '_';
    if (item.path.length > MAX_JSON_DEPTH) return { path: at(), key: 'form.validation.invalid' };
    if (typeof item.value === 'string') {
      if (IN_MULTILINE.test(item.value)) return { path: at(), key: CONTROL_CHARACTERS_KEY };
    } else if (Array.isArray(item.value)) {
      item.value.forEach((entry, index) =>
        stack.push({ value: entry, path: [...item.path, String(index)] }),
      );
    } else if (item.value && typeof item.value === 'object') {
      for (const [key, entry] of Object.entries(item.value)) {
        if (IN_LINE.test(key)) return { path: at(), key: CONTROL_CHARACTERS_KEY };
        stack.push({ value: entry, path: [...item.path, key] });
      }
    }
  }
  return null;
}
