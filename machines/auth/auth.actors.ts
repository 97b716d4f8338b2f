import ky from 'ky';
import * as v from 'valibot';

export const sessionUserSchema = v.object({
  email: v.string(),
  name: v.string(),
  role: v.picklist(['staff', 'client']),
});
export type SessionUser = v.InferOutput<typeof sessionUserSchema>;

/** GET /api/auth/me. Any failure means signed out (SPEC section 8: "Current-user call fails"). */
export async function fetchCurrentUser(): Promise<SessionUser | null> {
  try {
    const body = await ky.get('/api/auth/me', { credentials: 'include', retry: 0 }).json();
    const parsed = v.safeParse(v.object({ user: sessionUserSchema }), body);
    return parsed.success ? parsed.output.user : null;
  } catch {
    return null;
  }
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
  try {
    const response = await ky.post('/api/auth/login', {
      json: credentials,
      credentials: 'include',
      retry: 0,
      throwHttpErrors: false,
      timeout: 20_000,
    });
    if (response.status === 401 || response.status === 400)
      return { ok: false, reason: 'wrongCredentials' };
    if (response.status === 429) {
      const retryAfter = Number(response.headers.get('Retry-After'));
      return {
        ok: false,
        reason: 'rateLimited',
        ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
      };
    }
    if (!response.ok) return { ok: false, reason: 'failed' };
    const parsed = v.safeParse(v.object({ user: sessionUserSchema }), await response.json());
    return parsed.success
      ? { ok: true, user: parsed.output.user }
      : { ok: false, reason: 'failed' };
  } catch {
    return { ok: false, reason: 'failed' };
  }
}
