import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lsnText, WAL_POSITION_SQL, WalSyncer, type WalQuery } from './durability.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(onPostgres)('WalSyncer on an on-disk PGlite', () => {
  let dir: string;
  let client: PGlite;
  const query: WalQuery = async <T>(sql: string) => (await client.query<T>(sql)).rows[0]!;
  const checkpointBySql = async () =>
    (await query<{ checkpointLsn: string }>(WAL_POSITION_SQL)).checkpointLsn;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(tmpdir(), 'wal-syncer-'));
    client = await PGlite.create({ dataDir: dir });
    await client.exec('create table t (n int)');
  }, 60_000);
  afterAll(async () => {
    await client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints LSNs as PostgreSQL does', () => {
    expect(lsnText(0x1_0000_00a8n)).toBe('1/A8');
    expect(lsnText(0x1e8b2c0n)).toBe('0/1E8B2C0');
  });

  it('reads the checkpoint position from pg_control, and syncs everything after a checkpoint only', async () => {
    let askedPosition = 0;
    const counting: WalQuery = async <T>(sql: string) => {
      if (sql === WAL_POSITION_SQL) askedPosition++;
      return query<T>(sql);
    };
    const syncer = new WalSyncer(dir, counting);
    await syncer.syncAll();
    expect(syncer.readsControlFile).toBe(true);
    expect(syncer.fullSyncs).toBe(1);
    for (let i = 0; i < 3; i++) {
      await client.query('insert into t values ($1)', [i]);
      await syncer.afterCommit();
    }
    expect(syncer.fullSyncs).toBe(1);

    const before = await checkpointBySql();
    await client.exec('checkpoint');
    const after = await checkpointBySql();
    expect(after).not.toBe(before);
    await client.query('insert into t values (3)');
    await syncer.afterCommit();
    expect(syncer.fullSyncs).toBe(2);
    await client.query('insert into t values (4)');
    await syncer.afterCommit();
    expect(syncer.fullSyncs).toBe(2);
    // pg_control_checkpoint() only once, at start-up: every commit read the file itself
    expect(askedPosition).toBe(1);
    expect(syncer.readsControlFile).toBe(true);
    await syncer.close();
  });

  it('asks PostgreSQL on every commit when pg_control does not give its answer', async () => {
    let asked = 0;
    // a database whose pg_control_checkpoint() disagrees with the file (another layout)
    const disagreeing: WalQuery = async <T>(sql: string) => {
      const row = await query<Record<string, unknown>>(sql);
      if (sql !== WAL_POSITION_SQL) return row as T;
      asked++;
      return { ...row, checkpointLsn: `${String(row.checkpointLsn)}0` } as T;
    };
    const syncer = new WalSyncer(dir, disagreeing);
    await syncer.syncAll();
    expect(syncer.readsControlFile).toBe(false);
    await client.query('insert into t values (5)');
    await syncer.afterCommit();
    expect(asked).toBe(2);
    expect(syncer.fullSyncs).toBe(1);
    await syncer.close();
  });
});
