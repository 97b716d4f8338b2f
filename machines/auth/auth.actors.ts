// Side effects of signing in: the current user and the login call, through the one API client.

import { api } from '#machines/shared/api-client.ts';
import { loginAnswerSchema, userAnswerSchema, type SessionUser } from '#domain/auth.schema.ts';

export type { SessionUser };

/** GET /api/auth/me. Any failure means signed out (SPEC section 8: "Current-user call fails"). */
export async function fetchCurrentUser(): Promise<SessionUser | null> {
  const result = await api.get('/auth/me', userAnswerSchema);
  return result.ok ? result.data.user : null;
}

/** What `POST /api/auth/login` came to: expected refusals are values, never throws. */
export type LoginResult =
  | { ok: true; user: SessionUser }
  | {
      ok: false;
      reason: 'wrongCredentials' | 'rateLimited' | 'failed' | 'twoFactorRequired';
      retryAfter?: number;
    };

/** What `POST /api/auth/login/2fa` came to. */
export type CodeResult =
  | { ok: true; user: SessionUser }
  | { ok: false; reason: 'wrongCode' | 'rateLimited' | 'expired' | 'failed'; retryAfter?: number };

/** POST /api/auth/login; the session cookie is set by the answer. */
export async function postLogin(credentials: {
  email: string;
  password: string;
}): Promise<LoginResult> {
  const result = await api.post('/auth/login', loginAnswerSchema, { json: credentials });
  if (result.ok) {
    return 'user' in result.data
      ? { ok: true, user: result.data.user }
      : { ok: false, reason: 'twoFactorRequired' };
  }
  if (result.status === 401 || result.status === 400)
    return { ok: false, reason: 'wrongCredentials' };
  if (result.status === 429)
    return {
      ok: false,
      reason: 'rateLimited',
      ...(result.retryAfter !== undefined ? { retryAfter: result.retryAfter } : {}),
    };
  return { ok: false, reason: 'failed' };
}

/** POST /api/auth/login/2fa: the second step; the session cookie is set by the answer. */
export async function postSecondFactor(input: { code: string }): Promise<CodeResult> {
  const result = await api.post('/auth/login/2fa', userAnswerSchema, { json: input });
  if (result.ok) return { ok: true, user: result.data.user };
  if (result.status === 400 || result.code === 'INVALID_CODE')
    return { ok: false, reason: 'wrongCode' };
  // Without (or after) the pending sign-in: the password step starts again.
  if (result.status === 401) return { ok: false, reason: 'expired' };
  if (result.status === 429)
    return {
      ok: false,
      reason: 'rateLimited',
      ...(result.retryAfter !== undefined ? { retryAfter: result.retryAfter } : {}),
    };
  return { ok: false, reason: 'failed' };
}
