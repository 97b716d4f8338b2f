/**
 * `npm run backup [-- <file>]` and `npm run restore -- <file>`: see backup.ts. Reads DATA_DIR and
 * DATABASE_URL like the server. The embedded database is locked while a server uses it: stop the
 * server for a backup of it (a few seconds), and restore into a DATA_DIR that holds no database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, parseConfig } from '../../env.ts';
import { openDatabase } from '../database.ts';
import { BackupError, restoreBackup, writeBackup } from './backup.ts';
import { DataDirLockedError } from '../lock.ts';

export async function runBackupCommand(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string | undefined>,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<void> {
  const config = parseConfig(env);
  const dataDir = path.resolve(config.DATA_DIR);
  const target = config.DATABASE_URL
    ? `PostgreSQL ${new URL(config.DATABASE_URL).host}${new URL(config.DATABASE_URL).pathname}`
    : `the embedded database in ${dataDir}`;
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.resolve(args[0] ?? `backup-${stamp}.json.gz`);
    if (!config.DATABASE_URL && !fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION')))
      throw new BackupError(`there is no embedded database in ${dataDir}`);
    const database = await openDatabase({
      dataDir,
      ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}),
      migrate: false,
      poolMax: 1,
    });
    try {
      const header = await writeBackup(database, file);
      const rows = header.tables.reduce((sum, t) => sum + t.rows, 0);
      print(`backup of ${target}: ${header.tables.length} tables, ${rows} rows -> ${file}`);
    } finally {
      await database.close();
    }
    return;
  }
  const file = args[0];
  if (!file) throw new BackupError('name the backup file: npm run restore -- <file>');
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist`);
  if (!config.DATABASE_URL && fs.existsSync(path.join(dataDir, 'pglite')))
    throw new BackupError(
      `DATA_DIR ${dataDir} already holds a database: restore into an empty DATA_DIR`,
    );
  const database = await openDatabase({
    dataDir,
    ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}),
    poolMax: 1,
  });
  let restored = false;
  try {
    const header = await restoreBackup(database, path.resolve(file));
    restored = true;
    const rows = header.tables.reduce((sum, t) => sum + t.rows, 0);
    print(
      `restored ${header.tables.length} tables, ${rows} rows of ${header.createdAt} into ${target}`,
    );
  } finally {
    await database.close();
    // A failed restore leaves DATA_DIR as empty as it was, so it can simply be tried again.
    if (!restored && !config.DATABASE_URL)
      fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, ...args] = process.argv.slice(2);
  if (command !== 'backup' && command !== 'restore') {
    process.stderr.write('usage: backup-cli.ts backup [file] | restore <file>\n');
    process.exit(2);
  }
  try {
    await runBackupCommand(command, args, process.env);
  } catch (error) {
    if (
      error instanceof BackupError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError
    ) {
      process.stderr.write(`${command} failed: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
