// The browser's react-intl (intl-lite.tsx) against react-intl itself, which renders the same
// pages on the server: every message of both catalogues, precompiled as the browser gets it, must
// give the same markup for every plural count, every select option and rich-text tags, or the
// browser's first render would not match the server's HTML.

import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as real from 'react-intl';
import { describe, expect, it } from 'vitest';
import { intlLocale, LANGS } from '#domain/language.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import * as lite from './intl-lite.tsx';

const CATALOGS: Record<string, Record<string, string>> = { en, nl };

interface Variables {
  plural: Set<string>;
  select: Map<string, string[]>;
  tag: Set<string>;
  argument: Set<string>;
}

function variables(elements: MessageFormatElement[], found: Variables): Variables {
  for (const element of elements) {
    if ('options' in element) {
      if (element.type === 6) found.plural.add(element.value);
      else found.select.set(element.value, Object.keys(element.options));
      for (const option of Object.values(element.options)) variables(option.value, found);
    } else if (element.type === 8) {
      found.tag.add(element.value);
      variables(element.children, found);
    } else if (element.type === 1) found.argument.add(element.value);
  }
  return found;
}

/** Value sets that take every branch: each plural count class, each select option. */
function valueSets(found: Variables): Array<Record<string, unknown>> {
  const base: Record<string, unknown> = {};
  for (const name of found.argument) base[name] = `‹${name}›`;
  for (const name of found.tag)
    base[name] = (chunks: ReactNode[]) => <b data-tag={name}>{chunks}</b>;
  let sets = [
    base,
    { ...base, ...Object.fromEntries([...found.argument].map((n) => [n, <i key={n}>{n}</i>])) },
  ];
  for (const name of found.plural)
    sets = sets.flatMap((set) => [0, 1, 2, 5, 21].map((count) => ({ ...set, [name]: count })));
  for (const [name, options] of found.select)
    sets = sets.flatMap((set) =>
      [...options, 'unlisted'].map((option) => ({ ...set, [name]: option })),
    );
  return sets;
}

describe('the browser react-intl gives the markup react-intl gives', () => {
  it.each(LANGS)('every message of the %s catalogue, every branch', (lang) => {
    const catalog = CATALOGS[lang]!;
    const locale = intlLocale(lang);
    const errors: string[] = [];
    const server = real.createIntl({
      locale,
      messages: catalog,
      onError: (e) => errors.push(e.message),
    });
    const compiled = Object.fromEntries(
      Object.entries(catalog).map(([id, text]) => [
        id,
        parse(text, { locale: new Intl.Locale(locale) }),
      ]),
    );
    const browser = lite.createIntl({
      locale,
      messages: compiled,
      onError: (e) => errors.push(e.message),
    });
    let compared = 0;
    for (const [id, elements] of Object.entries(compiled)) {
      const found = variables(elements, {
        plural: new Set(),
        select: new Map(),
        tag: new Set(),
        argument: new Set(),
      });
      for (const values of valueSets(found)) {
        const expected = renderToStaticMarkup(
          <real.RawIntlProvider value={server}>
            <real.FormattedMessage id={id} values={values as never} />
          </real.RawIntlProvider>,
        );
        const actual = renderToStaticMarkup(
          <lite.RawIntlProvider value={browser}>
            <lite.FormattedMessage id={id} values={values} />
          </lite.RawIntlProvider>,
        );
        expect(actual, `${lang} ${id} ${JSON.stringify(values)}`).toBe(expected);
        compared++;
      }
    }
    expect(errors).toEqual([]);
    expect(compared).toBeGreaterThan(Object.keys(catalog).length);
  });

  it('formats lists and numbers, and reports a missing message as react-intl does', () => {
    for (const lang of LANGS) {
      const locale = intlLocale(lang);
      const server = real.createIntl({ locale, messages: {}, onError: () => {} });
      const codes: string[] = [];
      const browser = lite.createIntl({ locale, messages: {}, onError: (e) => codes.push(e.code) });
      for (const list of [[], ['Hosting'], ['Hosting', 'Email'], ['A', 'B', 'C']])
        expect(browser.formatList(list, { type: 'conjunction' })).toBe(
          server.formatList(list, { type: 'conjunction' }),
        );
      expect(browser.formatNumber(96.25, { maximumFractionDigits: 1 })).toBe(
        server.formatNumber(96.25, { maximumFractionDigits: 1 }),
      );
      expect(browser.formatMessage({ id: 'no.such.message' })).toBe('no.such.message');
      expect(codes).toEqual(['MISSING_TRANSLATION']);
    }
  });
});
