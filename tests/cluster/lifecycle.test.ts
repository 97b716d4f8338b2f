import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MIGRATION_LOCK_KEY } from '../../api/db/drivers/postgres.ts';
import { freePort, startBuiltServer, type RunningServer } from '../helpers/server-process.ts';
import { sessionCookie } from './cluster.ts';

/**
 * One more app server joining the cluster's database, for what a load balancer relies on
 * (API.md section 9, README "Several app servers"): readiness fails while the server waits for
 * the migrations, and SIGTERM ends its open event streams instead of waiting for them.
 */
const { serverEnv, databaseUrl, staff } = inject('cluster');
let extra: RunningServer | undefined;

afterAll(async () => {
  await extra?.stop('SIGKILL');
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first answer of a server that may not listen yet. */
async function firstAnswer(url: string, timeoutMs = 30_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(50);
    }
  }
}

describe('a server joining the cluster', () => {
  it('answers 503 on readiness and health while its migrations wait, 200 once migrated', async () => {
    // Another server "is migrating": it holds the migration lock.
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    const port = await freePort();
    const starting = startBuiltServer({ env: serverEnv, port });
    starting.catch(() => undefined); // awaited below; a failure there fails the test
    try {
      const url = `http://127.0.0.1:${port}`;
      const ready = await firstAnswer(`${url}/api/ready`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBeTruthy();
      expect(((await ready.json()) as { error: { code: string } }).error.code).toBe(
        'SERVICE_UNAVAILABLE',
      );
      // The new server is blocked on the migration lock (not merely slow to start)...
      const key = BigInt(MIGRATION_LOCK_KEY);
      for (let waiting = 0; waiting === 0; await sleep(50)) {
        const { rows } = await holder.query<{ n: string }>(
          `select count(*) as n from pg_locks
            where locktype = 'advisory' and not granted and classid = $1 and objid = $2`,
          [(key >> 32n).toString(), (key & 0xffffffffn).toString()],
        );
        waiting = Number(rows[0]!.n);
      }
      // ...and meanwhile neither check passes.
      expect((await fetch(`${url}/api/ready`)).status).toBe(503);
      expect((await fetch(`${url}/api/health`)).status).toBe(503);
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
      await holder.end();
    }
    extra = await starting;
    expect((await fetch(`${extra.url}/api/ready`)).status).toBe(200);
    expect((await fetch(`${extra.url}/api/health`)).status).toBe(200);
  });

  it('on SIGTERM ends its open event stream at once and exits 0 within the grace period', async () => {
    const server = extra;
    if (!server) throw new Error('the server of the first test did not start');
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(staff),
    });
    expect(login.status).toBe(200);
    const stream = await fetch(`${server.url}/api/admin/chat/events`, {
      headers: { Cookie: sessionCookie(login), Accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    expect((await reader.read()).done).toBe(false); // the stream is open (`retry:` sent)

    const signalledAt = performance.now();
    const exit = server.stop('SIGTERM');
    let end: 'ended' | 'cut';
    try {
      while (!(await reader.read()).done);
      end = 'ended';
    } catch {
      end = 'cut';
    }
    const endedAfter = performance.now() - signalledAt;
    // Ended by the server (a clean end of the body), not cut when the grace period (10 s) is over.
    expect(end).toBe('ended');
    expect(endedAfter).toBeLessThan(5_000);
    expect(await exit).toBe(0);
    expect(performance.now() - signalledAt).toBeLessThan(9_000);
    extra = undefined;
  });
});
