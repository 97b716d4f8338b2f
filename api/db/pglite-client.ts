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
 *    describe, execute, sync) to PostgreSQL one call at a time, and parses, plans and describes
 *    every statement anew. Here every SQL text is prepared once as a named statement (parse and
 *    describe, one call; PostgreSQL then keeps its plan, generic after a few runs), and each run is
 *    one call (bind, execute, sync) whose values are serialised the way PGlite's `query` does (the
 *    client's serializers by parameter type) and whose results PGlite's own parser reads, with the
 *    row description remembered from the prepare. Outside a transaction a statement waits for the
 *    transaction under way, as PGlite's `query` does. Prepared statements outlive a rollback; one
 *    that a schema change made stale (SQLSTATE 26000, 0A000) is prepared anew next time.
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

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

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

/** Prepared statements kept at most (the server's hot paths use a few dozen SQL texts). */
const MAX_PREPARED = 2000;
/** SQLSTATEs that say a prepared statement is gone or stale (a schema change): prepare anew. */
const STALE = new Set(['26000', '0A000']);

type Prepared = {
  name: string;
  /** The parameter types PostgreSQL inferred, for serialising values. */
  types: number[];
  /** The statement's RowDescription (or none), put before its results for PGlite's parser. */
  row: BackendMessage | undefined;
};

type Runner = (sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;
/** One runner per PGlite client: prepared statements belong to the client's session. */
const runners = new WeakMap<PGlite, Runner>();

function statementRunner(client: PGlite): Runner {
  let runner = runners.get(client);
  if (!runner) runners.set(client, (runner = newStatementRunner(client)));
  return runner;
}

function newStatementRunner(client: PGlite): Runner {
  const prepared = new Map<string, Prepared>();
  /** Names whose statements are to be closed at the next call (dropped as stale, or evicted). */
  let toClose: string[] = [];
  let counter = 0;

  const closing = () => {
    const names = toClose;
    toClose = [];
    return names.map((name) => serialize.close({ type: 'S', name }));
  };

  const prepare = async (sql: string): Promise<Prepared> => {
    const known = prepared.get(sql);
    if (known) return known;
    if (prepared.size >= MAX_PREPARED) {
      for (const { name } of prepared.values()) toClose.push(name);
      prepared.clear();
    }
    const name = `lean_${++counter}`;
    const { messages } = await client.execProtocol(
      concat([
        ...closing(),
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = {
      name,
      types: parse.parseDescribeStatementResults(messages),
      row: messages.find((message) => message.name === 'rowDescription'),
    };
    prepared.set(sql, statement);
    return statement;
  };

  const serialised = (params: unknown[], types: number[], options: QueryOptions | undefined) =>
    params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = types[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });

  /** Explicit parameter types: an unnamed statement, described each time (PGlite's own way). */
  const unnamed = async (sql: string, params: unknown[], options: QueryOptions) => {
    const described = await client.execProtocol(
      concat([
        serialize.parse({ text: sql, types: options.paramTypes }),
        serialize.describe({ type: 'S' }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const values = serialised(
      params,
      parse.parseDescribeStatementResults(described.messages),
      options,
    );
    const { messages } = await client.execProtocol(
      concat([
        serialize.parse({ text: sql, types: options.paramTypes }),
        serialize.bind({ values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parse.parseResults(messages, client.parsers, options)[0]! as Results;
  };

  /** One statement, as PGlite's `query` would run it (the caller holds PGlite's locks). */
  return (sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> =>
    client.runExclusive(async () => {
      if (options?.paramTypes) return unnamed(sql, params, options);
      const statement = await prepare(sql);
      const values = serialised(params, statement.types, options);
      let messages: BackendMessage[];
      try {
        ({ messages } = await client.execProtocol(
          concat([
            ...closing(),
            serialize.bind({ statement: statement.name, values }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        ));
      } catch (error) {
        if (STALE.has((error as { code?: string }).code ?? '') && prepared.get(sql) === statement) {
          prepared.delete(sql);
          toClose.push(statement.name);
        }
        throw error;
      }
      const all = statement.row ? [statement.row, ...messages] : messages;
      return parse.parseResults(all, client.parsers, options)[0]! as Results;
    });
}

/** What to hand to `drizzle({ client })` (query and transaction are all drizzle calls). */
export function drizzleClient(client: PGlite): PGlite {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  const statement = statementRunner(client);
  return {
    query: (sql: string, params?: unknown[], options?: QueryOptions) =>
      options?.blob
        ? client.query(sql, params, lighter(options))
        : // outside a transaction: wait for the one under way, as PGlite's `query` does
          client._runExclusiveTransaction(() => statement(sql, params, lighter(options))),
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
