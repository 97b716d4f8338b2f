import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import {
  addUsers,
  sessionCookie,
  signIn,
  STAFF,
  type TestUser,
} from '../../tests/helpers/accounts.ts';
import { createTestDatabasePair } from '../../tests/helpers/database.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { auditLog, outbox, recoveryCodes, twoFactorSecrets, users } from '../db/schema.ts';
import { parseConfig } from '../env.ts';
import { totpCode } from './totp.ts';

const CLIENT: TestUser = {
  email: 'client@example.test',
  password: 'client-password-1',
  name: 'Client',
  role: 'client',
};
const OTHER: TestUser = { ...CLIENT, email: 'other@example.test', name: 'Other' };

/** A clock the tests move: codes are drawn for it, and the app reads it. */
let clock = new Date('2026-03-02T10:00:00Z');
const tick = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

function cookieOf(res: Response, name: string): string {
  const match = new RegExp(`(?:^|,\\s*)(${name}=[^;]*)`).exec(res.headers.get('set-cookie') ?? '');
  if (!match) throw new Error(`no ${name} cookie`);
  return match[1]!;
}

async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** Sets up and turns on the second factor for the signed-in `cookie`: its secret and codes. */
async function enableTwoFactor(t: TestApp, cookie: string) {
  const setup = await t.call('POST', '/api/auth/2fa/setup', undefined, { Cookie: cookie });
  expect(setup.status).toBe(200);
  const { secret } = await json<{ secret: string }>(setup);
  const enable = await t.call(
    'POST',
    '/api/auth/2fa/enable',
    { code: totpCode(secret, clock) },
    { Cookie: cookie },
  );
  expect(enable.status).toBe(200);
  const { recoveryCodes: codes } = await json<{ recoveryCodes: string[] }>(enable);
  return { secret, codes };
}

/** Password step: the pending sign-in's cookie (asserting no session came with it). */
async function passwordStep(t: TestApp, user: TestUser, ip = '198.51.100.7'): Promise<string> {
  const res = await t.call(
    'POST',
    '/api/auth/login',
    { email: user.email, password: user.password },
    { 'X-Forwarded-For': ip, 'User-Agent': 'TestBrowser/1.0' },
  );
  expect(res.status).toBe(200);
  expect(await json(res)).toEqual({ twoFactorRequired: true });
  expect(res.headers.get('set-cookie')).not.toMatch(/(?:^|,\s*)sid=/);
  return cookieOf(res, 'sid2fa');
}

function codeStep(t: TestApp, pending: string, code: string, ip = '198.51.100.7') {
  return t.call(
    'POST',
    '/api/auth/login/2fa',
    { code },
    { Cookie: pending, 'X-Forwarded-For': ip, 'User-Agent': 'TestBrowser/1.0' },
  );
}

