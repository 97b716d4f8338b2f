import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { eq } from 'drizzle-orm';
import { rateLimits, sessions, users } from '../db/schema.ts';
import { sessionCookie } from '../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from './passwords.ts';
import { ensureStaffAccount, upgradePasswordHash } from './sessions.ts';
import { hashToken } from '../security/tokens.ts';
import { sameSitePath } from '#domain/redirect.ts';
import { LOGIN_LIMITS } from './auth.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.write(async (tx) => {
    await tx.insert(users).values([
      {
        email: 'client@example.test',
        passwordHash: await hashPassword('client-password'),
        name: 'Cleo Client',
        role: 'client',
      },
      { email: 'nopass@example.test', passwordHash: null, name: '', role: 'client' },
    ]);
  });
  await ensureStaffAccount(t.database, {
    email: 'Staff@Example.test',
    password: 'staff-password-1',
  });
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.call('POST', '/api/auth/login', { email, password }, headers);

describe('POST /api/auth/login', () => {
  it('signs a client in with a session cookie and answers the user', async () => {
    const res = await login('Client@Example.test', 'client-password');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      user: { email: 'client@example.test', name: 'Cleo Client', role: 'client' },
    });
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^sid=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // PUBLIC_URL is http in tests
    // The database keeps only the sha256 of the token.
    const token = decodeURIComponent(sessionCookie(res).slice(4)).split('.')[0]!;
    const rows = await t.database.read((db) =>
      db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    );
    expect(rows).toHaveLength(1);
    const me = await t.call('GET', '/api/auth/me', undefined, { Cookie: sessionCookie(res) });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      user: { email: 'client@example.test', name: 'Cleo Client', role: 'client' },
    });
  });

  it('signs the staff account of STAFF_EMAIL in as staff', async () => {
    const res = await login('staff@example.test', 'staff-password-1');
    expect(res.status).toBe(200);
    expect((await res.json()).user.role).toBe('staff');
  });

  it.each([
    ['a wrong password', 'client@example.test', 'wrong-password'],
    ['an unknown address', 'nobody@example.test', 'client-password'],
    ['an account without a password', 'nopass@example.test', 'anything'],
  ])('refuses %s with 401 and no cookie', async (_, email, password) => {
    const res = await login(email, password, { 'Accept-Language': 'nl' });
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Het e-mailadres of wachtwoord klopt niet.' },
    });
  });

  it.each([
    ['no body', undefined, 400, 'VALIDATION_FAILED'],
    ['malformed JSON', '{"email":', 400, 'INVALID_JSON'],
    ['no password', { email: 'a@b.nl' }, 400, 'VALIDATION_FAILED'],
    ['an invalid email', { email: 'not-an-email', password: 'x' }, 400, 'VALIDATION_FAILED'],
    ['a number as password', { email: 'a@b.nl', password: 12345678 }, 400, 'VALIDATION_FAILED'],
  ])('answers %s with %i %s', async (_, body, status, code) => {
    const res = await t.call('POST', '/api/auth/login', body);
    expect(res.status).toBe(status);
    expect((await res.json()).error.code).toBe(code);
  });

  // Issue 38 item 5: anyone could lock an account with five wrong passwords from five addresses.
  it('never locks the owner out because of strangers: five addresses fail, the owner signs in', async () => {
    const forget = async () => {
      await t.database.write((tx) => tx.delete(rateLimits));
    };
    await forget();
    onTestFinished(forget);
    const from = (address: string, password: string) =>
      login('client@example.test', password, { 'X-Forwarded-For': address });
    for (let i = 0; i < LOGIN_LIMITS.perEmail; i++)
      expect((await from(`203.0.113.${10 + i}`, `wrong-${i}`)).status).toBe(401);
    // The account is under attack now; the owner, from an address that never failed, gets in ...
    const owner = await from('192.0.2.77', 'client-password');
    expect(owner.status).toBe(200);
    // ... and a second app server on the same database agrees.
    const other = await createTestApp({ database: t.database });
    const again = await other.call(
      'POST',
      '/api/auth/login',
      { email: 'client@example.test', password: 'client-password' },
      { 'X-Forwarded-For': '192.0.2.78' },
    );
    expect(again.status).toBe(200);
    // Even the owner after one typo of their own.
    expect((await from('192.0.2.79', 'typo')).status).toBe(401);
    expect((await from('192.0.2.79', 'client-password')).status).toBe(200);
  });

  it('slows an account under attack for the addresses that keep failing on it', async () => {
    const forget = async () => {
      await t.database.write((tx) => tx.delete(rateLimits));
    };
    await forget();
    onTestFinished(forget);
    const from = (address: string, password: string) =>
      login('client@example.test', password, { 'X-Forwarded-For': address });
    // Three strangers fail once each, a fourth twice: five failures, the account is under attack.
    for (const address of ['203.0.113.20', '203.0.113.21', '203.0.113.22'])
      expect((await from(address, 'wrong')).status).toBe(401);
    expect((await from('203.0.113.23', 'wrong-1')).status).toBe(401);
    expect((await from('203.0.113.23', 'wrong-2')).status).toBe(401);
    // That fourth address has failed twice on this account: it waits, right password or not.
    const slowed = await from('203.0.113.23', 'client-password');
    expect(slowed.status).toBe(429);
    const retryAfter = Number(slowed.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.windowMs / 1000);
    // An address that failed only once may still try; the owner elsewhere is never held back.
    expect((await from('203.0.113.20', 'client-password')).status).toBe(200);
    expect((await from('192.0.2.80', 'client-password')).status).toBe(200);
  });

  it('limits one address guessing: 429 with Retry-After after 5 wrong passwords in 15 minutes', async () => {
    const forget = async () => {
      await t.database.write((tx) => tx.delete(rateLimits));
    };
    await forget();
    onTestFinished(forget);
    expect(LOGIN_LIMITS.perAddress).toBe(5);
    expect(LOGIN_LIMITS.windowMs).toBe(15 * 60 * 1000);
    const guess = (password: string) =>
      login('client@example.test', password, { 'X-Forwarded-For': '198.51.100.66' });
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++)
      expect((await guess(`wrong-${i}`)).status).toBe(401);
    const blocked = await guess('client-password');
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.windowMs / 1000);
    // Counted in the database: another app server refuses that address as well.
    const other = await createTestApp({ database: t.database });
    const again = await other.call(
      'POST',
      '/api/auth/login',
      { email: 'client@example.test', password: 'client-password' },
      { 'X-Forwarded-For': '198.51.100.66' },
    );
    expect(again.status).toBe(429);
    // The owner, elsewhere, is not affected.
    expect(
      (
        await login('client@example.test', 'client-password', {
          'X-Forwarded-For': '192.0.2.81',
        })
      ).status,
    ).toBe(200);
  });

  it('counts wrong passwords per address too, whichever accounts they try', async () => {
    const forget = async () => {
      await t.database.write((tx) => tx.delete(rateLimits));
    };
    await forget();
    onTestFinished(forget);
    const from = (address: string, email: string) =>
      t.call(
        'POST',
        '/api/auth/login',
        { email, password: 'wrong-password' },
        { 'X-Forwarded-For': address },
      );
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++)
      expect((await from('198.51.100.4', `guess${i}@example.test`)).status).toBe(401);
    expect((await from('198.51.100.4', 'another@example.test')).status).toBe(429);
    expect((await from('198.51.100.5', 'another@example.test')).status).toBe(401);
  });
});

