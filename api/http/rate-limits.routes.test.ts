import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { RATE_LIMITS, type RateLimitRule } from './rate-limit.ts';

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

describe('rate limits count an IPv6 client by its /64 (API.md section 3, issue 38 item 7b)', () => {
  const send = (from: string) => t.call('POST', '/api/contact', '{}', { 'X-Forwarded-For': from });

  it('a new address in the same /64 for every post does not escape the limit', async () => {
    const rule = RATE_LIMITS.contact;
    for (let i = 1; i <= rule.limit; i++)
      expect((await send(`2001:db8:77:1:${i.toString(16)}::${i}`)).status).not.toBe(429);
    const refused = await send('2001:db8:77:1:ffff:ffff:ffff:ffff');
    expect(refused.status).toBe(429);
    // Another /64 (the next network over) is someone else.
    expect((await send('2001:db8:77:2::1')).status).not.toBe(429);
  });

  it('an IPv4-mapped IPv6 address counts as its IPv4 address', async () => {
    const rule = RATE_LIMITS.contact;
    for (let i = 0; i < rule.limit; i++)
      expect((await send(i % 2 ? '192.0.2.77' : '::ffff:192.0.2.77')).status).not.toBe(429);
    expect((await send('::ffff:c000:24d')).status).toBe(429);
    expect((await send('192.0.2.78')).status).not.toBe(429);
  });
});