describe('second factor (TOTP) for any account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    await addUsers(t.database, CLIENT, OTHER);
  });
  afterAll(() => t.close());

  it('setup needs a session and gives a base32 secret and its otpauth URL, not yet active', async () => {
    expect((await t.call('POST', '/api/auth/2fa/setup')).status).toBe(401);
    const cookie = await signIn(t, CLIENT.email, CLIENT.password);
    const res = await t.call('POST', '/api/auth/2fa/setup', undefined, { Cookie: cookie });
    expect(res.status).toBe(200);
    const body = await json<{ secret: string; otpauthUrl: string }>(res);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(body.secret);
    expect(decodeURIComponent(url.pathname)).toContain(CLIENT.email);
    // The QR code of that URL, drawn on the server: one SVG of dark modules, nothing active in it.
    const qr = (body as { qrSvg?: string }).qrSvg ?? '';
    expect(qr).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 (\d+) \1"/,
    );
    expect(qr).toContain('<path');
    expect(qr).not.toMatch(/<script|on\w+=|href/i);
    // A URL of about 110 characters needs at least a version 6 code (41 modules + 8 of margin).
    expect(Number(/viewBox="0 0 (\d+)/.exec(qr)?.[1])).toBeGreaterThanOrEqual(49);
    // Not active: the password alone still signs in.
    const again = await t.call('POST', '/api/auth/login', {
      email: CLIENT.email,
      password: CLIENT.password,
    });
    expect(await json(again)).toMatchObject({ user: { email: CLIENT.email } });
  });

  it('enable refuses a wrong code, then gives 10 recovery codes stored only hashed', async () => {
    const cookie = await signIn(t, CLIENT.email, CLIENT.password);
    const setup = await json<{ secret: string }>(
      await t.call('POST', '/api/auth/2fa/setup', undefined, { Cookie: cookie }),
    );
    const wrongCode = String((Number(totpCode(setup.secret, clock)) + 1) % 1_000_000).padStart(
      6,
      '0',
    );
    const wrong = await t.call(
      'POST',
      '/api/auth/2fa/enable',
      { code: wrongCode },
      { Cookie: cookie },
    );
    expect(wrong.status).toBe(400);
    expect((await json<{ error: { code: string } }>(wrong)).error.code).toBe('INVALID_CODE');
    for (const code of [123, null, '', 'x'.repeat(50), '12\u00003456']) {
      const bad = await t.call('POST', '/api/auth/2fa/enable', { code }, { Cookie: cookie });
      expect(bad.status).toBe(400);
    }
    const ok = await t.call(
      'POST',
      '/api/auth/2fa/enable',
      { code: totpCode(setup.secret, clock) },
      { Cookie: cookie },
    );
    expect(ok.status).toBe(200);
    const { recoveryCodes: codes } = await json<{ recoveryCodes: string[] }>(ok);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.database.read((db) => db.select().from(recoveryCodes));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes).not.toContain(row.codeHash);
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code);
    // A second setup while it is on is refused.
    const again = await t.call('POST', '/api/auth/2fa/setup', undefined, { Cookie: cookie });
    expect(again.status).toBe(409);
    // Turning it on ended the other sessions but kept this one.
    expect((await t.call('GET', '/api/auth/me', undefined, { Cookie: cookie })).status).toBe(200);
    (globalThis as Record<string, unknown>).clientFactor = { secret: setup.secret, codes };
  });

  it('sign-in asks for the code after the password; a code works once; a recovery code once', async () => {
    const { secret, codes } = (globalThis as Record<string, unknown>).clientFactor as {
      secret: string;
      codes: string[];
    };
    tick(60);
    const pending = await passwordStep(t, CLIENT);
    expect((await t.call('GET', '/api/auth/me', undefined, { Cookie: pending })).status).toBe(401);
    // Without the pending sign-in's cookie nothing happens.
    expect((await codeStep(t, 'sid2fa=' + 'a'.repeat(43), totpCode(secret, clock))).status).toBe(
      401,
    );
    const code = totpCode(secret, clock);
    const ok = await codeStep(t, pending, code);
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({ user: { email: CLIENT.email, role: 'client' } });
    const cookie = sessionCookie(ok);
    expect((await t.call('GET', '/api/auth/me', undefined, { Cookie: cookie })).status).toBe(200);
    // The pending sign-in is spent.
    expect((await codeStep(t, pending, totpCode(secret, clock))).status).toBe(401);
    // The same code, in a new sign-in within its window, is refused.
    const second = await passwordStep(t, CLIENT);
    expect((await codeStep(t, second, code)).status).toBe(401);
    // A recovery code works once (any case, with its dash or without).
    const recovery = await codeStep(t, second, codes[0]!.toUpperCase());
    expect(recovery.status).toBe(200);
    const third = await passwordStep(t, CLIENT);
    expect((await codeStep(t, third, codes[0]!)).status).toBe(401);
    expect((await codeStep(t, third, codes[1]!.replace('-', ''))).status).toBe(200);
  });

  it('5 wrong codes give 429, and then even the right code waits', async () => {
    const { secret } = (globalThis as Record<string, unknown>).clientFactor as { secret: string };
    tick(60);
    const pending = await passwordStep(t, CLIENT);
    const wrong = String((Number(totpCode(secret, clock)) + 500_000) % 1_000_000).padStart(6, '0');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await codeStep(t, pending, wrong)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const blocked = await codeStep(t, pending, totpCode(secret, clock));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // A new pending sign-in of the same account does not start the count again.
    const fresh = await passwordStep(t, CLIENT);
    expect((await codeStep(t, fresh, totpCode(secret, clock))).status).toBe(429);
    tick(16 * 60);
  });

  it('disable needs the password and a code; the password alone signs in again', async () => {
    const { secret } = (globalThis as Record<string, unknown>).clientFactor as { secret: string };
    tick(60);
    const pending = await passwordStep(t, CLIENT);
    const cookie = sessionCookie(await codeStep(t, pending, totpCode(secret, clock)));
    tick(30);
    const code = totpCode(secret, clock);
    const wrongPassword = await t.call(
      'POST',
      '/api/auth/2fa/disable',
      { password: 'not-the-password', code },
      { Cookie: cookie },
    );
    expect(wrongPassword.status).toBe(401);
    const wrongCode = await t.call(
      'POST',
      '/api/auth/2fa/disable',
      { password: CLIENT.password, code: '000000' === code ? '111111' : '000000' },
      { Cookie: cookie },
    );
    expect(wrongCode.status).toBe(400);
    const ok = await t.call(
      'POST',
      '/api/auth/2fa/disable',
      { password: CLIENT.password, code },
      { Cookie: cookie },
    );
    expect(ok.status).toBe(200);
    const plain = await t.call('POST', '/api/auth/login', {
      email: CLIENT.email,
      password: CLIENT.password,
    });
    expect(await json(plain)).toMatchObject({ user: { email: CLIENT.email } });
  });
});

