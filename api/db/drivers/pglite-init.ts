/**
 * A new embedded database created in a process of its own (issue 48, decision D48D-1). PGlite's
 * initdb (a second PostgreSQL instance and initdb's own WebAssembly) and the migrations leave the
 * process that runs them holding memory for good: WebAssembly memory never shrinks, and what the
 * catalogue work touched stays resident. The server's first start therefore runs them here, in a
 * short-lived child process that ends before the server opens the folder, which it then opens as
 * it does after a restart.
 *
 * `node build/db/pglite-init.js <pgdata> <migrationsDir>`: creates the cluster in <pgdata> (an
 * empty or missing folder), applies the migrations, closes it durably (every file fsynced), exits
 * 0; on an error writes it to stderr and exits 1. The server holds the DATA_DIR lock meanwhile.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_START_PARAMS, wrapPglite } from './pglite.ts';

/** Creates, migrates and durably closes the cluster in `pgdata` (in this process). */
export async function initPgliteDataDir(pgdata: string, migrationsDir: string): Promise<void> {
  const client = await PGlite.create({ dataDir: pgdata, startParams: [...PGLITE_START_PARAMS] });
  const database = await wrapPglite(client, { migrationsDir, pgdata });
  await database.close();
}

const invokedAs = process.argv[1] ? path.resolve(process.argv[1]) : '';
if (invokedAs === fileURLToPath(import.meta.url)) {
  const [pgdata, migrationsDir] = process.argv.slice(2);
  if (!pgdata || !migrationsDir) {
    process.stderr.write('usage: pglite-init.js <pgdata> <migrationsDir>\n');
    process.exit(2);
  }
  try {
    await initPgliteDataDir(pgdata, migrationsDir);
    process.exit(0);
  } catch (error) {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  }
}
