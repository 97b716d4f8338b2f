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
