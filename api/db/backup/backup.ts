/**
 * Logical backups: `npm run backup` / `npm run restore` (README "Backups").
 *
 * A backup is a gzipped text file: line 1 a JSON header (format, version, when, which database,
 * how many migrations were applied, and per table its columns and row count), then one line per
 * table holding its rows as one `jsonb` array exactly as PostgreSQL printed it (never parsed in
 * JavaScript, so no number loses precision). Everything is read in one REPEATABLE READ
 * transaction, so the dump is consistent even while a PostgreSQL database is in use; the
 * embedded database is locked to one process, so its backup runs while the server is stopped.
 *
 * A restore goes into an empty database (a DATA_DIR without one, or an empty PostgreSQL database
 * through DATABASE_URL): the current migrations are applied, then every table is filled in
 * foreign-key order in one transaction (`jsonb_populate_recordset`), identity sequences moved past
 * the restored ids. A backup made before later migrations restores too (columns added since get
 * their defaults); one made by a newer version is refused. The same file moves a site from the
 * embedded database to PostgreSQL.
 */
import fs from 'node:fs';
import { createGunzip, createGzip } from 'node:zlib';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../database.ts';

export const BACKUP_FORMAT = 'webstudio-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: Database['kind'];
  /** migrations applied to the database the backup was made of */
  migrations: number;
  tables: Array<{ name: string; columns: string[]; rows: number }>;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

type ColumnInfo = { table: string; column: string; generated: boolean; identity: boolean };

async function rows<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await tx.execute(query)).rows as T[];
}

async function publicColumns(tx: Tx): Promise<ColumnInfo[]> {
  const found = await rows<{
    table_name: string;
    column_name: string;
    is_generated: string;
    is_identity: string;
    column_default: string | null;
  }>(
    tx,
    sql`select c.table_name, c.column_name, c.is_generated, c.is_identity, c.column_default
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`,
  );
  return found.map((c) => ({
    table: c.table_name,
    column: c.column_name,
    generated: c.is_generated === 'ALWAYS',
    identity: c.is_identity === 'YES' || (c.column_default ?? '').startsWith('nextval('),
  }));
}

