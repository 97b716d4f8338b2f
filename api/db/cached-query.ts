/**
 * A drizzle query (an insert, update or select) whose SQL text is built once per shape (decision
 * M15). Drizzle builds every
 * insert anew: a Param object per value, the column list, its SQL chunks walked with `is()` checks
 * at every step, and that was a fifth of the event loop's time per order (and much of its
 * garbage). Here `build` writes the query once with placeholders (`slot(row, key)`) for the
 * values, and every run only fills them in, encoding each value by its column as drizzle would
 * (`mapToDriverValue`; null stays NULL), and runs the text through the transaction's own drizzle
 * session, so both drivers, their type parsing and the `returning` mapping are drizzle's.
 *
 * Rules for `build`: every value that changes is a `slot` (anything else is cached with the
 * text); so is a value drizzle would compute itself at build time (`$defaultFn`, `$onUpdate` in a
 * conflict's `set`), given by the caller. Every slot needs a value: undefined is refused (drizzle
 * would write the column's default, or leave it out of a `set`; such a key belongs in the shape's
 * key, see `keyOf`).
 */
import { is, Param, Placeholder, sql } from 'drizzle-orm';
import type { PgPreparedQuery, PgSession, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './database.ts';

/** The placeholder of `key` in row `row` of a shape. */
export const slot = (row: number, key: string): Placeholder => sql.placeholder(`${row}:${key}`);

/** The slots of `keys` in row `row`, as the object drizzle's `values` / `set` take. */
export function slots<K extends string>(keys: readonly K[], row = 0): Record<K, Placeholder> {
  return Object.fromEntries(keys.map((key) => [key, slot(row, key)])) as Record<K, Placeholder>;
}

/** A drizzle query builder. */
type Built = { toSQL(): unknown };
/** Its `_prepare`, what its `execute` runs (internal to drizzle, on every builder of a query). */
type Preparable = { _prepare(): PgPreparedQuery<PreparedQueryConfig> };
type ShapeParam =
  | { constant: unknown }
  | { row: number; key: string; encode: ((value: unknown) => unknown) | null };
type Shape = {
  sql: string;
  params: ShapeParam[];
  /** The fields drizzle maps rows by (`returning`'s or a select's; undefined: none). */
  fields: unknown;
  /** A select's joins (drizzle's own bookkeeping for its row mapping). */
  joinsNotNullableMap: unknown;
};

const SLOT = /^(\d+):(.+)$/;
/** Shapes kept per query at most. */
const MAX_SHAPES = 64;

function shapeOf(built: Built): Shape {
  // drizzle's own prepare, once: its SQL text, its parameters (slots still placeholders) and the
  // fields it maps rows by.
  const prepared = (
    built as unknown as Preparable
  )._prepare() as PgPreparedQuery<PreparedQueryConfig> & {
    fields?: unknown;
    joinsNotNullableMap?: unknown;
  };
  const query = prepared.getQuery();
  const params = query.params.map((param): ShapeParam => {
    const wrapped = is(param, Param) && is(param.value, Placeholder);
    const placeholder = wrapped ? (param.value as Placeholder) : param;
    if (!is(placeholder, Placeholder)) return { constant: param };
    const match = SLOT.exec(placeholder.name);
    if (!match) throw new Error(`cachedQuery: placeholder ${placeholder.name} is not a slot`);
    const encoder = wrapped ? (param as Param).encoder : undefined;
    return {
      row: Number(match[1]),
      key: match[2]!,
      encode: encoder ? (value: unknown) => encoder.mapToDriverValue(value) : null,
    };
  });
  return {
    sql: query.sql,
    params,
    fields: prepared.fields,
    joinsNotNullableMap: prepared.joinsNotNullableMap,
  };
}

/**
 * A query of `rows`, built once per shape by `build(tx, rows)`: by default one shape per row
 * count; `shapeOf` names another (e.g. which optional keys are given). Resolves to drizzle's
 * answer: the `returning` rows when the query has them.
 */
export function cachedQuery<Row extends Record<string, unknown>, Result = unknown>(
  build: (tx: Db | Tx, rows: readonly Row[]) => Built,
  keyOf: (rows: readonly Row[]) => string | number = (rows) => rows.length,
): (tx: Db | Tx, rows: readonly Row[]) => Promise<Result> {
  const shapes = new Map<string | number, Shape>();
  return (tx, rows) => {
    const key = keyOf(rows);
    let shape = shapes.get(key);
    if (!shape) {
      // bounded: a batch job's row counts vary
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      shapes.set(key, (shape = shapeOf(build(tx, rows))));
    }
    const params = shape.params.map((param) => {
      if ('constant' in param) return param.constant;
      const value = rows[param.row]![param.key];
      if (value === undefined) throw new Error(`cachedQuery: no value for ${param.key}`);
      return value === null ? null : param.encode ? param.encode(value) : value;
    });
    const session = (tx as unknown as { session: PgSession }).session;
    const prepared = session.prepareQuery(
      { sql: shape.sql, params },
      shape.fields as never,
      undefined,
      true,
    );
    if (shape.joinsNotNullableMap)
      (prepared as unknown as { joinsNotNullableMap: unknown }).joinsNotNullableMap =
        shape.joinsNotNullableMap;
    return prepared.execute() as Promise<Result>;
  };
}
