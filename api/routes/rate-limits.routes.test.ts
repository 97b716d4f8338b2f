import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { RATE_LIMITS, type RateLimitRule } from '../services/rate-limit.ts';

/**
 * Every public write (and every endpoint that asks an outside service) is rate-limited per
 * visitor with `429` and `Retry-After` (API.md section 3). The limiter runs before validation, so
 * an empty body counts too: these tests send invalid requests and change nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const cases: Array<[string, string, RateLimitRule]> = [
  ['POST', '/api/contact', RATE_LIMITS.contact],
  ['POST', '/api/leads', RATE_LIMITS.leads],
  ['POST', '/api/bookings', RATE_LIMITS.bookings],
  ['POST', '/api/consultation-survey', RATE_LIMITS.survey],
  ['POST', '/api/checkout', RATE_LIMITS.checkout],
  ['POST', '/api/clients/lookup', RATE_LIMITS.clientsLookup],
  ['GET', '/api/domains/check?domain=-', RATE_LIMITS.domainCheck],
  ['GET', '/api/address/lookup?postalcode=x&number=1', RATE_LIMITS.addressLookup],
  ['POST', '/api/payments/webhook', RATE_LIMITS.paymentWebhook],
];

let visitor = 0;
describe('rate limits on public endpoints', () => {
  it.each(cases)('%s %s: 429 with Retry-After past the limit', async (method, path, rule) => {
    const address = `198.51.100.${++visitor}`;
    const send = (from: string) =>
      t.call(method, path, method === 'POST' ? '{}' : undefined, { 'X-Forwarded-For': from });
    for (let i = 0; i < rule.limit; i++) expect((await send(address)).status).not.toBe(429);
    const refused = await send(address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(rule.windowMs / 1000);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    // someone else is not affected
    expect((await send(`203.0.113.${visitor}`)).status).not.toBe(429);
  });
});
