import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { RdapError, type RdapClient } from './rdap.ts';
import type { SessionUser } from '../http/auth.ts';

/** A registry answer per name; anything not listed fails like an unreachable registry. */
const registry: Record<string, boolean> = {
  'taken.com': true,
  'free.nl': false,
  'bakkerijvos.nl': true,
  'xn--bckerei-5wa.de': false,
};
const asked: string[] = [];
const rdap: RdapClient = {
  isRegistered: (name) => {
    asked.push(name);
    if (name in registry) return Promise.resolve(registry[name] === true);
    return Promise.reject(new RdapError('unclear', 'status 500'));
  },
};

let clock = new Date('2026-03-10T10:00:00Z');
let t: TestApp;
let signedIn: SessionUser | null = null;
beforeAll(async () => {
  t = await createTestApp({
    rdap,
    now: () => clock,
    currentUser: () => Promise.resolve(signedIn),
    domainOwnership: (userId, name) => Promise.resolve(userId === 'u1' && name === 'taken.com'),
  });
});
afterAll(async () => {
  await t.close();
});

let ip = 0;
/** Each call from its own address unless told, so the rate limit stays out of the way. */
const check = (domain: string, headers: Record<string, string> = {}) =>
  t.call('GET', `/api/domains/check?domain=${encodeURIComponent(domain)}`, undefined, {
    'x-forwarded-for': `10.0.0.${++ip % 250}`,
    ...headers,
  });

describe('GET /api/domains/check', () => {
  it('answers taken and available from the registry, trimmed and lower-cased', async () => {
    const takenAnswer = await check('  Taken.COM ');
    expect(takenAnswer.status).toBe(200);
    expect(await takenAnswer.json()).toEqual({
      domainName: 'taken.com',
      available: false,
      userOwns: null,
      transferRecommended: null,
    });
    expect(await (await check('free.nl')).json()).toEqual({
      domainName: 'free.nl',
      available: true,
      userOwns: null,
      transferRecommended: null,
    });
  });

  it('reduces what people paste and accepts internationalised names (punycode to the registry, Unicode back)', async () => {
    asked.length = 0;
    const pasted = await check('http://www.bakkerijvos.nl/');
    expect(pasted.status).toBe(200);
    expect(await pasted.json()).toMatchObject({ domainName: 'bakkerijvos.nl', available: false });
    const idn = await check(' https://www.Bäckerei.de/shop ');
    expect(idn.status).toBe(200);
    expect(await idn.json()).toMatchObject({ domainName: 'bäckerei.de', available: true });
    expect(asked).toEqual(['bakkerijvos.nl', 'xn--bckerei-5wa.de']);
    const spaced = await check('bakkerij vos');
    expect(spaced.status).toBe(400);
    expect((await spaced.json()).error.fields).toEqual({ domain: 'domain.validation.spaces' });
  });

  it('refuses an invalid name with SPEC message in the request language, before any registry call', async () => {
    asked.length = 0;
    // SPEC section 5, word for word.
    const cases: Array<[string, string, string]> = [
      ['', 'domain.validation.empty', 'Please enter a domain name.'],
      [
        'nodot',
        'domain.validation.noExtension',
        "Domain name must include an extension (like .com, .nl, .org). Try adding '.com' to your domain name.",
      ],
      [
        'a..com',
        'domain.validation.consecutiveDots',
        'Domain name cannot contain consecutive dots. Please check your domain name.',
      ],
      [
        'my site.com',
        'domain.validation.spaces',
        'Domain name cannot contain spaces. Please remove any spaces from your domain name.',
      ],
      [
        '.studio.nl',
        'domain.validation.edgeDot',
        "Domain name cannot start or end with a dot. Please enter a valid domain like 'studio.nl'.",
      ],
      [
        '-bad.com',
        'domain.validation.invalid',
        'Please enter a valid domain name (like bad.com or yoursite.nl).',
      ],
    ];
    for (const [name, key, message] of cases) {
      const response = await check(name);
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.error.code).toBe('INVALID_DOMAIN');
      expect(body.error.fields).toEqual({ domain: key });
      expect(body.error.message).toBe(message);
    }
    const nl = await (await check('.studio.nl', { 'Accept-Language': 'nl-NL' })).json();
    expect(nl.error.message).toBe(
      "Een domeinnaam kan niet met een punt beginnen of eindigen. Voer een geldig domein in, zoals 'studio.nl'.",
    );
    const missing = await t.call('GET', '/api/domains/check?lang=nl', undefined, {
      'x-forwarded-for': '10.1.1.1',
    });
    expect((await missing.json()).error.message).toBe('Voer een domeinnaam in.');
    expect(asked).toEqual([]);
  });

  it('is 502 DOMAIN_CHECK_FAILED when the registry cannot say, never a guess', async () => {
    const response = await check('unknown-answer.com', { 'Accept-Language': 'nl' });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: {
        code: 'DOMAIN_CHECK_FAILED',
        message: 'Er ging iets mis bij het controleren van het domein. Probeer het opnieuw.',
      },
    });
  });

  it('is 502 without an RDAP client at all', async () => {
    const bare = await createTestApp({ database: t.database });
    const response = await bare.call('GET', '/api/domains/check?domain=taken.com');
    expect(response.status).toBe(502);
  });

  it('says whether a signed-in client already has the domain', async () => {
    signedIn = { id: 'u1', email: 'c@example.test', name: 'C', role: 'client' };
    expect(await (await check('taken.com')).json()).toMatchObject({
      userOwns: true,
      transferRecommended: true,
    });
    signedIn = { id: 'u2', email: 'd@example.test', name: 'D', role: 'client' };
    expect(await (await check('taken.com')).json()).toMatchObject({
      userOwns: false,
      transferRecommended: null,
    });
    signedIn = null;
  });

  it('limits a visitor to 30 checks a minute, with Retry-After', async () => {
    // The test app trusts one proxy: the visitor is the last entry; the first is theirs to write.
    const from = { 'x-forwarded-for': '10.0.0.1, 192.0.2.7' };
    for (let i = 0; i < 30; i += 1) expect((await check('free.nl', from)).status).toBe(200);
    // rotating the first entry does not make a new visitor
    const limited = await check('free.nl', { 'x-forwarded-for': '10.9.9.9, 192.0.2.7' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await limited.json()).error.code).toBe('RATE_LIMITED');
    // Another visitor is not affected; the first may check again a minute later.
    expect((await check('free.nl', { 'x-forwarded-for': '192.0.2.8' })).status).toBe(200);
    clock = new Date(clock.getTime() + 61_000);
    expect((await check('free.nl', from)).status).toBe(200);
  });
});
