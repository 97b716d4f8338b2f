import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ApiError } from './errors.ts';
import type { PageUser } from './pages.ts';

export type SessionUser = PageUser & { id: string };

/** Who is signed in: the app factory's `currentUser` service (sessions), or nobody. */
export type CurrentUser = (c: Context) => Promise<SessionUser | null>;

/** 401 without a session, 403 for a signed-in client: the guard of every `/api/admin/` route. */
export function requireStaff(currentUser: CurrentUser) {
  return createMiddleware<{ Variables: { user: SessionUser } }>(async (c, next) => {
    const user = await currentUser(c);
    if (!user) throw new ApiError('UNAUTHORIZED');
    if (user.role !== 'staff') throw new ApiError('FORBIDDEN');
    c.set('user', user);
    await next();
  });
}

/** 401 without a session. */
export function requireUser(currentUser: CurrentUser) {
  return createMiddleware<{ Variables: { user: SessionUser } }>(async (c, next) => {
    const user = await currentUser(c);
    if (!user) throw new ApiError('UNAUTHORIZED');
    c.set('user', user);
    await next();
  });
}
