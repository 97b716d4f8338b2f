import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox, passwordResetTokens, sessions, users } from '../db/schema.ts';
import { addUsers, signIn } from '../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { lastMailTo } from '../../tests/helpers/outbox.ts';
import { RESET_CONFIRM_LIMIT, RESET_LIMITS } from './password-reset.routes.ts';
import { hashToken } from '../security/tokens.ts';

let now = new Date('2026-03-10T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  await addUsers(
    t.database,
    { email: 'reset@example.test', password: 'old-password', role: 'client', name: 'Rita' },
    { email: 'limit@example.test', password: 'old-password', role: 'client', name: 'Lim' },
  );
});
afterAll(async () => {
  await t.close();
});

async function lastResetToken(to: string): Promise<string> {
  const mail = await lastMailTo(t.database, to);
  const match = /\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text);
  return match![1]!;
}

describe('POST /api/auth/password-reset', () => {
  it('answers 202 whatever the address and mails only an account, a link valid one hour', async () => {
    const before = (await t.database.db.select().from(outbox)).length;
    const unknown = await t.call('POST', '/api/auth/password-reset', {
      email: 'nobody@example.test',
    });
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual({ ok: true });
    expect((await t.database.db.select().from(outbox)).length).toBe(before);

    const known = await t.call('POST', '/api/auth/password-reset?lang=nl', {
      email: 'Reset@Example.test',
    });
    expect(known.status).toBe(202);
    expect(await known.json()).toEqual({ ok: true });
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'reset@example.test'));
    expect(mail).toMatchObject({
      kind: 'password-reset',
      lang: 'nl',
      subject: 'Stel een nieuw wachtwoord in',
    });
    expect(mail!.text).toMatch(
      /http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}&lang=nl/,
    );
    const token = await lastResetToken('reset@example.test');
    const rows = await t.database.db.select().from(passwordResetTokens);
    // Only the hash is stored.
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - now.getTime()).toBe(60 * 60 * 1000);
  });

  it('validates the address', async () => {
    const res = await t.call('POST', '/api/auth/password-reset', { email: 'not-an-address' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('VALIDATION_FAILED');
  });

  it('is rate limited per address asked for', async () => {
    for (let i = 0; i < RESET_LIMITS.perEmail; i++)
      expect(
        (await t.call('POST', '/api/auth/password-reset', { email: 'limit@example.test' })).status,
      ).toBe(202);
    const res = await t.call('POST', '/api/auth/password-reset', { email: 'limit@example.test' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('POST /api/auth/password-reset/confirm', () => {
  it('sets the password once, ends every session, and refuses the token afterwards', async () => {
    const cookie = await signIn(t, 'reset@example.test', 'old-password');
    const token = await lastResetToken('reset@example.test');

    const short = await t.call('POST', '/api/auth/password-reset/confirm', {
      token,
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect((await short.json()).error.fields).toEqual({
      password: 'account.validation.passwordTooShort',
    });

    const res = await t.call('POST', '/api/auth/password-reset/confirm', {
      token,
      password: 'brand-new-password',
    });
    expect(res.status).toBe(200);
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'reset@example.test'));
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id)),
    ).toEqual([]);
    expect((await t.call('GET', '/api/auth/me', undefined, { Cookie: cookie })).status).toBe(401);
    expect(
      (
        await t.call('POST', '/api/auth/login', {
          email: 'reset@example.test',
          password: 'brand-new-password',
        })
      ).status,
    ).toBe(200);

    const again = await t.call('POST', '/api/auth/password-reset/confirm', {
      token,
      password: 'another-password',
    });
    expect(again.status).toBe(400);
    expect((await again.json()).error.code).toBe('INVALID_TOKEN');
  });

  it('refuses an expired token and an unknown one', async () => {
    await t.call('POST', '/api/auth/password-reset', { email: 'reset@example.test' });
    const token = await lastResetToken('reset@example.test');
    now = new Date(now.getTime() + 61 * 60 * 1000);
    const expired = await t.call('POST', '/api/auth/password-reset/confirm', {
      token,
      password: 'brand-new-password-2',
    });
    expect(expired.status).toBe(400);
    expect((await expired.json()).error.code).toBe('INVALID_TOKEN');
    const unknown = await t.call('POST', '/api/auth/password-reset/confirm', {
      token: 'x'.repeat(43),
      password: 'brand-new-password-2',
    });
    expect((await unknown.json()).error.code).toBe('INVALID_TOKEN');
  });

  it('is rate limited after repeated wrong tokens', async () => {
    let last: Response | undefined;
    for (let i = 0; i <= RESET_CONFIRM_LIMIT.perAddress; i++)
      last = await t.call(
        'POST',
        '/api/auth/password-reset/confirm',
        { token: 'y'.repeat(43), password: 'brand-new-password-3' },
        { 'X-Forwarded-For': '203.0.113.7' },
      );
    expect(last!.status).toBe(429);
  });
});
