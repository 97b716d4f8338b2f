import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_MOLLIE_KEY, startFakeMollie } from '../../tests/helpers/fake-mollie.ts';
import { createMollieClient, MollieError } from './mollie.ts';

// The Mollie client on ky 2: the base URL is joined as a prefix, answers are checked by
// `.json(schema)`, and an error's body arrives already read in `HTTPError.data`.
const mollie = startFakeMollie();
let baseUrl: string;
let odd: Server;
let oddUrl: string;

beforeAll(async () => {
  baseUrl = await mollie.listen();
  // A "Mollie" that answers 200 with a body of the wrong shape.
  odd = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/hal+json' });
    res.end(JSON.stringify({ id: 'not-a-payment', status: 'weird' }));
  });
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
  oddUrl = `http://127.0.0.1:${(odd.address() as AddressInfo).port}/v2/`;
});
afterAll(async () => {
  await mollie.close();
  await new Promise<void>((resolve) => odd.close(() => resolve()));
});

const payment = {
  amount: 3000,
  description: 'Order 2026-0001',
  redirectUrl: 'https://shop.example.test/pay/2026-0001',
  locale: 'nl_NL' as const,
  metadata: { invoice: '2026-0001' },
};

describe('Mollie client', () => {
  it('reaches /v2/payments whether or not the base URL ends in a slash', async () => {
    for (const url of [baseUrl, baseUrl.replace(/\/$/, '')]) {
      const client = createMollieClient({ apiKey: FAKE_MOLLIE_KEY, baseUrl: url });
      const created = await client.createPayment({
        ...payment,
        idempotencyKey: `key-${url.length}`,
      });
      expect(created.id).toMatch(/^tr_\w+$/);
      expect((await client.getPayment(created.id)).status).toBe('open');
    }
  });

  it("carries Mollie's problem detail and status into the error", async () => {
    const client = createMollieClient({ apiKey: FAKE_MOLLIE_KEY, baseUrl });
    const missing = await client.getPayment('tr_nosuchpayment').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(MollieError);
    expect((missing as MollieError).message).toBe('Mollie 404: No payment exists');
    expect((missing as MollieError).status).toBe(404);

    const wrongKey = createMollieClient({ apiKey: 'test_wrong', baseUrl });
    const refused = await wrongKey.getPayment('tr_abc').catch((e: unknown) => e);
    expect((refused as MollieError).message).toBe('Mollie 401: Missing auth');
    expect((refused as MollieError).status).toBe(401);
  });

  it('refuses an answer of the wrong shape, and says so when Mollie cannot be reached', async () => {
    const client = createMollieClient({ apiKey: FAKE_MOLLIE_KEY, baseUrl: oddUrl });
    const shape = await client.getPayment('tr_abc').catch((e: unknown) => e);
    expect(shape).toBeInstanceOf(MollieError);
    expect((shape as MollieError).message).toBe('Mollie answered an unexpected payment shape');
    expect((shape as MollieError).status).toBeNull();

    const closed = createMollieClient({
      apiKey: FAKE_MOLLIE_KEY,
      baseUrl: 'http://127.0.0.1:1/v2/',
      timeoutMs: 2000,
    });
    const unreachable = await closed.getPayment('tr_abc').catch((e: unknown) => e);
    expect((unreachable as MollieError).message).toMatch(/^Mollie unreachable: /);
    expect((unreachable as MollieError).status).toBeNull();
  });
});
