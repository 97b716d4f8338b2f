import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import en from '#locales/en.json';
import nl from '#locales/nl.json';

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
    const placeholders = (m: string) => [...m.matchAll(/\{(\w+)/g)].map((x) => x[1]).sort();
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

  it('has every message id the source code names', () => {
    const root = path.join(import.meta.dirname, '../..');
    const files = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
      .filter(
        (f) =>
          /\.(ts|tsx)$/.test(f) &&
          !f.endsWith('.test.ts') &&
          !f.endsWith('.test.tsx') &&
          !f.endsWith('routeTree.gen.ts'),
      )
      .map((f) => path.join(root, 'src', f));
    const areas = new Set(Object.keys(catalogs.en).map((k) => k.split('.')[0]));
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/['"]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)['"]/g)) {
        const id = match[1] ?? '';
        if (
          !areas.has(id.split('.')[0] ?? '') ||
          id.endsWith('.tsx') ||
          id.endsWith('.ts') ||
          id.endsWith('.json')
        )
          continue;
        if (!(id in catalogs.en)) missing.push(`${path.relative(root, file)}: ${id}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
