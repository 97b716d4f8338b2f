import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../database.ts';
import { MIGRATIONS_DIR } from './common.ts';
import { createPgliteInChild } from './pglite.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const INITIALIZER = path.join(here, 'pglite-init.ts');
/** The repository's TypeScript loader, so the child runs the source (bench/register-ts.mjs). */
const TS = ['--import', path.join(here, '..', '..', '..', 'bench', 'register-ts.mjs')];
const journal = JSON.parse(
  fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
) as { entries: unknown[] };

const dirs: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-init-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a new embedded database created by a child process (D48D-1)', () => {
  it('is a migrated cluster when the child ends', async () => {
    const pgdata = path.join(tmp(), 'pglite');
    await createPgliteInChild(INITIALIZER, pgdata, MIGRATIONS_DIR, TS);
    expect(fs.existsSync(path.join(pgdata, 'PG_VERSION'))).toBe(true);
    const client = await PGlite.create({ dataDir: pgdata });
    try {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(rows[0]?.n).toBe(journal.entries.length);
    } finally {
      await client.close();
    }
  }, 120_000);

  it('fails the start with what the child wrote, and leaves DATA_DIR free', async () => {
    const dataDir = tmp();
    const failing = path.join(dataDir, 'fail.mjs');
    fs.writeFileSync(failing, "process.stderr.write('no room on the disk'); process.exit(1);");
    await expect(openDatabase({ dataDir, pgliteInitializer: failing })).rejects.toThrow(
      /creating the database failed \(1\): no room on the disk/,
    );
    const again = await openDatabase({ dataDir, fsync: false });
    await again.close();
  }, 120_000);
});
