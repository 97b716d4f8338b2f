import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { sameSitePath } from '#domain/redirect.ts';
import { clientLookupSchema, loginRequestSchema } from '#domain/checkout.schema.ts';
import type { Database } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { ApiError, validateJson } from '../http/errors.ts';
import { requestLang } from '../http/language.ts';
import { t } from '../i18n.ts';
import { dummyPasswordHash, verifyPassword } from '../services/passwords.ts';
import { RATE_LIMITS, rateLimitedError, type RateLimits } from '../services/rate-limit.ts';
import {
  SIGNED_IN_HINT_COOKIE,
  clearSignedInHint,
  upgradePasswordHash,
  type Sessions,
} from '../services/sessions.ts';

/** Wrong passwords allowed per account, and per network address, in one window. */
export const LOGIN_LIMITS = {
  perEmail: RATE_LIMITS.loginPerEmail.limit,
  perAddress: RATE_LIMITS.loginPerAddress.limit,
  windowMs: RATE_LIMITS.loginPerEmail.windowMs,
};

/**
 * Accounts and sessions: POST/GET /auth/login, GET /auth/me, POST /auth/logout and
 * POST /clients/lookup. Wrong passwords are counted per email and per address in the database
 * (so the lockout holds across app servers); past the limit the answer is 429 with Retry-After,
 * and a right password does not get through until it passes.
 */
export function authRoutes(options: {
  database: Database;
  sessions: Sessions;
  rateLimits: RateLimits;
}) {
  const { database, sessions, rateLimits } = options;

  return new Hono()
    .post('/auth/login', validateJson(loginRequestSchema), async (c) => {
      const { email, password } = c.req.valid('json');
      const address = rateLimits.address(c);
      const blocked = Math.max(
        await rateLimits.blockedFor(RATE_LIMITS.loginPerEmail, email),
        address ? await rateLimits.blockedFor(RATE_LIMITS.loginPerAddress, address) : 0,
      );
      if (blocked > 0) throw rateLimitedError(blocked);

      const [user] = await database.read((db) =>
        db.select().from(users).where(eq(users.email, email)).limit(1),
      );
      // Unknown accounts cost the same scrypt work, so timing does not tell which addresses exist.
      const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !user.passwordHash || !ok) {
        await rateLimits.hit(RATE_LIMITS.loginPerEmail, email);
        if (address) await rateLimits.hit(RATE_LIMITS.loginPerAddress, address);
        throw new ApiError('UNAUTHORIZED', {
          message: t(requestLang(c), 'auth.login.wrongCredentials'),
        });
      }
      await rateLimits.reset(RATE_LIMITS.loginPerEmail, email);
      // An account hashed before the cost was raised gets today's parameters (M34).
      await upgradePasswordHash(database, user, password);
      await sessions.start(c, user.id);
      return c.json({ user: { email: user.email, name: user.name, role: user.role } });
    })
    .get('/auth/login', (c) => {
      const redirect = sameSitePath(c.req.query('redirect'));
      const lang = c.req.query('lang');
      const params = new URLSearchParams();
      if (redirect) params.set('redirect', redirect);
      if (lang === 'nl' || lang === 'en') params.set('lang', lang);
      const query = params.toString();
      return c.redirect(query ? `/login?${query}` : '/login', 302);
    })
    .get('/auth/me', async (c) => {
      const user = await sessions.currentUser(c);
      if (!user) {
        // A hint left by a session that ended elsewhere (expired, signed out in another browser).
        if (getCookie(c, SIGNED_IN_HINT_COOKIE) !== undefined)
          clearSignedInHint(c, new URL(c.req.url).protocol === 'https:');
        throw new ApiError('UNAUTHORIZED');
      }
      return c.json({ user: { email: user.email, name: user.name, role: user.role } });
    })
    .post('/auth/logout', async (c) => {
      await sessions.end(c);
      return c.body(null, 204);
    })
    .post(
      '/clients/lookup',
      rateLimits.limit(RATE_LIMITS.clientsLookup),
      validateJson(clientLookupSchema),
      async (c) => {
        const { email } = c.req.valid('json');
        const [user] = await database.read((db) =>
          db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1),
        );
        if (user) return c.json({ exists: true });
        // API.md: `404 { exists: false }`, kept inside the usual error envelope as well.
        return c.json(
          {
            exists: false,
            error: {
              code: 'NOT_FOUND',
              message: t(requestLang(c), 'auth.lookup.notFound'),
            },
          },
          404,
        );
      },
    );
}
