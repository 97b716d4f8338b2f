// Side effects of signing in: the current user and the login call, through the one API client.

import { api } from '#machines/shared/api-client.ts';
import { userAnswerSchema, type SessionUser } from '#domain/auth.schema.ts';

export type { SessionUser };

/** GET /api/auth/me. Any failure means signed out (SPEC section 8: "Current-user call fails"). */
export async function fetchCurrentUser(): Promise<SessionUser | null> {
  const result = await api.get('/auth/me', userAnswerSchema);
  return result.ok ? result.data.user : null;
}

/** What `POST /api/auth/login` came to: expected refusals are values, never throws. */
export type LoginResult =
  | { ok: true; user: SessionUser }
  | { ok: false; reason: 'wrongCredentials' | 'rateLimited' | 'failed'; retryAfter?: number };

/** POST /api/auth/login; the session cookie is set by the answer. */
export async function postLogin(credentials: {
  email: string;
  password: string;
}): Promise<LoginResult> {
  const result = await api.post('/auth/login', userAnswerSchema, { json: credentials });
  if (result.ok) return { ok: true, user: result.data.user };
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