/** A hash in the stored format made as before decision M34 (N = 2^15, r = 8, p = 1). */
function oldHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, {
    N: 2 ** 15,
    r: 8,
    p: 1,
    maxmem: 64 * 1024 * 1024,
  });
  return ['scrypt', 2 ** 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('password hashes from before the cost was raised (M34)', () => {
  const storedHash = async (email: string) =>
    (
      await t.database.read((db) =>
        db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email)),
      )
    )[0]!.hash!;

  it("hashes new passwords at OWASP's minimum for 32 MiB: N = 2^15, r = 8, p = 3", async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 15, r: 8, p: 3 });
    expect(await hashPassword('a-password')).toMatch(/^scrypt\$32768\$8\$3\$/);
  });

  it('signs in with an old hash and stores a new one; a wrong password changes nothing', async () => {
    const old = oldHash('old-password');
    await t.database.write((tx) =>
      tx.insert(users).values({ email: 'old@example.test', passwordHash: old, role: 'client' }),
    );
    expect((await login('old@example.test', 'not-the-password')).status).toBe(401);
    expect(await storedHash('old@example.test')).toBe(old);

    expect((await login('old@example.test', 'old-password')).status).toBe(200);
    const upgraded = await storedHash('old@example.test');
    expect(upgraded).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(await verifyPassword('old-password', upgraded)).toBe(true);
    // and it keeps working, without being replaced again
    expect((await login('old@example.test', 'old-password')).status).toBe(200);
    expect(await storedHash('old@example.test')).toBe(upgraded);
  });

  it("the staff account's old hash is upgraded at start, its sessions kept", async () => {
    const old = oldHash('staff-old-password');
    await t.database.write((tx) =>
      tx.insert(users).values({ email: 'oldstaff@example.test', passwordHash: old, role: 'staff' }),
    );
    const credentials = { email: 'oldstaff@example.test', password: 'staff-old-password' };
    const res = await login(credentials.email, credentials.password);
    const upgradedAtLogin = await storedHash(credentials.email);
    expect(upgradedAtLogin).not.toBe(old);
    // put the old hash back: the start-up check proves the password and upgrades it too
    await t.database.write((tx) =>
      tx.update(users).set({ passwordHash: old }).where(eq(users.email, credentials.email)),
    );
    expect(await ensureStaffAccount(t.database, credentials)).toBe('unchanged');
    expect(await storedHash(credentials.email)).toMatch(/^scrypt\$32768\$8\$3\$/);
    const me = await t.call('GET', '/api/auth/me', undefined, { Cookie: sessionCookie(res) });
    expect(me.status).toBe(200);
  });

  it('a password changed meanwhile is never overwritten by the upgrade', async () => {
    const old = oldHash('racing-old-password');
    const [user] = await t.database.write((tx) =>
      tx
        .insert(users)
        .values({ email: 'changed@example.test', passwordHash: old, role: 'client' })
        .returning({ id: users.id }),
    );
    const changed = await hashPassword('a-new-password');
    await t.database.write((tx) =>
      tx.update(users).set({ passwordHash: changed }).where(eq(users.id, user!.id)),
    );
    // the sign-in had read the old hash before the change
    expect(
      await upgradePasswordHash(
        t.database,
        { id: user!.id, passwordHash: old },
        'racing-old-password',
      ),
    ).toBe(false);
    expect(await storedHash('changed@example.test')).toBe(changed);
  });
});

