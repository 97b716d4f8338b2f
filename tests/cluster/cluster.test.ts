import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../api/http/rate-limit.ts';
import { checkoutBody } from '../helpers/checkout-body.ts';
import { clusterClient, query, sessionCookie } from './cluster.ts';

/**
 * Two built servers on one fresh PostgreSQL database (global-setup.ts), every request to the
 * other server than the one before: whatever the servers must agree on lives in the database
 * (API.md section 9).
 */
const cluster = clusterClient();

describe('starting together on a fresh database', () => {
  it('applied every migration once and created one staff account', async () => {
    expect(cluster.urls).toHaveLength(2);
    const staff = await query('select role from users where email = $1', [cluster.staff.email]);
    expect(staff).toEqual([{ role: 'staff' }]);
    const applied = await query<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
    expect(new Set(applied.map((m) => m.hash)).size).toBe(applied.length);
    for (const url of cluster.urls) {
      const ready = await fetch(`${url}/api/ready`);
      expect(ready.status).toBe(200);
    }
  });
});

describe('sessions', () => {
  it('a session made on one server works on the other, and logging out ends it on both', async () => {
    const login = await cluster.fetch('/api/auth/login', { json: cluster.staff });
    expect(login.status).toBe(200);
    const cookie = sessionCookie(login);
    for (let i = 0; i < 4; i++) {
      const me = await cluster.fetch('/api/auth/me', { cookie });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { user: { email: string } }).user.email).toBe(
        cluster.staff.email,
      );
    }
    expect((await cluster.fetch('/api/auth/logout', { method: 'POST', cookie })).status).toBe(204);
    expect((await cluster.fetch('/api/auth/me', { cookie })).status).toBe(401);
    expect((await cluster.fetch('/api/auth/me', { cookie })).status).toBe(401);
  });
});

describe('rate limits', () => {
  it('the per-address login limit counts wrong passwords on both servers together', async () => {
    const from = cluster.newVisitor();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await cluster.fetch('/api/auth/login', {
        json: { email: cluster.staff.email, password: `wrong-password-${i}` },
        from,
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // the right password from that address is refused on either server until the window passes
    for (let i = 0; i < 2; i++)
      expect((await cluster.fetch('/api/auth/login', { json: cluster.staff, from })).status).toBe(
        429,
      );
    await query("delete from rate_limits where key like 'login.%'");
  });

  it('a per-address limit counts requests on both servers together', async () => {
    const from = cluster.newVisitor();
    const { limit } = RATE_LIMITS.contact;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++)
      statuses.push((await cluster.fetch('/api/contact', { json: {}, from })).status);
    // POST /api/contact per visitor (bad bodies count as well)
    expect(statuses).toEqual([...Array<number>(limit).fill(400), 429]);
  });
});

describe('idempotency', () => {
  it('the same Idempotency-Key gives the same order on either server, one after the other', async () => {
    const body = checkoutBody('idem-sequential@cluster.test');
    const headers = { 'Idempotency-Key': 'cluster-sequential-0001' };
    const first = await cluster.fetch('/api/checkout', {
      json: body,
      headers,
      from: cluster.newVisitor(),
    });
    expect(first.status).toBe(201);
    const again = await cluster.fetch('/api/checkout', {
      json: body,
      headers,
      from: cluster.newVisitor(),
    });
    expect(again.status).toBe(201);
    const a = (await first.json()) as { orderId: string; invoiceNumber: string };
    expect(await again.json()).toEqual(a);
    const orders = await query(
      'select o.id from orders o join users u on u.id = o.user_id where u.email = $1',
      ['idem-sequential@cluster.test'],
    );
    expect(orders).toEqual([{ id: a.orderId }]);
  });

  it('the same Idempotency-Key sent to both servers at once gives one order', async () => {
    const body = checkoutBody('idem-racing@cluster.test');
    const headers = { 'Idempotency-Key': 'cluster-racing-0001' };
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() =>
        cluster.fetch('/api/checkout', { json: body, headers, from: cluster.newVisitor() }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as Array<{ orderId: string }>;
    expect(new Set(bodies.map((b) => b.orderId)).size).toBe(1);
    const orders = await query(
      'select o.id from orders o join users u on u.id = o.user_id where u.email = $1',
      ['idem-racing@cluster.test'],
    );
    expect(orders).toEqual([{ id: bodies[0]!.orderId }]);
  });
});

describe('the slot race', () => {
  it('twelve visitors booking one slot at once on both servers give one booking', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(
      new Date(),
    );
    const slots = await cluster.fetch(`/api/bookings/slots?from=${today}&days=31`);
    expect(slots.status).toBe(200);
    const { slots: free } = (await slots.json()) as { slots: Array<{ start: string }> };
    expect(free.length).toBeGreaterThan(0);
    const start = free[free.length - 1]!.start;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        cluster.fetch('/api/bookings', {
          json: { name: `Racer ${i}`, email: `racer${i}@cluster.test`, start },
          from: cluster.newVisitor(),
        }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(11).fill(409)]);
    for (const r of answers)
      if (r.status === 409)
        expect(((await r.json()) as { error: { code: string } }).error.code).toBe('SLOT_TAKEN');
    const rows = await query('select id from bookings where start_time = $1', [start]);
    expect(rows).toHaveLength(1);
  });
});
