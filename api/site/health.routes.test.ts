import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import type { Database } from '../db/database.ts';
import { createLifecycle } from '../http/lifecycle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health and /api/ready', () => {
  it('are 200 on a started server with its database', async () => {
    expect(await (await t.call('GET', '/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.call('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('readiness fails while starting and once stopping, health does not', async () => {
    const lifecycle = createLifecycle();
    const app = await createTestApp({ database: t.database, lifecycle });
    expect((await app.call('GET', '/api/ready')).status).toBe(503);
    lifecycle.markReady();
    expect((await app.call('GET', '/api/ready')).status).toBe(200);
    await lifecycle.shutdown();
    const stopping = await app.call('GET', '/api/ready');
    expect(stopping.status).toBe(503);
    expect((await stopping.json()).error.code).toBe('SERVICE_UNAVAILABLE');
    expect((await app.call('GET', '/api/health')).status).toBe(200);
  });

  it('both fail when the database does not answer', async () => {
    const unreachable: Database = {
      ...t.database,
      ping: () => Promise.reject(new Error('connection refused')),
    };
    const app = await createTestApp({ database: unreachable });
    expect((await app.call('GET', '/api/ready')).status).toBe(503);
    expect((await app.call('GET', '/api/health')).status).toBe(503);
  });
});