describe('sessions people can see and end', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    await addUsers(t.database, CLIENT, OTHER);
  });
  afterAll(() => t.close());

  const login = async (user: TestUser, agent: string) =>
    sessionCookie(
      await t.call(
        'POST',
        '/api/auth/login',
        { email: user.email, password: user.password },
        { 'User-Agent': agent },
      ),
    );

  it('lists the sessions with when, last seen, browser and this one marked; ends one', async () => {
    expect((await t.call('GET', '/api/account/sessions')).status).toBe(401);
    const phone = await login(CLIENT, 'Phone/1.0');
    tick(5);
    const laptop = await login(CLIENT, 'Laptop/2.0');
    const theirs = await login(OTHER, 'Other/3.0');
    const res = await t.call('GET', '/api/account/sessions', undefined, { Cookie: laptop });
    expect(res.status).toBe(200);
    const { sessions } = await json<{
      sessions: {
        id: string;
        createdAt: string;
        lastSeenAt: string;
        userAgent: string;
        current: boolean;
      }[];
    }>(res);
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s) => s.current)!;
    expect(current.userAgent).toBe('Laptop/2.0');
    const other = sessions.find((s) => !s.current)!;
    expect(other.userAgent).toBe('Phone/1.0');
    expect(Date.parse(other.createdAt)).toBeLessThan(Date.parse(current.createdAt));
    expect(Date.parse(other.lastSeenAt)).not.toBeNaN();
    // Someone else's session is not theirs to end.
    const othersList = await json<{ sessions: { id: string }[] }>(
      await t.call('GET', '/api/account/sessions', undefined, { Cookie: theirs }),
    );
    const foreign = await t.call(
      'DELETE',
      `/api/account/sessions/${othersList.sessions[0]!.id}`,
      undefined,
      {
        Cookie: laptop,
      },
    );
    expect(foreign.status).toBe(404);
    expect(
      (await t.call('DELETE', '/api/account/sessions/nonsense', undefined, { Cookie: laptop }))
        .status,
    ).toBe(404);
    // Ending the phone's session signs the phone out.
    const ended = await t.call('DELETE', `/api/account/sessions/${other.id}`, undefined, {
      Cookie: laptop,
    });
    expect(ended.status).toBe(204);
    expect((await t.call('GET', '/api/auth/me', undefined, { Cookie: phone })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/me', undefined, { Cookie: laptop })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/me', undefined, { Cookie: theirs })).status).toBe(200);
    // Ending its own session signs this browser out.
    const self = await t.call('DELETE', `/api/account/sessions/${current.id}`, undefined, {
      Cookie: laptop,
    });
    expect(self.status).toBe(204);
    expect((await t.call('GET', '/api/auth/me', undefined, { Cookie: laptop })).status).toBe(401);
  });

  it('turning the second factor on or off, or changing the password, ends the other sessions', async () => {
    const phone = await login(OTHER, 'Phone/1.0');
    const laptop = await login(OTHER, 'Laptop/2.0');
    const { secret } = await enableTwoFactor(t, laptop);
    expect((await t.call('GET', '/api/auth/me', undefined, { Cookie: phone })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/me', undefined, { Cookie: laptop })).status).toBe(200);
    tick(30);
    const tablet = sessionCookie(
      await codeStep(t, await passwordStep(t, OTHER), totpCode(secret, clock)),
    );
    tick(30);
    const off = await t.call(
      'POST',
      '/api/auth/2fa/disable',
      { password: OTHER.password, code: totpCode(secret, clock) },
      { Cookie: laptop },
    );
    expect(off.status).toBe(200);
    expect((await t.call('GET', '/api/auth/me', undefined, { Cookie: tablet })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/me', undefined, { Cookie: laptop })).status).toBe(200);
    const desk = await login(OTHER, 'Desk/1.0');
    const changed = await t.call(
      'POST',
      '/api/account/password',
      { currentPassword: OTHER.password, password: 'a-new-password-123' },
      { Cookie: laptop },
    );
    expect(changed.status).toBe(200);
    expect((await t.call('GET', '/api/auth/me', undefined, { Cookie: desk })).status).toBe(401);
  });
});

describe('STAFF_2FA', () => {
  it('is validated at start: required by default, optional allowed, anything else stops it', () => {
    expect(parseConfig({}).STAFF_2FA).toBe('required');
    expect(parseConfig({ STAFF_2FA: 'optional' }).STAFF_2FA).toBe('optional');
    expect(() => parseConfig({ STAFF_2FA: 'sometimes' })).toThrow(/STAFF_2FA/);
  });

  describe('required', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ now: () => clock }, { STAFF_2FA: 'required' });
      await addUsers(t.database, STAFF, CLIENT);
    });
    afterAll(() => t.close());

    it('refuses every staff endpoint to staff without a second factor, until they set one up', async () => {
      tick(60);
      const staff = await signIn(t, STAFF.email, STAFF.password);
      for (const path of ['/api/admin/invoices', '/api/admin/audit', '/api/admin/outbox']) {
        const res = await t.call('GET', path, undefined, { Cookie: staff });
        expect(res.status).toBe(403);
        expect((await json<{ error: { code: string } }>(res)).error.code).toBe(
          'TWO_FACTOR_REQUIRED',
        );
      }
      const write = await t.call('POST', '/api/admin/invoices/2026-0001/mark-paid', undefined, {
        Cookie: staff,
      });
      expect(write.status).toBe(403);
      // Others get the usual answers.
      expect((await t.call('GET', '/api/admin/invoices')).status).toBe(401);
      const client = await signIn(t, CLIENT.email, CLIENT.password);
      const refused = await t.call('GET', '/api/admin/invoices', undefined, { Cookie: client });
      expect((await json<{ error: { code: string } }>(refused)).error.code).toBe('FORBIDDEN');
      // The setup endpoints stay reachable.
      const { secret } = await enableTwoFactor(t, staff);
      expect(
        (await t.call('GET', '/api/admin/invoices', undefined, { Cookie: staff })).status,
      ).toBe(200);
      tick(30);
      const signedIn = sessionCookie(
        await codeStep(t, await passwordStep(t, STAFF), totpCode(secret, clock)),
      );
      expect(
        (await t.call('GET', '/api/admin/invoices', undefined, { Cookie: signedIn })).status,
      ).toBe(200);
    });

    it('writes staff sign-ins, failed sign-ins and second-factor changes to an audit log nothing can change', async () => {
      tick(60);
      const failed = await t.call(
        'POST',
        '/api/auth/login',
        { email: STAFF.email, password: 'wrong-password-x' },
        { 'X-Forwarded-For': '203.0.113.9' },
      );
      expect(failed.status).toBe(401);
      const list = await t.call('GET', '/api/admin/audit', undefined, {
        Cookie: await staffCookie(t),
      });
      expect(list.status).toBe(200);
      const { entries } = await json<{
        entries: {
          id: number;
          at: string;
          actor: string | null;
          action: string;
          target: string;
          ip: string | null;
        }[];
      }>(list);
      const actions = entries.map((e) => e.action);
      expect(actions).toEqual(
        expect.arrayContaining([
          'sign_in',
          'sign_in_failed',
          'two_factor_setup',
          'two_factor_enabled',
        ]),
      );
      // Newest first.
      const ids = entries.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const failure = entries.find((e) => e.action === 'sign_in_failed')!;
      expect(failure).toMatchObject({ target: STAFF.email, ip: '203.0.113.9', actor: null });
      expect(entries.find((e) => e.action === 'two_factor_enabled')!.actor).toBe(STAFF.email);
      // Client sign-ins are not staff actions.
      expect(entries.filter((e) => e.target === CLIENT.email)).toEqual([]);
      // Paged: `before` the id of the previous page's last, `limit`.
      const cookie = await staffCookie(t);
      const first = await json<{ entries: { id: number }[] }>(
        await t.call('GET', '/api/admin/audit?limit=2', undefined, { Cookie: cookie }),
      );
      expect(first.entries).toHaveLength(2);
      const next = await json<{ entries: { id: number }[] }>(
        await t.call(`GET`, `/api/admin/audit?limit=2&before=${first.entries[1]!.id}`, undefined, {
          Cookie: cookie,
        }),
      );
      expect(next.entries[0]!.id).toBeLessThan(first.entries[1]!.id);
      const filtered = await json<{ entries: { action: string }[] }>(
        await t.call('GET', '/api/admin/audit?action=sign_in_failed', undefined, {
          Cookie: cookie,
        }),
      );
      expect(filtered.entries.map((e) => e.action)).toEqual(['sign_in_failed']);
      for (const query of [
        'limit=0',
        'limit=abc',
        'limit=1000',
        'before=-1',
        'before=x',
        'action=%00',
      ]) {
        const bad = await t.call('GET', `/api/admin/audit?${query}`, undefined, { Cookie: cookie });
        expect(bad.status, query).toBe(400);
      }
      // The database refuses to change or remove an entry: the trigger's own exception, SQLSTATE P0001.
      const appendOnly = { cause: { code: 'P0001', message: 'the audit log is append-only' } };
      const id = entries[0]!.id;
      await expect(
        t.database.write((tx) =>
          tx.update(auditLog).set({ action: 'x' }).where(eq(auditLog.id, id)),
        ),
      ).rejects.toMatchObject(appendOnly);
      await expect(
        t.database.write((tx) => tx.delete(auditLog).where(eq(auditLog.id, id))),
      ).rejects.toMatchObject(appendOnly);
      await expect(
        t.database.write((tx) => tx.execute(sql`truncate audit_log`)),
      ).rejects.toMatchObject(appendOnly);
      const [kept] = await t.database.read((db) =>
        db.select().from(auditLog).where(eq(auditLog.id, id)),
      );
      expect(kept!.action).toBe(entries[0]!.action);
    });
  });
});