/** Tables ordered so that every table comes after the tables its foreign keys point to. */
async function tablesInDependencyOrder(tx: Tx, tables: string[]): Promise<string[]> {
  const edges = await rows<{ child: string; parent: string }>(
    tx,
    sql`select cc.relname as child, pc.relname as parent
        from pg_constraint k
        join pg_class cc on cc.oid = k.conrelid
        join pg_class pc on pc.oid = k.confrelid
        join pg_namespace n on n.oid = cc.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges)
    if (child !== parent && parents.has(child) && parents.has(parent))
      parents.get(child)!.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)),
    );
    if (ready.length === 0) throw new BackupError('foreign keys form a cycle; cannot order tables');
    for (const t of ready) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

async function appliedMigrations(tx: Tx): Promise<number> {
  const [exists] = await rows<{ present: boolean }>(
    tx,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists?.present) return 0;
  const [row] = await rows<{ n: number | string }>(
    tx,
    sql`select count(*) as n from drizzle.__drizzle_migrations`,
  );
  return Number(row?.n ?? 0);
}

/** Writes a consistent backup of `database` to `file` (gzip). */
export async function writeBackup(
  database: Database,
  file: string,
  now: Date = new Date(),
): Promise<BackupHeader> {
  const { header, lines } = await database.write(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const columns = await publicColumns(tx);
    const tables = await tablesInDependencyOrder(tx, [...new Set(columns.map((c) => c.table))]);
    const lines: string[] = [];
    const described: BackupHeader['tables'] = [];
    for (const table of tables) {
      const [dump] = await rows<{ data: string; n: number | string }>(
        tx,
        sql`select coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb)::text as data, count(*) as n
            from ${sql.identifier(table)} t`,
      );
      lines.push(dump!.data);
      described.push({
        name: table,
        columns: columns.filter((c) => c.table === table && !c.generated).map((c) => c.column),
        rows: Number(dump!.n),
      });
    }
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      database: database.kind,
      migrations: await appliedMigrations(tx),
      tables: described,
    };
    return { header, lines };
  });
  const temporary = `${file}.partial`;
  await pipeline(
    Readable.from([JSON.stringify(header), ...lines].map((line) => `${line}\n`)),
    createGzip(),
    fs.createWriteStream(temporary, { mode: 0o600 }),
  );
  fs.renameSync(temporary, file);
  return header;
}

async function readBackup(file: string): Promise<{ header: BackupHeader; lines: string[] }> {
  const lines: string[] = [];
  const reader = createInterface({
    input: fs.createReadStream(file).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  try {
    for await (const line of reader) lines.push(line);
  } catch (error) {
    throw new BackupError(`${file} is not a backup (${(error as Error).message})`);
  }
  let header: BackupHeader;
  try {
    header = JSON.parse(lines.shift() ?? '') as BackupHeader;
  } catch {
    throw new BackupError(`${file} is not a backup (no header)`);
  }
  if (header.format !== BACKUP_FORMAT || header.version !== BACKUP_VERSION)
    throw new BackupError(`${file} is not a ${BACKUP_FORMAT} version ${BACKUP_VERSION} file`);
  if (lines.length !== header.tables.length)
    throw new BackupError(
      `${file} is incomplete: ${lines.length} of ${header.tables.length} tables`,
    );
  return { header, lines };
}

/**
 * Rows the migrations themselves insert, by table: what a freshly migrated database holds. The
 * exit-intent offer's coupon `EXIT10` (migration 0022) is one while nobody has used it.
 */
const MIGRATION_SEEDS: Readonly<Record<string, SQL>> = {
  coupons: sql`uses = 0`,
};

/**
 * Restores `file` into `database`, which must be migrated and hold no rows but the migrations'
 * own (MIGRATION_SEEDS). Returns the header.
 */
export async function restoreBackup(database: Database, file: string): Promise<BackupHeader> {
  const { header, lines } = await readBackup(file);
  await database.write(async (tx) => {
    const migrations = await appliedMigrations(tx);
    if (header.migrations > migrations)
      throw new BackupError(
        `the backup was made by a newer version (${header.migrations} migrations, this one has ${migrations}); restore it with that version`,
      );
    const columns = await publicColumns(tx);
    const tables = [...new Set(columns.map((c) => c.table))];
    for (const table of tables) {
      const seed = MIGRATION_SEEDS[table];
      const [count] = await rows<{ n: number | string }>(
        tx,
        seed
          ? sql`select count(*) as n from ${sql.identifier(table)} where not (${seed})`
          : sql`select count(*) as n from ${sql.identifier(table)}`,
      );
      if (Number(count?.n) > 0)
        throw new BackupError(`the database is not empty (table ${table} has rows)`);
    }
    const byName = new Map(header.tables.map((t, i) => [t.name, { ...t, data: lines[i]! }]));
    // The migrations' own rows give way to the backup's copy of them (which may have changed
    // since: a coupon disabled or used); a backup from before that table keeps them.
    for (const table of Object.keys(MIGRATION_SEEDS))
      if (byName.has(table)) await tx.execute(sql`delete from ${sql.identifier(table)}`);
    for (const { name, columns: backedUp } of header.tables) {
      const known = new Set(columns.filter((c) => c.table === name).map((c) => c.column));
      if (known.size === 0)
        throw new BackupError(`table ${name} of the backup does not exist here`);
      const unknown = backedUp.filter((c) => !known.has(c));
      if (unknown.length > 0)
        throw new BackupError(`columns ${unknown.join(', ')} of ${name} do not exist here`);
    }
    // As superuser (PGlite, a PostgreSQL owner account), triggers stay quiet during the load:
    // the rows are restored as they were, not as a new insert would make them.
    const [role] = await rows<{ superuser: boolean }>(
      tx,
      sql`select rolsuper as superuser from pg_roles where rolname = current_user`,
    );
    if (role?.superuser) await tx.execute(sql`set local session_replication_role = replica`);
    for (const table of await tablesInDependencyOrder(tx, tables)) {
      const saved = byName.get(table);
      if (!saved || saved.rows === 0) continue;
      const list = sql.join(
        saved.columns.map((c) => sql.identifier(c)),
        sql`, `,
      );
      await tx.execute(
        sql`insert into ${sql.identifier(table)} (${list}) overriding system value
            select ${list} from jsonb_populate_recordset(null::${sql.identifier(table)}, ${saved.data}::jsonb)`,
      );
      for (const c of columns.filter((c) => c.table === table && c.identity)) {
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${c.column}),
                 coalesce((select max(${sql.identifier(c.column)}) from ${sql.identifier(table)}), 0) + 1,
                 false)`,
        );
      }
    }
  });
  return header;
}
