// The app's `createIntl` (src/i18n/create-intl.ts) binds only the formatters the app calls. The
// code is held to them: a call of another formatter, or a react-intl component that needs one,
// fails here (it would throw in a page). What it binds formats as react-intl's does (every
// message of both catalogues is compared in precompiled-messages.test.tsx).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  createIntl as reactIntlCreateIntl,
  createIntlCache,
  FormattedMessage,
  RawIntlProvider,
} from 'react-intl';
import { describe, expect, it } from 'vitest';
import { BOUND_FORMATTERS, createIntl } from './create-intl.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

/** react-intl's components and the formatter each calls. */
const COMPONENTS: Record<string, string> = {
  FormattedMessage: 'formatMessage',
  FormattedDate: 'formatDate',
  FormattedTime: 'formatTime',
  FormattedNumber: 'formatNumber',
  FormattedList: 'formatList',
};

describe('the formatters the app calls', () => {
  it('are all bound', () => {
    const bound = new Set<string>(BOUND_FORMATTERS);
    const unbound: string[] = [];
    for (const file of ['src', 'machines', 'domain'].flatMap(sources)) {
      const code = readFileSync(path.join(ROOT, file), 'utf8');
      for (const [, name] of code.matchAll(/\b(?:intl|useIntl\(\))\.(format\w*|\$t)\b/g))
        if (!bound.has(name!)) unbound.push(`${file}: ${name}`);
      for (const [, names] of code.matchAll(/\{([^}]*)\}\s*=\s*(?:useIntl\(\)|intl)\b/g))
        for (const name of names!.split(',').map((n) => n.split(':')[0]!.trim()))
          if (/^(format|\$t)/.test(name) && !bound.has(name)) unbound.push(`${file}: ${name}`);
      for (const [, names] of code.matchAll(/import \{([^}]*)\} from 'react-intl'/g))
        for (const name of names!.split(',').map((n) => n.trim()))
          if (name.startsWith('Formatted') && !bound.has(COMPONENTS[name] ?? name))
            unbound.push(`${file}: ${name}`);
    }
    expect(unbound).toEqual([]);
  });

  it('format as react-intl formats them', () => {
    const config = {
      locale: 'nl-NL',
      messages: { m: 'Hallo <b>{name}</b>, {count, plural, one {# plan} other {# plannen}}' },
      timeZone: 'Europe/Amsterdam',
    };
    const ours = createIntl(config, createIntlCache());
    const theirs = reactIntlCreateIntl(config);
    const values = { name: 'Jan', count: 2, b: (chunks: unknown) => <b>{chunks as string}</b> };
    const html = (intl: typeof ours) =>
      renderToStaticMarkup(
        <RawIntlProvider value={intl}>
          <FormattedMessage id="m" values={values} />
        </RawIntlProvider>,
      );
    expect(html(ours)).toBe(html(theirs));
    expect(html(ours)).toBe('Hallo <b>Jan</b>, 2 plannen');
    const date = new Date(Date.UTC(2026, 10, 28, 23, 30));
    for (const [name, run] of [
      ['formatNumber', (intl: typeof ours) => intl.formatNumber(1234.5)],
      ['formatList', (intl: typeof ours) => intl.formatList(['a', 'b', 'c'])],
      ['formatDate', (intl: typeof ours) => intl.formatDate(date, { dateStyle: 'long' })],
      ['formatTime', (intl: typeof ours) => intl.formatTime(date)],
    ] as const)
      expect(run(ours), name).toBe(run(theirs));
    expect(ours.formatDate(date, { dateStyle: 'long' })).toBe('29 november 2026');
  });

  it('reports a missing message and gives its id', () => {
    const errors: string[] = [];
    const intl = createIntl(
      { locale: 'en', messages: {}, onError: (error) => errors.push(error.code) },
      createIntlCache(),
    );
    expect(intl.formatMessage({ id: 'missing.id' })).toBe('missing.id');
    expect(errors).toEqual(['MISSING_TRANSLATION']);
  });

  it('a formatter left out throws, naming where to add it', () => {
    const intl = createIntl({ locale: 'en', messages: {} }, createIntlCache());
    expect(() => intl.formatPlural(1)).toThrow(/src\/i18n\/create-intl\.ts/);
  });
});
