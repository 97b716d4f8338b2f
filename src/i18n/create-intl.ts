import {
  DEFAULT_INTL_CONFIG,
  createFormatters,
  formatDate,
  formatList,
  formatMessage,
  formatNumber,
  formatTime,
  type IntlCache,
} from '@formatjs/intl';
import { isFormatXMLElementFn } from 'intl-messageformat';
import { Children, Fragment, createElement, isValidElement, type ReactNode } from 'react';
import type { IntlConfig, IntlShape } from 'react-intl';

/**
 * The formatters the app calls: `formatMessage` (and `$t`, `FormattedMessage`), `formatNumber`,
 * `formatList`, `formatDate` and `formatTime` (`FormattedDate`). src/i18n/create-intl.test.ts
 * holds the code to these.
 */
export const BOUND_FORMATTERS = [
  'formatMessage',
  '$t',
  'formatNumber',
  'formatList',
  'formatDate',
  'formatTime',
] as const;

const UNBOUND = [
  'formatDateTimeRange',
  'formatDateToParts',
  'formatTimeToParts',
  'formatDuration',
  'formatDurationToParts',
  'formatRelativeTime',
  'formatNumberToParts',
  'formatPlural',
  'formatListToParts',
  'formatDisplayName',
] as const;

/** React nodes with index keys, as react-intl gives a message's chunks (no key warnings). */
function keyed(nodes: ReactNode): ReactNode[] {
  return Children.toArray(nodes).map((node, index) =>
    isValidElement(node) ? createElement(Fragment, { key: index }, node) : node,
  );
}

function keyedValues(values?: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!values) return values;
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values))
    result[name] = isFormatXMLElementFn(value as never)
      ? (parts: ReactNode) => (value as (parts: ReactNode[]) => ReactNode)(keyed(parts))
      : value;
  return result;
}

/**
 * react-intl's `createIntl` with only the formatters above: its own binds every formatter of
 * `@formatjs/intl` (durations, relative times, display names, date ranges, parts...), and that
 * code was on every page's critical path (decision D48E-4). Messages, rich text chunks and the
 * error handling are react-intl's (the same `formatMessage` of `@formatjs/intl`, chunks keyed the
 * same way); a formatter left out throws, naming this file.
 */
export function createIntl(config: IntlConfig, cache: IntlCache): IntlShape {
  const resolved = { ...DEFAULT_INTL_CONFIG, textComponent: Fragment, ...config };
  const formatters = createFormatters(cache);
  const message = (descriptor: never, values?: Record<string, unknown>, options?: never) => {
    const chunks = formatMessage(resolved, formatters, descriptor, keyedValues(values), options);
    return Array.isArray(chunks) ? keyed(chunks) : chunks;
  };
  const intl: Record<string, unknown> = {
    ...resolved,
    formatters,
    formatMessage: message,
    $t: message,
    formatNumber: formatNumber.bind(null, resolved, formatters.getNumberFormat),
    formatList: formatList.bind(null, resolved, formatters.getListFormat),
    formatDate: formatDate.bind(null, resolved, formatters.getDateTimeFormat),
    formatTime: formatTime.bind(null, resolved, formatters.getDateTimeFormat),
  };
  for (const name of UNBOUND)
    intl[name] = () => {
      throw new Error(`intl.${name} is not bound: add it in src/i18n/create-intl.ts`);
    };
  return intl as unknown as IntlShape;
}
