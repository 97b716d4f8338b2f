import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { getSignedCookie, setSignedCookie } from 'hono/cookie';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, signCookieValue, verifiedCookieValue } from './sessions.ts';

const secret = 'test-session-secret-of-at-least-32-characters';
const token = () => randomBytes(32).toString('base64url');

/** A cookie as hono's signed-cookie helpers write and read it (the format before issue 10). */
const hono = new Hono()
  .get('/set/:token', async (c) => {
    await setSignedCookie(c, SESSION_COOKIE, c.req.param('token'), secret, { path: '/' });
    return c.body(null, 204);
  })
  .get('/get', async (c) =>
    c.json({ value: (await getSignedCookie(c, secret, SESSION_COOKIE)) ?? null }),
  );

const cookieValue = (setCookie: string | null) =>
  decodeURIComponent(/^sid=([^;]*)/.exec(setCookie ?? '')![1]!);

describe('session cookie signature', () => {
  it('signs exactly as hono did, so the cookies customers already hold stay valid', async () => {
    for (let i = 0; i < 20; i++) {
      const value = token();
      const res = await hono.request(`/set/${value}`);
      const signed = cookieValue(res.headers.get('set-cookie'));
      expect(signCookieValue(value, secret)).toBe(signed);
      expect(verifiedCookieValue(signed, secret)).toBe(value);
    }
  });

  it('writes cookies that hono accepts', async () => {
    const value = token();
    const signed = encodeURIComponent(signCookieValue(value, secret));
    const res = await hono.request('/get', { headers: { cookie: `${SESSION_COOKIE}=${signed}` } });
    expect(await res.json()).toEqual({ value });
  });

  it('rejects a changed value, a changed or missing signature and another secret', () => {
    const value = token();
    const signed = signCookieValue(value, secret);
    const signature = signed.slice(value.length + 1);
    const other = token();
    expect(verifiedCookieValue(`${other}.${signature}`, secret)).toBeNull();
    expect(
      verifiedCookieValue(
        `${value}.${signature.replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A'))}`,
        secret,
      ),
    ).toBeNull();
    expect(verifiedCookieValue(`${value}.`, secret)).toBeNull();
    expect(verifiedCookieValue(value, secret)).toBeNull();
    expect(verifiedCookieValue(`${value}.${signature}x`, secret)).toBeNull();
    expect(verifiedCookieValue(signed, `${secret}-rotated`)).toBeNull();
  });
});
