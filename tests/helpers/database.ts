/**
 * createTestDatabase(): a fresh, migrated database for one test file, in about half a second.
 *
 * - PGlite (default): the migrated database is built once in memory, dumped to a tarball in the
 *   OS temp folder (named after a hash of the migrations and the PGlite version, so a schema change
 *   makes a new one), and every test database is a new in-memory PGlite loaded from that tarball
 *   (what PGlite's clone() does). The file is shared by parallel vitest workers and later runs; it
 *   is written to a temporary name and renamed, so a reader never sees half a file. In memory:
 *   no DATA_DIR lock and no fsync.
 * - DATABASE_URL set: a template database `storefront_tpl_<hash>` is created and migrated once
 *   (under an advisory lock, so parallel workers wait for the first), then each test database is
 *   `CREATE DATABASE t_<random> TEMPLATE storefront_tpl_<hash>`, dropped again on close.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  createDatabase,
  dropDatabase,
  uniqueDatabaseName,
  withAdmin,
  withDatabase,
} from './pg-admin.ts';
import type { Database } from '../../api/db/database.ts';
import { MIGRATIONS_DIR } from '../../api/db/drivers/common.ts';
import { wrapPglite } from '../../api/db/drivers/pglite.ts';
import { migratePostgres, wrapPool } from '../../api/db/drivers/postgres.ts';

function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else hash.update(name).update(fs.readFileSync(full));
    }
  };
  walk(MIGRATIONS_DIR);
  hash.update(pgliteVersion());
  return hash.digest('hex').slice(0, 16);
}

/** read from the package's package.json (not exported: walk up from its entry point) */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (
    JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }
  ).version;
}

// ------------------------------------------------------------------------------------------------
// PGlite

let pgliteTemplate: Promise<Blob> | undefined;

async function buildPgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `storefront-pglite-template-${migrationsHash()}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const client = await PGlite.create();
  try {
    await wrapPglite(client); // migrates
    const dump = await client.dumpDataDir('none');
    const bytes = new Uint8Array(await dump.arrayBuffer());
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, bytes);
    fs.renameSync(tmp, file);
    return new Blob([bytes]);
  } finally {
    await client.close();
  }
}

async function createPgliteTestDatabase(): Promise<Database> {
  pgliteTemplate ??= buildPgliteTemplate();
  pgliteTemplate.catch(() => (pgliteTemplate = undefined));
  const client = await PGlite.create({ loadDataDir: await pgliteTemplate });
  return wrapPglite(client, { migrate: false });
}

// ------------------------------------------------------------------------------------------------
// PostgreSQL

const TEMPLATE_LOCK_KEY = '7246183502114';
let pgTemplate: Promise<string> | undefined;

async function ensurePgTemplate(adminUrl: string): Promise<string> {
  const name = `storefront_tpl_${migrationsHash()}`;
  await withAdmin(adminUrl, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists "${building}" with (force)`);
      await admin.query(`create database "${building}"`);
      const pool = new pg.Pool({ connectionString: withDatabase(adminUrl, building), max: 1 });
      try {
        await migratePostgres(pool);
      } finally {
        await pool.end();
      }
      await admin.query(`alter database "${building}" rename to "${name}"`);
    }
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
  });
  return name;
}

async function createPostgresTestDatabase(adminUrl: string): Promise<Database> {
  const [database] = await createPostgresTestDatabases(adminUrl, 1);
  return database!;
}

/**
 * `count` Databases (each its own pool and LISTEN connection, as separate app servers have) on one
 * new database; closing the last one drops it.
 */
async function createPostgresTestDatabases(adminUrl: string, count: number): Promise<Database[]> {
  pgTemplate ??= ensurePgTemplate(adminUrl);
  pgTemplate.catch(() => (pgTemplate = undefined));
  const template = await pgTemplate;
  const name = uniqueDatabaseName('t');
  await createDatabase(adminUrl, name, template);
  const databases = await Promise.all(
    Array.from({ length: count }, () =>
      wrapPool(new pg.Pool({ connectionString: withDatabase(adminUrl, name), max: 5 }), {
        migrate: false,
      }),
    ),
  );
  let open = count;
  return databases.map((database) => {
    let closed: Promise<void> | undefined;
    return {
      ...database,
      close() {
        closed ??= (async () => {
          await database.close();
          if (--open > 0) return;
          await dropDatabase(adminUrl, name);
        })();
        return closed;
      },
    };
  });
}

// ------------------------------------------------------------------------------------------------

/** A fresh migrated database for this test file: PGlite in memory, or a new database on DATABASE_URL. Close it in afterAll. */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  return url ? createPostgresTestDatabase(url) : createPgliteTestDatabase();
}

/**
 * Two Databases on one fresh database, as two app servers see it: on DATABASE_URL two pools and two
 * LISTEN connections; on PGlite (one server only) the same embedded database twice, the second
 * closing nothing. Close both in afterAll.
 */
export async function createTestDatabasePair(): Promise<[Database, Database]> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const [a, b] = await createPostgresTestDatabases(url, 2);
    return [a!, b!];
  }
  const a = await createPgliteTestDatabase();
  return [a, { ...a, close: async () => undefined }];
}
