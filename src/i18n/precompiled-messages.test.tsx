// The browser's messages are precompiled to ICU syntax trees at build time
// (scripts/message-groups.ts) and formatted by react-intl without its message parser (the client
// build aliases the parser to formatjs's `no-parser` entry, vite.config.ts). The server renders
// the same pages with react-intl from the catalogues' strings. Every message of both catalogues,
// precompiled as the browser gets it, must give the same markup as its string for every plural
// count, every select option and rich-text tags, or the browser's first render would not match
// the server's HTML (React #418). The precompiled side runs with the parser switched off, as in
// the browser. Both sides use the app's own `createIntl` (src/i18n/create-intl.ts), which must
// give what react-intl's gives.

import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  createIntl as reactIntlCreateIntl,
  createIntlCache,
  FormattedMessage,
  RawIntlProvider,
  type IntlConfig,
  type IntlShape,
} from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGS, intlLocale, type Lang } from '#domain/language.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { compileMessage } from '../../scripts/message-groups.ts';
import { createIntl as appCreateIntl } from './create-intl.ts';

const createIntl = (config: IntlConfig) => appCreateIntl(config, createIntlCache());

const CATALOGS: Record<Lang, Record<string, string>> = { en, nl };
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

const parser = IntlMessageFormat.__parse;
afterEach(() => {
  IntlMessageFormat.__parse = parser;
});

/** Renders with the message parser gone, as the client build has it. */
function withoutParser<T>(render: () => T): T {
  IntlMessageFormat.__parse = () => {
    throw new Error('the browser has no message parser: a message reached it uncompiled');
  };
  try {
    return render();
  } finally {
    IntlMessageFormat.__parse = parser;
  }
}

function markup(intl: IntlShape, id: string, values: Record<string, unknown>): string {
  return renderToStaticMarkup(
    <RawIntlProvider value={intl}>
      <FormattedMessage id={id} values={values as never} />
    </RawIntlProvider>,
  );
}

describe('precompiled messages through react-intl give the markup of their strings', () => {
  it.each(LANGS)('every message of the %s catalogue, every branch', (lang) => {
    const catalog = CATALOGS[lang];
    const locale = intlLocale(lang);
    const errors: string[] = [];
    const onError = (e: { message: string }) => errors.push(e.message);
    const server = createIntl({ locale, messages: catalog, onError });
    const compiled = Object.fromEntries(
      Object.entries(catalog).map(([id, text]) => [id, compileMessage(text, lang)]),
    );
    const browser = createIntl({ locale, messages: compiled, onError });
    const reference = reactIntlCreateIntl({ locale, messages: catalog, onError });
    let compared = 0;
    for (const [id, elements] of Object.entries(compiled)) {
      const found = variables(elements, {
        plural: new Set(),
        select: new Map(),
        tag: new Set(),
        argument: new Set(),
      });
      for (const values of valueSets(found)) {
        const expected = markup(server, id, values);
        expect(expected, `${lang} ${id}: react-intl's own createIntl`).toBe(
          markup(reference, id, values),
        );
        const actual = withoutParser(() => markup(browser, id, values));
        expect(actual, `${lang} ${id} ${JSON.stringify(values)}`).toBe(expected);
        compared++;
      }
    }
    expect(errors).toEqual([]);
    expect(compared).toBeGreaterThan(Object.keys(catalog).length);
  });

  it('a string message cannot be formatted without the parser (the alias is what keeps it out)', () => {
    const intl = createIntl({ locale: 'en', messages: { m: 'Hi {name}' }, onError: () => {} });
    expect(withoutParser(() => intl.formatMessage({ id: 'm' }, { name: 'Jan' }))).toBe('Hi {name}');
    expect(intl.formatMessage({ id: 'm' }, { name: 'Jan' })).toBe('Hi Jan');
  });
});