describe('sessions', () => {
  it('GET /api/auth/me is 401 without a session, with a forged cookie, and after logout', async () => {
    expect((await t.call('GET', '/api/auth/me')).status).toBe(401);
    const forged = await t.call('GET', '/api/auth/me', undefined, {
      Cookie: 'sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.forged',
    });
    expect(forged.status).toBe(401);

    const cookie = sessionCookie(await login('client@example.test', 'client-password'));
    expect((await t.call('GET', '/api/auth/me', undefined, { Cookie: cookie })).status).toBe(200);
    const out = await t.call('POST', '/api/auth/logout', undefined, { Cookie: cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/sid=;.*Max-Age=0/);
    expect((await t.call('GET', '/api/auth/me', undefined, { Cookie: cookie })).status).toBe(401);
  });

  it('keeps a script-readable signed-in hint beside the session, and clears it at logout or when the session is gone', async () => {
    const res = await login('client@example.test', 'client-password');
    const cookies = res.headers.getSetCookie();
    const hint = cookies.find((c) => c.startsWith('signed_in='));
    expect(hint).toMatch(/^signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/);
    const cookie = sessionCookie(res);
    const out = await t.call('POST', '/api/auth/logout', undefined, { Cookie: cookie });
    expect(out.headers.getSetCookie()).toContainEqual(
      expect.stringMatching(/^signed_in=;.*Max-Age=0/),
    );
    // A hint whose session ended elsewhere is cleared by the current-user call.
    const stale = await t.call('GET', '/api/auth/me', undefined, {
      Cookie: `${cookie}; signed_in=1`,
    });
    expect(stale.status).toBe(401);
    expect(stale.headers.getSetCookie()).toContainEqual(
      expect.stringMatching(/^signed_in=;.*Max-Age=0/),
    );
    // Without a hint, nothing is set.
    expect((await t.call('GET', '/api/auth/me')).headers.get('set-cookie')).toBeNull();
  });

  it('POST /api/auth/logout without a session is still 204', async () => {
    expect((await t.call('POST', '/api/auth/logout')).status).toBe(204);
  });

  it('an expired session signs nobody in', async () => {
    let now = new Date('2026-01-01T10:00:00Z');
    const app = await createTestApp({ database: t.database, now: () => now });
    const res = await app.call('POST', '/api/auth/login', {
      email: 'client@example.test',
      password: 'client-password',
    });
    const cookie = sessionCookie(res);
    now = new Date('2026-01-20T10:00:00Z');
    expect((await app.call('GET', '/api/auth/me', undefined, { Cookie: cookie })).status).toBe(200);
    now = new Date('2026-03-01T10:00:00Z');
    expect((await app.call('GET', '/api/auth/me', undefined, { Cookie: cookie })).status).toBe(401);
  });
});

describe('GET /api/auth/login', () => {
  it('redirects to the sign-in page, keeping a same-site redirect', async () => {
    const res = await t.call('GET', '/api/auth/login?redirect=%2Fdashboard%3Ftab%3D1');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?redirect=%2Fdashboard%3Ftab%3D1');
    const offsite = await t.call('GET', '/api/auth/login?redirect=https://evil.example/');
    expect(offsite.headers.get('location')).toBe('/login');
  });

  it.each([
    ['/dashboard', '/dashboard'],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['', null],
    [undefined, null],
  ])('sameSitePath(%j) is %j', (value, expected) => {
    expect(sameSitePath(value)).toBe(expected);
  });
});

describe('staff account at start', () => {
  it('is created once, left alone, and its password updated when it changes', async () => {
    const credentials = { email: 'owner@example.test', password: 'first-password' };
    expect(await ensureStaffAccount(t.database, credentials)).toBe('created');
    expect(await ensureStaffAccount(t.database, credentials)).toBe('unchanged');
    expect(
      await ensureStaffAccount(t.database, { ...credentials, password: 'second-password' }),
    ).toBe('updated');
    const [row] = await t.database.read((db) =>
      db.select().from(users).where(eq(users.email, 'owner@example.test')),
    );
    expect(row!.role).toBe('staff');
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('second-password', row!.passwordHash)).toBe(true);
    expect(await verifyPassword('first-password', row!.passwordHash)).toBe(false);
  });

  it('is created exactly once when several servers start together', async () => {
    const credentials = { email: 'racer@example.test', password: 'racing-password' };
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => ensureStaffAccount(t.database, credentials)),
    );
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'unchanged')).toHaveLength(3);
    const rows = await t.database.read((db) =>
      db.select().from(users).where(eq(users.email, 'racer@example.test')),
    );
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/clients/lookup', () => {
  it('answers 200 exists for an account and 404 for a new address', async () => {
    const found = await t.call('POST', '/api/clients/lookup', { email: 'CLIENT@example.test' });
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual({ exists: true });
    const missing = await t.call('POST', '/api/clients/lookup', { email: 'new@example.test' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ exists: false, error: { code: 'NOT_FOUND' } });
  });

  it.each([[{ email: 'nope' }], [{ email: '' }], [{}], [{ email: 'a b@c.nl' }]])(
    'refuses %j with 400',
    async (body) => {
      const res = await t.call('POST', '/api/clients/lookup', body);
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields.email).toMatch(/^form\.validation\./);
    },
  );
});

describe('the dashboard guard uses the session', () => {
  it('requireStaff-protected admin routes see the signed-in user', async () => {
    const staff = sessionCookie(await login('staff@example.test', 'staff-password-1'));
    const me = await t.call('GET', '/api/auth/me', undefined, { Cookie: staff });
    expect((await me.json()).user.role).toBe('staff');
  });
});
