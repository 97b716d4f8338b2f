import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, rateLimitSubject } from './client-address.ts';

/** Asks a one-route app who is calling, with a fake node socket address (or none). */
async function who(
  trustProxy: number,
  socket: string | null,
  forwardedFor?: string,
): Promise<string | null> {
  const app = new Hono().get('/', (c) => c.json({ address: clientAddress(c, trustProxy) }));
  const env = socket === null ? {} : { incoming: { socket: { remoteAddress: socket } } };
  const res = await app.request(
    '/',
    { headers: forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor } },
    env,
  );
  return ((await res.json()) as { address: string | null }).address;
}

describe('clientAddress (TRUST_PROXY of API.md section 2)', () => {
  it('uses the socket address and ignores X-Forwarded-For when no proxy is trusted', async () => {
    expect(await who(0, '203.0.113.9')).toBe('203.0.113.9');
    expect(await who(0, '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(await who(0, '::ffff:203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
  });

  it('believes exactly as many entries as there are proxies, counted from the right', async () => {
    // one proxy (10.0.0.2) appended the visitor 198.51.100.1; whatever stands left of it is the visitor's own writing
    expect(await who(1, '10.0.0.2', '198.51.100.1')).toBe('198.51.100.1');
    expect(await who(1, '10.0.0.2', '1.2.3.4, 5.6.7.8, 198.51.100.1')).toBe('198.51.100.1');
    expect(await who(2, '10.0.0.3', '1.2.3.4, 198.51.100.1, 10.0.0.2')).toBe('198.51.100.1');
  });

  it('cannot be escaped by rotating the first X-Forwarded-For entry', async () => {
    const seen = new Set<string | null>();
    for (const fake of ['1.1.1.1', '2.2.2.2', '3.3.3.3'])
      seen.add(await who(1, '10.0.0.2', `${fake}, 198.51.100.1`));
    expect([...seen]).toEqual(['198.51.100.1']);
  });

  it('falls back to the socket when the chain is short or the believed entry is not an address', async () => {
    expect(await who(1, '10.0.0.2')).toBe('10.0.0.2');
    expect(await who(3, '10.0.0.2', '198.51.100.1')).toBe('198.51.100.1');
    expect(await who(1, '10.0.0.2', 'not-an-address')).toBe('10.0.0.2');
    expect(await who(1, '10.0.0.2', '2001:DB8::1')).toBe('2001:db8::1');
  });

  it('is null in process (no socket) unless a believed entry names the visitor', async () => {
    expect(await who(0, null, '198.51.100.1')).toBeNull();
    expect(await who(1, null)).toBeNull();
    expect(await who(1, null, '1.1.1.1, 198.51.100.1')).toBe('198.51.100.1');
  });
});

describe('rateLimitSubject: IPv4 by address, IPv6 by /64', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0db8:0001:0002:ffff::', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::ffff:c000:201', '192.0.2.1'],
    ['[2001:db8:1:2::9]:443', '2001:db8:1:2::/64'],
  ])('%s counts as %s', (address, subject) => {
    expect(rateLimitSubject(address)).toBe(subject);
  });
});
