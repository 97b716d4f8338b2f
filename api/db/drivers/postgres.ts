/** A PostgreSQL server through node-postgres (DATABASE_URL), see api/db/database.ts. */
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../schema.ts';
import type { Database, DatabaseLogger, Db, Tx } from '../database.ts';
import { checkChannel, checkMigrationsDir, MIGRATIONS_DIR, noopLogger } from './common.ts';

/** Arbitrary constant for pg_advisory_lock around migrations ("storefront migrations"). */
export const MIGRATION_LOCK_KEY = 7_246_183_502_113n;

export async function openPostgres(
  databaseUrl: string,
  migrationsDir: string,
  logger: DatabaseLogger,
  poolMax: number,
  migrate: boolean,
): Promise<Database> {
  const started = performance.now();
  // A connection that cannot be made in time fails the request (503) instead of holding it.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolMax,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  try {
    const database = await wrapPool(pool, { migrationsDir, migrate, logger });
    const url = new URL(databaseUrl);
    logger.info(
      {
        host: url.host,
        database: url.pathname.slice(1),
        ms: Math.round(performance.now() - started),
      },
      'PostgreSQL ready',
    );
    return database;
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
}

/** How long a request waits for a new PostgreSQL connection before it fails (503). */
export const CONNECT_TIMEOUT_MS = 10_000;

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** SQLSTATEs and socket errors that mean the connection, not the statement, failed. */
const LOST_CODES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres' own words for a connection that broke or could not be had in time. */
const LOST_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Connection ended)/;

/**
 * Whether `error` (or one it wraps: drizzle puts the driver's error in `cause`) says the database
 * connection was lost or could not be had, as opposed to a statement that failed. Such a request
 * answers `503 SERVICE_UNAVAILABLE`: its transaction is rolled back by the server, and the next
 * request gets a new connection.
 */
export function isConnectionLost(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = errorCode(current);
    if (code && (LOST_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (current instanceof Error && LOST_MESSAGES.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Migrates under an advisory lock, so servers starting together apply each migration once. */
export async function migratePostgres(
  pool: pg.Pool,
  migrationsDir: string = MIGRATIONS_DIR,
): Promise<void> {
  checkMigrationsDir(migrationsDir);
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: migrationsDir });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}

/** A Database over a node-postgres pool (which it ends on close). */
export async function wrapPool(
  pool: pg.Pool,
  opts: { migrationsDir?: string; migrate?: boolean; logger?: DatabaseLogger } = {},
): Promise<Database> {
  const logger = opts.logger ?? noopLogger;
  // Every client must be safe to lose, idle or checked out. node-postgres emits `error` on a client
  // whose connection breaks (a restart, pg_terminate_backend, a dropped network); the pool listens
  // only while the client is idle, and an `error` event nobody hears ends the process. So each
  // client gets its own listener for its whole life: the query under way (and any later one) is
  // rejected, the request answers 503 (`isConnectionLost`, api/http/app.ts), and the release hands the
  // broken client back to the pool, which drops it (pg-pool checks `_queryable`).
  pool.on('connect', (client) => {
    client.on('error', (error) =>
      logger.warn({ err: error.message, code: errorCode(error) }, 'PostgreSQL connection lost'),
    );
  });
  // the pool's own idle listener: the client's listener above has logged it already
  pool.on('error', () => undefined);
  if (opts.migrate !== false) await migratePostgres(pool, opts.migrationsDir);
  const db = drizzleNodePg({ client: pool }) as unknown as Db;
  const listener = createPgListener(pool.options, logger);
  let closed: Promise<void> | null = null;
  return {
    kind: 'postgres',
    db,
    async ping() {
      await pool.query('select 1');
    },
    // PostgreSQL makes each commit durable itself (and groups concurrent commits' WAL flushes).
    write: (fn) => transactionOnPool(pool, fn),
    writeStatement: (fn) => fn(db),
    read: (fn) => fn(db),
    listen: (channel, handler) => listener.listen(channel, handler),
    close() {
      closed ??= listener.close().then(() => pool.end());
      return closed;
    },
  };
}

/**
 * One transaction on a client of its own, released whatever happens. drizzle's own pool
 * transaction (0.45) sends `begin` before its try/finally, so a connection cut just then leaked
 * the checked-out client: the pool never got it back, and `pool.end()` waited for it forever.
 * Here the client is checked out and released by us, and drizzle runs the transaction on that one
 * client. A client whose connection was lost is destroyed rather than pooled again.
 */
async function transactionOnPool<T>(pool: pg.Pool, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let failure: unknown;
  try {
    const db = drizzleNodePg({ client }) as unknown as Db;
    return await db.transaction(fn);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    client.release(
      failure !== undefined && isConnectionLost(failure) ? (failure as Error) : undefined,
    );
  }
}

/** Back-off of the listening connection's reconnects. */
const LISTEN_RECONNECT_MS = [100, 500, 1000, 2000, 5000] as const;

/**
 * The one LISTEN connection of a PostgreSQL Database (a pooled connection cannot hold a LISTEN:
 * the pool hands it to someone else). Connected on the first `listen`; when it breaks it is
 * re-opened with back-off, every channel is listened to again, and every handler is told (`null`)
 * so it re-reads what it may have missed.
 */
function createPgListener(config: pg.ClientConfig, logger: DatabaseLogger) {
  const handlers = new Map<string, Set<(payload: string | null) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;

  const dispatch = (channel: string, payload: string | null) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        logger.warn({ err: error, channel }, 'notification handler failed');
      }
    }
  };

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client(config);
      next.on('notification', (n) => dispatch(n.channel, n.payload ?? ''));
      next.on('error', (error) => {
        logger.warn({ err: error }, 'PostgreSQL LISTEN connection lost');
        lost(next);
      });
      next.on('end', () => lost(next));
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${channel}`);
      client = next;
      attempt = 0;
      return next;
    })();
    connecting.catch(() => {
      connecting = null;
      scheduleReconnect();
    });
    return connecting;
  };

  const lost = (which: pg.Client) => {
    if (client !== which) return; // an older connection, already replaced
    client = null;
    connecting = null;
    which.end().catch(() => undefined);
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer || handlers.size === 0) return;
    const delay = LISTEN_RECONNECT_MS[Math.min(attempt++, LISTEN_RECONNECT_MS.length - 1)];
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(
        () => {
          logger.info({}, 'PostgreSQL LISTEN connection re-established');
          for (const channel of handlers.keys()) dispatch(channel, null);
        },
        () => undefined,
      );
    }, delay);
    retryTimer.unref();
  };

  return {
    async listen(channel: string, handler: (payload: string | null) => void) {
      if (closed) throw new Error('The database is closed');
      checkChannel(channel);
      let set = handlers.get(channel);
      const isNew = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(handler);
      const current = client ?? (await connect());
      if (isNew && current === client) await current.query(`LISTEN ${channel}`);
      return async () => {
        set.delete(handler);
        if (set.size > 0 || handlers.get(channel) !== set) return;
        handlers.delete(channel);
        await client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      handlers.clear();
      await current?.end().catch(() => undefined);
    },
  };
}
