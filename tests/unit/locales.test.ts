import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { readSources, scanMessageKeys } from '#tests/helpers/message-keys.ts';

const catalogs = { en: en as Record<string, string>, nl: nl as Record<string, string> };

describe('message catalogs', () => {
  it('hold exactly the same keys in Dutch and English', () => {
    const enKeys = Object.keys(catalogs.en).sort();
    const nlKeys = Object.keys(catalogs.nl).sort();
    expect(
      enKeys.filter((k) => !(k in catalogs.nl)),
      'missing in nl.json',
    ).toEqual([]);
    expect(
      nlKeys.filter((k) => !(k in catalogs.en)),
      'missing in en.json',
    ).toEqual([]);
  });

  it.each(['en', 'nl'] as const)(
    '%s: no empty message, and every message parses as ICU',
    (lang) => {
      for (const [key, message] of Object.entries(catalogs[lang])) {
        expect(typeof message, key).toBe('string');
        expect(message.trim(), `${lang}:${key} is empty`).not.toBe('');
        expect(() => new IntlMessageFormat(message, lang), `${lang}:${key}`).not.toThrow();
      }
    },
  );

  it('uses the same placeholders in both languages', () => {
    // A placeholder is a name followed by `}` or `,` (`{host}`, `{n, plural, ...}`); the words of
    // a select's or plural's branches (`example {jouwsite.com}`) are text, not placeholders.
    const placeholders = (m: string) =>
      [...m.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((x) => x[1]).sort();
    for (const key of Object.keys(catalogs.en)) {
      expect(placeholders(catalogs.nl[key] ?? ''), key).toEqual(
        placeholders(catalogs.en[key] ?? ''),
      );
    }
  });

  it('is stored sorted, so additions never conflict', () => {
    for (const lang of ['en', 'nl']) {
      const keys = Object.keys(
        JSON.parse(
          readFileSync(path.join(import.meta.dirname, '../../locales', `${lang}.json`), 'utf8'),
        ) as object,
      );
      expect(keys).toEqual([...keys].sort());
    }
  });

  describe('and the code that uses them', () => {
    const root = path.join(import.meta.dirname, '../..');
    const scan = scanMessageKeys(
      Object.keys(catalogs.en),
      readSources(root, ['src', 'machines', 'domain', 'api']),
      {
        // Uses built where a reader cannot see the key (keep this list short).
        patterns: [
          // section headings `${prefix}.${key}.heading`, domain/legal-blocks.ts `section()`
          /^legal\.(?:aup|cookies|privacy|sla|terms)\.[A-Za-z]+\.heading$/,
        ],
        // Dotted names of other things: rate-limit rules (`chat.start`), a request field path,
        // the withdrawal chart's child states (`form.invalid`).
        names: [
          path.join('api', 'http', 'rate-limit.ts'),
          path.join('machines', 'withdrawal', 'withdrawal.machine.ts'),
          `${path.join('api', 'orders', 'catalogue.routes.ts')}: domain.name`,
        ],
      },
    );

    it('has every message id the source code names', () => {
      expect(scan.missing).toEqual([]);
    });

    it('holds no message that no code uses', () => {
      expect(scan.unused).toEqual([]);
    });
  });
});