/** A fresh staff session through both steps (the staff account's factor is on by now). */
async function staffCookie(t: TestApp): Promise<string> {
  const [row] = await t.database.read((db) =>
    db
      .select({ secret: twoFactorSecrets.secret })
      .from(twoFactorSecrets)
      .innerJoin(users, eq(users.id, twoFactorSecrets.userId))
      .where(eq(users.email, STAFF.email)),
  );
  const secret = row!.secret;
  tick(30);
  return sessionCookie(await codeStep(t, await passwordStep(t, STAFF), totpCode(secret, clock)));
}

describe('two app servers', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const [first, second] = await createTestDatabasePair();
    a = await createTestApp({ database: first, now: () => clock });
    b = await createTestApp({ database: second, now: () => clock });
    await addUsers(a.database, CLIENT);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('a code used on one server is refused on the other', async () => {
    tick(60);
    const cookie = await signIn(a, CLIENT.email, CLIENT.password);
    const { secret } = await enableTwoFactor(a, cookie);
    tick(30);
    const code = totpCode(secret, clock);
    expect((await codeStep(a, await passwordStep(a, CLIENT), code)).status).toBe(200);
    expect((await codeStep(b, await passwordStep(b, CLIENT), code)).status).toBe(401);
    // A pending sign-in made on one server is finished on the other.
    tick(30);
    const pending = await passwordStep(a, CLIENT);
    expect((await codeStep(b, pending, totpCode(secret, clock))).status).toBe(200);
  });
});

