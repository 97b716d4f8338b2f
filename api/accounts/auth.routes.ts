import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { sameSitePath } from '#domain/redirect.ts';
import { clientLookupSchema, loginRequestSchema } from '#domain/checkout.schema.ts';
import type { Database } from '../db/database.ts';
import { ApiError, validateJson } from '../http/errors.ts';
import { requestLang } from '../http/language.ts';
import { t } from '../i18n.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { RATE_LIMITS, rateLimitedError, type RateLimits } from '../http/rate-limit.ts';
import {
  SIGNED_IN_HINT_COOKIE,
  clearSignedInHint,
  sessionUserAgent,
  upgradePasswordHash,
  type Sessions,
} from './sessions.ts';
import { recordAudit } from '../security/audit.ts';
import { beginSecondFactor } from '../security/pending-sign-in.ts';
import { accountByEmail, accountExists } from './credentials.ts';

/**
 * Wrong passwords (API.md section 13, decision D38A-4): `perAddress` per client address in one
 * window, then `429`; an account with `perEmail` wrong passwords in the window is under attack, and
 * while it is, an address that has itself given `perEmailAddress` wrong passwords for it waits.
 * Other addresses (the owner's) are never held back by strangers' failures.
 */
export const LOGIN_LIMITS = {
  perAddress: RATE_LIMITS.loginPerAddress.limit,
  perEmail: RATE_LIMITS.loginPerEmail.limit,
  perEmailAddress: RATE_LIMITS.loginPerEmailAddress.limit,
  windowMs: RATE_LIMITS.loginPerAddress.windowMs,
};

/**
 * Accounts and sessions: POST/GET /auth/login, GET /auth/me, POST /auth/logout and
 * POST /clients/lookup. Wrong passwords are counted in the database (so the limits hold across app
 * servers) per client address, per account, and per account and address (LOGIN_LIMITS); a
 * blocked address gets 429 with Retry-After, and a right password from it does not get through
 * until the wait passes. An address with no failures of its own always gets to try.
 */
export function authRoutes(options: {
  database: Database;
  sessions: Sessions;
  rateLimits: RateLimits;
  now?: () => Date;
  secureCookies?: boolean;
}) {
  const { database, sessions, rateLimits } = options;
  const now = options.now ?? (() => new Date());

  return new Hono()
    .post('/auth/login', validateJson(loginRequestSchema), async (c) => {
      const { email, password } = c.req.valid('json');
      const address = rateLimits.address(c);
      // The one client-address helper keys the counters (its IPv6 form is its own business).
      const pair = address === null ? null : `${email}|${address}`;
      const blocked = await loginWait(rateLimits, email, address, pair);
      if (blocked > 0) throw rateLimitedError(blocked);

      const user = await database.read((db) => accountByEmail(db, email));
      // Unknown accounts cost the same scrypt work, so timing does not tell which addresses exist.
      const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !user.passwordHash || !ok) {
        // A failed sign-in to a staff account is audited (API.md section 13).
        if (user?.role === 'staff') {
          await database.write((tx) =>
            recordAudit(tx, {
              actor: { id: null, email: null },
              action: 'sign_in_failed',
              target: user.email,
              ip: address,
            }),
          );
        }
        await rateLimits.hit(RATE_LIMITS.loginPerEmail, email);
        if (address !== null && pair !== null) {
          await rateLimits.hit(RATE_LIMITS.loginPerAddress, address);
          await rateLimits.hit(RATE_LIMITS.loginPerEmailAddress, pair);
        }
        throw new ApiError('UNAUTHORIZED', {
          message: t(requestLang(c), 'auth.login.wrongCredentials'),
        });
      }
      // This address knows the password: its own failures for the account are forgotten. The
      // address's count and the account's are not (an attacker could clear them by signing in to
      // an account of their own, or the owner's sign-in would reopen the door to guessing).
      if (pair !== null) await rateLimits.reset(RATE_LIMITS.loginPerEmailAddress, pair);
      // An account hashed before the cost was raised gets today's parameters (M34).
      await upgradePasswordHash(database, user, password);
      // An account with a second factor gets no session yet: the code comes first.
      const security = { database, now, secureCookies: options.secureCookies ?? false };
      if (await beginSecondFactor(c, security, user.id)) {
        return c.json({ twoFactorRequired: true });
      }
      const token = await database.write(async (tx) => {
        if (user.role === 'staff') {
          await recordAudit(tx, {
            actor: { id: user.id, email: user.email },
            action: 'sign_in',
            target: user.email,
            ip: address,
          });
        }
        return sessions.create(tx, user.id, sessionUserAgent(c));
      });
      await sessions.setCookie(c, token);
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
        if (await database.read((db) => accountExists(db, email))) return c.json({ exists: true });
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

/**
 * Seconds this sign-in must wait, or 0: the client address past its limit, or (while the account
 * is under attack) an address that has itself failed for the account. Nothing for an unknown
 * address (in-process requests without a socket).
 */
async function loginWait(
  rateLimits: RateLimits,
  email: string,
  address: string | null,
  pair: string | null,
): Promise<number> {
  if (address === null || pair === null) return 0;
  const byAddress = await rateLimits.blockedFor(RATE_LIMITS.loginPerAddress, address);
  if (byAddress > 0) return byAddress;
  const byPair = await rateLimits.blockedFor(RATE_LIMITS.loginPerEmailAddress, pair);
  if (byPair === 0) return 0;
  const underAttack = await rateLimits.blockedFor(RATE_LIMITS.loginPerEmail, email);
  // Held back only while both hold: the attack's window and this address's own failures.
  return underAttack > 0 ? Math.min(byPair, underAttack) : 0;
}
