import { describe, expect, it } from 'vitest';
import { checkoutBody } from '../helpers/checkout-body.ts';
import { clusterClient, query } from './cluster.ts';

/**
 * Connection loss under load (issue 38 item 2): the app servers' PostgreSQL backends are ended
 * again and again (`pg_terminate_backend`) while new customers check out on both servers. Both
 * servers live on, every order they confirmed (201) is in the database whole, a refused one is a
 * 503 with the error envelope, and the next requests work on both.
 */
const cluster = clusterClient();

/** Ends every other backend of the cluster's database (both servers' pools and LISTEN connections). */
const terminate = () =>
  query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the database connections cut during a checkout storm', () => {
  it('both servers survive, every confirmed order is stored, and the next requests work', async () => {
    const emails = Array.from({ length: 20 }, (_, i) => `cut-storm-${i}@cluster.test`);
    let cutting = true;
    const cuts = (async () => {
      let n = 0;
      while (cutting) {
        await terminate();
        n++;
        await pause(150);
      }
      return n;
    })();
    const answers = await Promise.all(
      emails.map(async (email) => {
        const res = await cluster.fetch('/api/checkout', {
          json: checkoutBody(email),
          from: cluster.newVisitor(),
        });
        return {
          email,
          status: res.status,
          body: (await res.json()) as { orderId?: string; error?: { code: string } },
        };
      }),
    );
    cutting = false;
    expect(await cuts).toBeGreaterThan(1);

    for (const answer of answers) {
      expect([201, 503]).toContain(answer.status);
      if (answer.status === 503) expect(answer.body.error?.code).toBe('SERVICE_UNAVAILABLE');
    }

    // Both processes are alive and ready again (their pools make new connections).
    for (const url of cluster.urls) {
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      let ready = 0;
      for (let i = 0; i < 50 && ready !== 200; i++) {
        ready = (await fetch(`${url}/api/ready`)).status;
        if (ready !== 200) await pause(100);
      }
      expect(ready).toBe(200);
    }

    // Every confirmed order is in the database, with its invoice and payment.
    const confirmed = answers.filter((a) => a.status === 201);
    const stored = await query<{ id: string; email: string; invoices: string; payments: string }>(
      `select o.id, u.email,
              (select count(*) from invoices i where i.order_id = o.id) as invoices,
              (select count(*) from payments p join invoices i on i.id = p.invoice_id where i.order_id = o.id) as payments
         from orders o join users u on u.id = o.user_id
        where u.email = any($1)`,
      [emails],
    );
    for (const answer of confirmed) {
      const row = stored.find((r) => r.id === answer.body.orderId);
      expect(row, `order of ${answer.email}`).toMatchObject({
        email: answer.email,
        invoices: '1',
        payments: '1',
      });
    }
    // Nothing half-written: an account made by the storm always has its whole order.
    const accounts = await query<{ email: string; orders: string }>(
      `select u.email, (select count(*) from orders o where o.user_id = u.id) as orders
         from users u where u.email = any($1)`,
      [emails],
    );
    for (const account of accounts) expect(account.orders).toBe('1');
    for (const row of stored) {
      expect(row.invoices).toBe('1');
      expect(row.payments).toBe('1');
    }

    // The next requests work, on both servers.
    for (let i = 0; i < cluster.urls.length; i++) {
      const res = await cluster.fetch('/api/checkout', {
        json: checkoutBody(`after-cut-${i}@cluster.test`),
        from: cluster.newVisitor(),
      });
      expect(res.status).toBe(201);
    }
  });
});
