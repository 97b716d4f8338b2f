import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app.ts';
import { checkoutBody } from '../../../tests/helpers/checkout-body.ts';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import { BackupError, restoreBackup, writeBackup } from './backup.ts';
import { runBackupCommand } from './backup-cli.ts';
import type { Database } from '../database.ts';
import { wrapPglite } from '../drivers/pglite.ts';
import { outbox } from '../schema.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-backup-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // a database with orders, invoices, subscriptions, payments, mails, a lead and a ticket
  for (const email of ['first@example.test', 'second@example.test']) {
    const order = await t.call('POST', '/api/checkout', checkoutBody(email));
    expect(order.status).toBe(201);
  }
  expect(
    (
      await t.call('POST', '/api/contact', {
        name: 'Piet',
        email: 'piet@example.test',
        message: 'Hallo, één vraag over "quotes" en \\backslashes\\.',
      })
    ).status,
  ).toBe(201);
  // the invoices' PDFs are drawn after the answers (decision M9): stored before the backup
  await t.invoicePdfs.settled();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every public table's rows, in a stable order, as PostgreSQL prints them. */
async function contents(database: Database): Promise<Record<string, string>> {
  const tables = (
    await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).rows.map((r) => String(r.table_name));
  const out: Record<string, string> = {};
  for (const table of tables) {
    const [row] = (
      await database.db.execute(
        sql`select coalesce(string_agg(to_jsonb(t)::text, E'\n' order by to_jsonb(t)::text), '') as data from ${sql.identifier(table)} t`,
      )
    ).rows;
    out[table] = String(row?.data ?? '');
  }
  return out;
}

describe('backup and restore', () => {
  it('round-trips a database with orders exactly, and ids continue after the restored ones', async () => {
    const file = path.join(dir, 'round-trip.json.gz');
    const header = await writeBackup(t.database, file);
    expect(header.tables.find((x) => x.name === 'orders')?.rows).toBe(2);
    expect(header.tables.find((x) => x.name === 'invoices')?.rows).toBe(2);

    const target = await createTestDatabase();
    try {
      await restoreBackup(target, file);
      const before = await contents(t.database);
      expect(before.orders).not.toBe('');
      expect(await contents(target)).toEqual(before);
      // identity columns go on after the restored rows
      const [maxBefore] = await t.database.read((db) =>
        db.select({ id: sql<number>`max(${outbox.id})` }).from(outbox),
      );
      const [added] = await target.write((tx) =>
        tx
          .insert(outbox)
          .values({ to: 'x@example.test', subject: 's', text: 't', kind: 'test', lang: 'en' })
          .returning({ id: outbox.id }),
      );
      expect(added!.id).toBeGreaterThan(Number(maxBefore!.id));
      // a second restore into the now non-empty database is refused and changes nothing
      await expect(restoreBackup(target, file)).rejects.toThrow(BackupError);
    } finally {
      await target.close();
    }
  });

  // The README's way from the embedded database to PostgreSQL (and back), on the PostgreSQL run.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'moves a database with orders from PostgreSQL to the embedded database and back unchanged',
    async () => {
      const fromPostgres = path.join(dir, 'from-postgres.json.gz');
      const fromEmbedded = path.join(dir, 'from-embedded.json.gz');
      await writeBackup(t.database, fromPostgres);
      const embedded = await wrapPglite(await PGlite.create()); // migrated, in memory
      try {
        await restoreBackup(embedded, fromPostgres);
        const header = await writeBackup(embedded, fromEmbedded);
        expect(header.database).toBe('pglite');
        expect(header.tables.find((x) => x.name === 'orders')?.rows).toBe(2);
      } finally {
        await embedded.close();
      }
      const target = await createTestDatabase();
      try {
        await restoreBackup(target, fromEmbedded);
        expect(await contents(target)).toEqual(await contents(t.database));
      } finally {
        await target.close();
      }
    },
    120_000, // a new embedded database is created and migrated
  );

  it('refuses a file that is not a backup', async () => {
    const file = path.join(dir, 'junk.json.gz');
    fs.writeFileSync(file, 'not gzip');
    const target = await createTestDatabase();
    try {
      await expect(restoreBackup(target, file)).rejects.toThrow(BackupError);
    } finally {
      await target.close();
    }
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'npm run backup / restore: the embedded database of one DATA_DIR into an empty one',
    async () => {
      const file = path.join(dir, 'cli.json.gz');
      const source = path.join(dir, 'source-data');
      const empty = path.join(dir, 'restored-data');
      // the embedded database of a "server" with orders: the test database's rows, restored into it
      const seed = path.join(dir, 'seed.json.gz');
      await writeBackup(t.database, seed);
      const lines: string[] = [];
      await runBackupCommand('restore', [seed], { DATA_DIR: source }, (l) => lines.push(l));
      await runBackupCommand('backup', [file], { DATA_DIR: source }, (l) => lines.push(l));
      await runBackupCommand('restore', [file], { DATA_DIR: empty }, (l) => lines.push(l));
      expect(lines[1]).toMatch(
        /^backup of the embedded database in .*source-data: \d+ tables, \d+ rows/,
      );
      expect(lines[2]).toMatch(/^restored \d+ tables/);
      await expect(
        runBackupCommand('restore', [file], { DATA_DIR: empty }, () => {}),
      ).rejects.toThrow(/already holds a database/);
      const { openDatabase } = await import('../database.ts');
      const restored = await openDatabase({ dataDir: empty, fsync: false });
      try {
        expect(await contents(restored)).toEqual(await contents(t.database));
      } finally {
        await restored.close();
      }
    },
    180_000, // two embedded databases created on disk, on a busy machine
  );
});
