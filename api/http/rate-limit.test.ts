import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { rateLimits as rateLimitRows } from '../db/schema.ts';
import type { ApiError } from './errors.ts';
import { errorResponse } from './errors.ts';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { createRateLimits, type RateLimitRule } from './rate-limit.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

let clock = new Date('2026-05-04T10:00:00Z');
const now = () => clock;
let n = 0;
/** A rule of its own per test, so counts do not leak between tests. */
const rule = (limit: number, windowMs = 60_000): RateLimitRule => ({
  name: `test${++n}`,
  limit,
  windowMs,
});

describe('rate limits in the database', () => {
  it('allows `limit` attempts per window, then refuses with the seconds left', async () => {
    const limits = createRateLimits({ database, trustProxy: 0, now });
    const r = rule(2);
    expect(await limits.hit(r, 'a')).toEqual({ ok: true, remaining: 1 });
    expect(await limits.hit(r, 'a')).toEqual({ ok: true, remaining: 0 });
    expect(await limits.hit(r, 'a')).toEqual({ ok: false, retryAfter: 60 });
    expect(await limits.hit(r, 'b')).toEqual({ ok: true, remaining: 1 });
    clock = new Date(clock.getTime() + 30_500);
    expect(await limits.hit(r, 'a')).toEqual({ ok: false, retryAfter: 30 });
    clock = new Date(clock.getTime() + 29_500);
    expect(await limits.hit(r, 'a')).toEqual({ ok: true, remaining: 1 });
  });

  it('is one count for every server on the database', async () => {
    const first = createRateLimits({ database, trustProxy: 0, now });
    const second = createRateLimits({ database, trustProxy: 0, now });
    const r = rule(3);
    await first.hit(r, 'x');
    await second.hit(r, 'x');
    await first.hit(r, 'x');
    expect((await second.hit(r, 'x')).ok).toBe(false);
    expect(await first.blockedFor(r, 'x')).toBe(60);
  });

  it('counts concurrent attempts exactly', async () => {
    const limits = createRateLimits({ database, trustProxy: 0, now });
    const r = rule(5);
    const verdicts = await Promise.all(Array.from({ length: 12 }, () => limits.hit(r, 'burst')));
    expect(verdicts.filter((v) => v.ok)).toHaveLength(5);
  });

  it('blockedFor counts nothing; reset forgets the subject', async () => {
    const limits = createRateLimits({ database, trustProxy: 0, now });
    const r = rule(2);
    expect(await limits.blockedFor(r, 'k')).toBe(0);
    await limits.hit(r, 'k');
    expect(await limits.blockedFor(r, 'k')).toBe(0);
    await limits.hit(r, 'k');
    expect(await limits.blockedFor(r, 'k')).toBe(60);
    await limits.reset(r, 'k');
    expect(await limits.blockedFor(r, 'k')).toBe(0);
  });

  it('prunes rows whose window has passed', async () => {
    const limits = createRateLimits({ database, trustProxy: 0, now });
    const r = rule(1, 1000);
    await limits.hit(r, 'old');
    clock = new Date(clock.getTime() + 120_000);
    await createRateLimits({ database, trustProxy: 0, now }).hit(rule(1), 'new');
    const keys = (await database.read((db) => db.select().from(rateLimitRows))).map(
      (row) => row.key,
    );
    expect(keys).not.toContain(`${r.name}:old`);
  });

  it('as middleware: 429 RATE_LIMITED with Retry-After per visitor address', async () => {
    const limits = createRateLimits({ database, trustProxy: 1, now });
    const r = rule(2);
    const app = new Hono()
      .post('/write', limits.limit(r), (c) => c.json({ ok: true }, 201))
      .onError((error, c) => errorResponse(c, error as ApiError));
    const from = (address: string) =>
      app.request('/write', { method: 'POST', headers: { 'X-Forwarded-For': address } });
    expect((await from('198.51.100.1')).status).toBe(201);
    expect((await from('198.51.100.1')).status).toBe(201);
    const refused = await from('9.9.9.9, 198.51.100.1');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    expect((await from('198.51.100.2')).status).toBe(201);
  });
});
