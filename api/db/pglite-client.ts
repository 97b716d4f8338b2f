/**
 * The PGlite client as drizzle sees it, without a cost drizzle's driver adds to every query.
 *
 * drizzle-orm/pglite passes its own `parsers` with each query (timestamps, dates and intervals
 * returned as text, which drizzle maps itself), and PGlite answers such a query by copying its
 * whole table of type parsers with those on top: 300-odd integer keys, about 0.3 ms per query,
 * a quarter of an order's work on the event loop. Here the client's table gets drizzle's parsers
 * once, and queries whose parsers are exactly those pass none (decision M10). Anything else is
 * passed through unchanged.
 */
import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';

const asText = (value: string) => value;

/** drizzle-orm/pglite's per-query parsers (session.js): text for these types. */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const TEXT_TYPES = new Set(DRIZZLE_TEXT_TYPES);

/** The options without `parsers` when the client's own table already has them, else as given. */
function lighter(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const key of Object.keys(parsers)) if (!TEXT_TYPES.has(Number(key))) return options;
  const { parsers: _same, ...rest } = options;
  return rest;
}

type Queryable = Pick<PGlite, 'query'>;

function withLighterQuery<T extends Queryable>(target: T): Queryable {
  return {
    query: (sql, params, options) => target.query(sql, params, lighter(options)),
  };
}

/** What to hand to `drizzle({ client })` (query and transaction are all drizzle calls). */
export function drizzleClient(client: PGlite): PGlite {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  return {
    ...withLighterQuery(client),
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) =>
        fn(Object.assign(Object.create(tx) as Transaction, withLighterQuery(tx))),
      ),
  } as unknown as PGlite;
}
