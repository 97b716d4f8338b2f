/**
 * The PGlite client as drizzle sees it, without two costs PGlite adds to every statement
 * (decision M10). Both matter because PGlite runs on the event loop: an order's dozen statements
 * are time the server cannot spend on anything else.
 *
 * 1. drizzle-orm/pglite passes its own `parsers` with each query (timestamps, dates and intervals
 *    returned as text, which drizzle maps itself), and PGlite answers such a query by copying its
 *    whole table of type parsers with those on top: 300-odd integer keys, about 0.3 ms a query.
 *    Here the client's table gets drizzle's parsers once, and queries whose parsers are exactly
 *    those pass none.
 * 2. PGlite's `query` hands each message of the extended protocol (parse, describe, bind,
 *    describe, execute, sync) to PostgreSQL one call at a time, and describes every statement to
 *    learn its parameter types. Inside a transaction (where drizzle runs every write) a statement
 *    here is one call with all of its messages, its parameter types described once per SQL text
 *    and remembered, and its values serialised the way PGlite's `query` does (the client's
 *    serializers by parameter type). Results are read by PGlite's own parser.
 *
 * Anything else (blobs, a transaction already closed) goes through PGlite's `query` unchanged.
 */
import {
  parse,
  protocol,
  types,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

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

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Parameter types per SQL text: the schema does not change while the server runs. */
const MAX_REMEMBERED = 2000;

function statementRunner(client: PGlite) {
  const paramTypes = new Map<string, number[]>();

  const describe = async (sql: string, options: QueryOptions | undefined) => {
    const known = options?.paramTypes ? undefined : paramTypes.get(sql);
    if (known) return known;
    const { messages } = await client.execProtocol(
      concat([
        serialize.parse({ text: sql, types: options?.paramTypes }),
        serialize.describe({ type: 'S' }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const described = parse.parseDescribeStatementResults(messages);
    if (!options?.paramTypes) {
      if (paramTypes.size >= MAX_REMEMBERED) paramTypes.clear();
      paramTypes.set(sql, described);
    }
    return described;
  };

  /** One statement inside the caller's transaction, as PGlite's `query` would run it. */
  return (sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> =>
    client.runExclusive(async () => {
      const typeIds = await describe(sql, options);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = typeIds[i]!;
        const serializer = options?.serializers?.[type] ?? client.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      const { messages } = await client.execProtocol(
        concat([
          serialize.parse({ text: sql, types: options?.paramTypes }),
          serialize.bind({ values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      return parse.parseResults(messages, client.parsers, options)[0]! as Results;
    });
}

/** What to hand to `drizzle({ client })` (query and transaction are all drizzle calls). */
export function drizzleClient(client: PGlite): PGlite {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  const statement = statementRunner(client);
  return {
    query: (sql: string, params?: unknown[], options?: QueryOptions) =>
      client.query(sql, params, lighter(options)),
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => {
        const query = (sql: string, params?: unknown[], options?: QueryOptions) =>
          tx.closed || options?.blob
            ? tx.query(sql, params, lighter(options))
            : statement(sql, params, lighter(options));
        return fn(Object.assign(Object.create(tx) as Transaction, { query }));
      }),
  } as unknown as PGlite;
}
