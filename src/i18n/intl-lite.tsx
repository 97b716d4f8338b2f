// The browser's react-intl (the client build aliases `react-intl` to this file; the server and
// the tests use react-intl itself). Issue 18: react-intl, @formatjs/intl and intl-messageformat
// are a fifth of the landing page's JavaScript budget, while the browser only ever formats
// precompiled messages (scripts/message-groups.ts) with the few ICU forms our catalogues use:
// text, `{arg}`, `select`, `plural` with `#`, and rich-text tags. Everything here gives exactly
// what react-intl gives for those (src/i18n/intl-lite.test.tsx compares every message of both
// catalogues); any other form fails loudly in that test, so a new one cannot slip in silently.
//
// API: createIntl, createIntlCache, RawIntlProvider, useIntl, FormattedMessage; on the intl
// object formatMessage, formatList, formatNumber and locale.

import {
  Children,
  Fragment,
  createContext,
  createElement,
  isValidElement,
  memo,
  useContext,
  type ReactNode,
} from 'react';

type Element =
  | { type: 0; value: string }
  | { type: 1; value: string }
  | { type: 5; value: string; options: Record<string, { value: Element[] }> }
  | {
      type: 6;
      value: string;
      options: Record<string, { value: Element[] }>;
      offset?: number;
      pluralType?: 'cardinal' | 'ordinal';
    }
  | { type: 7 }
  | { type: 8; value: string; children: Element[] };

type Values = Record<string, unknown>;
type Part = string | ReactNode;

interface Descriptor {
  id: string;
  defaultMessage?: string;
  description?: string;
}

export interface LiteIntlConfig {
  locale: string;
  messages?: Record<string, unknown>;
  defaultLocale?: string;
  timeZone?: string;
  onError?: (error: { code: string; message: string; descriptor?: Descriptor }) => void;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options ?? {})}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function plural(locale: string, type: 'cardinal' | 'ordinal', value: number): string {
  const key = `${locale}|${type}`;
  let rules = pluralRules.get(key);
  if (!rules) pluralRules.set(key, (rules = new Intl.PluralRules(locale, { type })));
  return rules.select(value);
}

function formatParts(
  elements: Element[],
  locale: string,
  values: Values,
  pluralValue?: number,
): Part[] {
  const parts: Part[] = [];
  for (const element of elements) {
    switch (element.type) {
      case 0:
        parts.push(element.value);
        break;
      case 7:
        if (typeof pluralValue === 'number') parts.push(numberFormat(locale).format(pluralValue));
        break;
      case 1: {
        if (!(element.value in values)) throw new Error(`No value for {${element.value}}`);
        const value = values[element.value];
        parts.push(
          typeof value === 'string' || typeof value === 'number'
            ? String(value)
            : value
              ? (value as ReactNode)
              : '',
        );
        break;
      }
      case 5: {
        const option = element.options[String(values[element.value])] ?? element.options.other;
        if (!option) throw new Error(`No option for {${element.value}}`);
        parts.push(...formatParts(option.value, locale, values));
        break;
      }
      case 6: {
        const value = values[element.value];
        if (typeof value !== 'number') throw new Error(`{${element.value}} is not a number`);
        const offset = element.offset ?? 0;
        const option =
          element.options[`=${value}`] ??
          element.options[plural(locale, element.pluralType ?? 'cardinal', value - offset)] ??
          element.options.other;
        if (!option) throw new Error(`No option for {${element.value}}`);
        parts.push(...formatParts(option.value, locale, values, value - offset));
        break;
      }
      case 8: {
        const tag = values[element.value];
        if (typeof tag !== 'function') throw new Error(`<${element.value}> is not a function`);
        const chunks = (tag as (chunks: Part[]) => Part | Part[])(
          keyed(formatParts(element.children, locale, values, pluralValue)),
        );
        parts.push(...(Array.isArray(chunks) ? chunks : [chunks]));
        break;
      }
      default:
        throw new Error(`Message element of type ${(element as { type: number }).type}`);
    }
  }
  return merged(parts);
}

/** Adjacent strings as one (one text node, as on the server). */
function merged(parts: Part[]): Part[] {
  const result: Part[] = [];
  for (const part of parts) {
    if (typeof part === 'string' && typeof result[result.length - 1] === 'string')
      result[result.length - 1] += part;
    else result.push(part);
  }
  return result;
}

/** Like react-intl: elements among strings get index keys, so React does not warn. */
function keyed(parts: Part[]): Part[] {
  return Children.toArray(parts).map((child, index) =>
    isValidElement(child) ? createElement(Fragment, { key: index }, child) : child,
  );
}

function join(parts: Part[]): Part | Part[] {
  if (parts.length <= 1) return parts[0] ?? '';
  return keyed(parts);
}

export function createIntlCache() {
  return {};
}

export function createIntl(config: LiteIntlConfig, _cache?: unknown) {
  const { locale, messages = {}, onError = () => {} } = config;
  const formatMessage = (descriptor: Descriptor, values?: Values): Part | Part[] => {
    const id = String(descriptor.id);
    const message = Object.prototype.hasOwnProperty.call(messages, id) ? messages[id] : undefined;
    if (!Array.isArray(message)) {
      onError({ code: 'MISSING_TRANSLATION', message: `Missing message "${id}"`, descriptor });
      return descriptor.defaultMessage ?? id;
    }
    try {
      return join(formatParts(message as Element[], locale, values ?? {}));
    } catch (error) {
      onError({ code: 'FORMAT_ERROR', message: `${id}: ${(error as Error).message}`, descriptor });
      return descriptor.defaultMessage ?? id;
    }
  };
  return {
    locale,
    messages,
    defaultLocale: config.defaultLocale ?? 'en',
    timeZone: config.timeZone,
    formatMessage,
    $t: formatMessage,
    formatNumber: (value: number, options?: Intl.NumberFormatOptions) =>
      numberFormat(locale, options).format(value),
    formatList: (list: readonly string[], options?: Intl.ListFormatOptions) =>
      list.length === 0 ? '' : new Intl.ListFormat(locale, options).format(list),
  };
}

type LiteIntl = ReturnType<typeof createIntl>;

const IntlContext = createContext<LiteIntl | null>(null);
export const RawIntlProvider = IntlContext.Provider;

export function useIntl(): LiteIntl {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error('useIntl needs a <RawIntlProvider> above it');
  return intl;
}

function Message(props: Descriptor & { values?: Values }) {
  const { formatMessage } = useIntl();
  return (
    <>
      {formatMessage(
        { id: props.id, defaultMessage: props.defaultMessage, description: props.description },
        props.values,
      )}
    </>
  );
}

function shallowEqual(a: Values | undefined, b: Values | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

export const FormattedMessage = memo(Message, (previous, next) => {
  const { values: previousValues, ...previousRest } = previous;
  const { values: nextValues, ...nextRest } = next;
  return (
    shallowEqual(previousValues, nextValues) &&
    shallowEqual(previousRest as Values, nextRest as Values)
  );
});