describe('staff actions in the audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    await addUsers(t.database, STAFF);
  });
  afterAll(() => t.close());

  it('mark paid, ticket reply and status, resend, billing run and credit are each recorded with who and what', async () => {
    clock = new Date('2026-03-02T10:00:00Z');
    const order = await t.call('POST', '/api/checkout', checkoutBody('buyer@example.test'));
    expect(order.status).toBe(201);
    const { invoiceNumber } = await json<{ invoiceNumber: string }>(order);
    const staff = await signIn(t, STAFF.email, STAFF.password);
    const as = { Cookie: staff, 'X-Forwarded-For': '192.0.2.44' };
    expect(
      (await t.call('POST', `/api/admin/invoices/${invoiceNumber}/mark-paid`, undefined, as))
        .status,
    ).toBe(200);
    const ticket = await json<{ ticketId: string }>(
      await t.call('POST', '/api/contact', {
        name: 'Ann',
        email: 'ann@example.test',
        message: 'Help',
      }),
    );
    expect(
      (
        await t.call(
          'POST',
          `/api/admin/tickets/${ticket.ticketId}/reply`,
          { message: 'Done.' },
          as,
        )
      ).status,
    ).toBe(201);
    expect(
      (await t.call('PATCH', `/api/admin/tickets/${ticket.ticketId}`, { status: 'closed' }, as))
        .status,
    ).toBe(200);
    const [mail] = await t.database.read((db) =>
      db.select({ id: outbox.id }).from(outbox).limit(1),
    );
    expect(
      (await t.call('POST', `/api/admin/outbox/${mail!.id}/resend`, undefined, as)).status,
    ).toBe(202);
    expect(
      (await t.call('POST', '/api/admin/billing/run', { asOf: '2026-03-02' }, as)).status,
    ).toBe(200);
    const credit = await t.call(
      'POST',
      `/api/admin/invoices/${invoiceNumber}/credit`,
      { reason: 'Goodwill' },
      as,
    );
    expect(credit.status).toBe(201);
    const { creditNote } = await json<{ creditNote: { number: string } }>(credit);
    // A refused action leaves no entry.
    expect(
      (
        await t.call(
          'PATCH',
          '/api/admin/tickets/00000000-0000-4000-8000-000000000000',
          { status: 'closed' },
          as,
        )
      ).status,
    ).toBe(404);

    const rows = await t.database.read((db) => db.select().from(auditLog).orderBy(auditLog.id));
    const staffRows = rows.filter((r) => r.action !== 'sign_in');
    expect(staffRows.map((r) => [r.action, r.target])).toEqual([
      ['invoice_mark_paid', invoiceNumber],
      ['ticket_reply', ticket.ticketId],
      ['ticket_status', ticket.ticketId],
      ['outbox_resend', String(mail!.id)],
      ['billing_run', '2026-03-02'],
      ['invoice_credit', invoiceNumber],
    ]);
    expect(staffRows.at(-1)!.details).toEqual({
      creditNote: creditNote.number,
      reason: 'Goodwill',
    });
    for (const row of staffRows)
      expect(row).toMatchObject({ actor: STAFF.email, ip: '192.0.2.44' });
    expect(rows.find((r) => r.action === 'sign_in')).toMatchObject({ actor: STAFF.email });
  });
});
