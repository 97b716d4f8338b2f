/** The embedded database: PGlite in DATA_DIR (or in memory for tests), see api/db/database.ts. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { acquireDataDirLock, type DataDirLock } from '../lock.ts';
import { drizzleClient } from '../pglite-client.ts';
import { syncTree, WalSyncer } from '../durability.ts';
import type { Database, DatabaseLogger, Db, Tx, WriteOptions } from '../database.ts';
import { checkChannel, checkMigrationsDir, MIGRATIONS_DIR } from './common.ts';

/**
 * PostgreSQL's start parameters for the embedded database: PGlite's own, with 16 MB of shared
 * buffers instead of PostgreSQL's 128 MB. PGlite's WebAssembly allocator touches all of them when
 * it starts (they count in the process's memory from the first second, used or not), and a
 * storefront's working set is far smaller; pages outside them are read from the file system's
 * cache (issue 48, decision D48-4).
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
];

/**
 * Runs `initializer` (build/db/pglite-init.js, from api/db/drivers/pglite-init.ts) in a child node
 * process: it creates the cluster in `pgdata`, migrates it and closes it durably (decision D48D-1).
 * Resolves when it exited 0; rejects with what it wrote to stderr otherwise.
 */
export function createPgliteInChild(
  initializer: string,
  pgdata: string,
  migrationsDir: string,
  /** node options of the child, e.g. a TypeScript loader in tests */
  execArgv: string[] = [],
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...execArgv, initializer, pgdata, migrationsDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`creating the database failed (${signal ?? code}): ${stderr.trim()}`)),
    );
  });
}

export async function openPglite(
  dataDir: string,
  migrationsDir: string,
  logger: DatabaseLogger,
  fsyncOn: boolean,
  migrate: boolean,
  /** A new cluster is created by this script in a child process (createPgliteInChild). */
  initializer?: string,
): Promise<Database> {
  const started = performance.now();
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const lock = await acquireDataDirLock(dir);
  if (lock.tookOver)
    logger.warn(
      { dataDir: dir, previous: lock.tookOver },
      'took over the lock of a server that is gone',
    );
  const pgdata = path.join(dir, 'pglite');
  const created = !fs.existsSync(path.join(pgdata, 'PG_VERSION'));
  let client: PGlite | undefined;
  try {
    // What creating it leaves behind stays with the child, which ends here (D48D-1).
    if (created && initializer && migrate)
      await createPgliteInChild(initializer, pgdata, migrationsDir);
    client = await PGlite.create({ dataDir: pgdata, startParams: [...PGLITE_START_PARAMS] });
    const database = await wrapPglite(client, {
      migrationsDir,
      pgdata: fsyncOn ? pgdata : undefined,
      lock,
      migrate,
    });
    logger.info(
      { dataDir: dir, created, ms: Math.round(performance.now() - started) },
      'embedded database ready',
    );
    return database;
  } catch (error) {
    await client?.close().catch(() => {});
    lock.release();
    throw error;
  }
}

/**
 * A Database over an open PGlite client: migrates it, and with `pgdata` makes writes durable.
 * Also used by the test helper on in-memory clones (no pgdata, no lock).
 */
export async function wrapPglite(
  client: PGlite,
  opts: {
    migrationsDir?: string;
    pgdata?: string | undefined;
    lock?: DataDirLock;
    migrate?: boolean;
  } = {},
): Promise<Database> {
  const lean = drizzleClient(client);
  const db = drizzlePglite({ client: lean }) as unknown as Db;
  if (opts.migrate !== false) {
    const migrationsFolder = opts.migrationsDir ?? MIGRATIONS_DIR;
    checkMigrationsDir(migrationsFolder);
    await migratePglite(db as never, { migrationsFolder });
  }

  let syncer: WalSyncer | null = null;
  if (opts.pgdata) {
    const segment = await client.query<{ bytes: string }>(
      `select setting as bytes from pg_settings where name = 'wal_segment_size'`,
    );
    syncer = new WalSyncer(
      opts.pgdata,
      async <T>(sql: string) => (await lean.query<T>(sql)).rows[0]!,
      Number(segment.rows[0]?.bytes ?? 16 * 1024 * 1024),
    );
    await syncer.syncAll(); // a new cluster, the migrations, or what a killed predecessor left in the page cache
  }

  let queue: Promise<unknown> = Promise.resolve();
  let closed: Promise<void> | null = null;
  const ensureOpen = () => {
    if (closed) throw new Error('The database is closed');
  };

  // Group commit: `flushing` is the fsync under way; `next` the one after it, shared by every
  // commit made meanwhile (it starts when `flushing` ends, so it covers them all).
  let flushing: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const flush = (walSyncer: WalSyncer): Promise<void> => {
    if (!flushing) {
      flushing = walSyncer.afterCommit().finally(() => {
        flushing = null;
      });
      return flushing;
    }
    next ??= flushing
      .catch(() => undefined)
      .then(() => {
        next = null;
        return flush(walSyncer);
      });
    return next;
  };

  /** Runs `run` (one transaction) after the writes before it; resolves once durable (see top). */
  const queued = <T>(run: () => Promise<T>, options: WriteOptions | undefined): Promise<T> => {
    if (closed) return Promise.reject(new Error('The database is closed'));
    const committed = queue.then(run, run);
    queue = committed.catch(() => {});
    // Not durable: the next durable write's fsync (or the close) covers this commit too.
    if (!syncer || options?.durable === false) return committed;
    const walSyncer = syncer;
    return committed.then(async (result) => {
      await flush(walSyncer);
      return result;
    });
  };

  return {
    kind: 'pglite',
    db,
    async ping() {
      ensureOpen();
      await client.query('select 1');
    },
    write<T>(fn: (tx: Tx) => Promise<T>, options?: WriteOptions): Promise<T> {
      return queued(() => db.transaction(fn), options);
    },
    writeStatement<T>(fn: (db: Db) => Promise<T>, options?: WriteOptions): Promise<T> {
      return queued(() => fn(db), options);
    },
    async read(fn) {
      ensureOpen();
      return fn(db);
    },
    async listen(channel, handler) {
      ensureOpen();
      checkChannel(channel);
      const stop = await client.listen(channel, (payload) => handler(payload));
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close() {
      closed ??= (async () => {
        try {
          await queue;
          await (next ?? flushing)?.catch(() => undefined);
          if (!client.closed) await client.close(); // shutdown checkpoint, still without fsync:
          await syncer?.close();
          if (opts.pgdata) await syncTree(opts.pgdata);
        } finally {
          opts.lock?.release();
        }
      })();
      return closed;
    },
  };
}
