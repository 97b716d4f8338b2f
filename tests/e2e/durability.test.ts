import { describe, expect, it } from 'vitest';
import { checkoutBody } from '../helpers/checkout-body.ts';
import { startBuiltServer } from '../helpers/server-process.ts';

const STAFF = { STAFF_EMAIL: 'owner@example.test', STAFF_PASSWORD: 'owner-password-123' };

describe('nothing confirmed is lost', () => {
  it('finds every confirmed order after the server is killed with SIGKILL and restarted', async () => {
    const first = await startBuiltServer({ env: STAFF });
    const confirmed: string[] = [];
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          fetch(`${first.url}/api/checkout`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(checkoutBody(`durable-${i}@example.test`)),
          }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(201);
        confirmed.push(((await answer.json()) as { invoiceNumber: string }).invoiceNumber);
      }
    } finally {
      // Right after the answers: no graceful shutdown, no chance to flush anything more.
      expect(await first.stop('SIGKILL')).toBe(null);
    }

    const second = await startBuiltServer({ dataDir: first.dataDir, env: STAFF });
    try {
      const login = await fetch(`${second.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: STAFF.STAFF_EMAIL, password: STAFF.STAFF_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const cookie = /(sid=[^;]*)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
      const list = (await (
        await fetch(`${second.url}/api/admin/orders?limit=100`, { headers: { Cookie: cookie } })
      ).json()) as {
        orders: Array<{ invoiceNumber: string | null; email: string }>;
      };
      const found = new Set(list.orders.map((o) => o.invoiceNumber));
      expect(confirmed).toHaveLength(12);
      for (const number of confirmed) expect(found.has(number), number).toBe(true);
      // Gap-free numbering survived too.
      expect([...confirmed].sort()).toEqual(
        confirmed.map((_, i) => `${confirmed[0]!.slice(0, 5)}${String(i + 1).padStart(4, '0')}`),
      );
    } finally {
      await second.stop('SIGTERM');
    }
  });
});
