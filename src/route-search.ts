/**
 * The search parameters of the route definitions. Unlike the rest of a route, `validateSearch`
 * belongs to the route tree, so it is in every page's entry script; a valibot schema would bring
 * the whole valibot module into it (the API schemas of the lazily loaded code share it, issue
 * 18). These read the few shapes our links use; like `v.fallback(v.optional(...), undefined)`,
 * a missing or bad value is left out, so a bad query never breaks a page (decision S21).
 */
type Field<T> = (value: unknown) => T | undefined;

/** A string, trimmed when asked, at most `max` long and matching `pattern` when given. */
export function text(
  options: { max?: number; pattern?: RegExp; trim?: boolean } = {},
): Field<string> {
  return (value) => {
    if (typeof value !== 'string') return undefined;
    const result = options.trim ? value.trim() : value;
    if (options.max !== undefined && result.length > options.max) return undefined;
    if (options.pattern && !options.pattern.test(result)) return undefined;
    return result;
  };
}

/** One of the given strings. */
export function oneOf<T extends string>(options: readonly T[]): Field<T> {
  return (value) => ((options as readonly unknown[]).includes(value) ? (value as T) : undefined);
}

/** A string, or a list of strings (a repeated parameter). */
export function textOrList(): Field<string | string[]> {
  return (value) =>
    typeof value === 'string' ||
    (Array.isArray(value) && value.every((item) => typeof item === 'string'))
      ? (value as string | string[])
      : undefined;
}

/** A string, or an object the router parsed from JSON in the query, as JSON text. */
export function jsonText(options: { max: number }): Field<string> {
  return (value) => {
    const result =
      typeof value === 'string'
        ? value
        : value && typeof value === 'object' && !Array.isArray(value)
          ? JSON.stringify(value)
          : undefined;
    return result !== undefined && result.length <= options.max ? result : undefined;
  };
}

/** `validateSearch` of a route: the fields it reads, every other parameter dropped. */
export function searchOf<F extends Record<string, Field<unknown>>>(fields: F) {
  return (search: Record<string, unknown>): { [K in keyof F]?: ReturnType<F[K]> } => {
    const result: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields)) {
      const value = field(search[key]);
      if (value !== undefined) result[key] = value;
    }
    return result as { [K in keyof F]?: ReturnType<F[K]> };
  };
}
