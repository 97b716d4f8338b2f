import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import {
  auditQuerySchema,
  codeRequestSchema,
  disableTwoFactorSchema,
} from '#domain/security.schema.ts';
import { TOKEN_PATTERN } from '#domain/account.schema.ts';
import type { Database, Tx } from '../db/database.ts';
import { requireStaff, requireUser, type CurrentUser } from '../http/auth.ts';
import { ApiError, validateJson, validateQuery } from '../http/errors.ts';
import { verifyPassword } from '../accounts/passwords.ts';
import { RATE_LIMITS, rateLimitedError, type RateLimits } from '../http/rate-limit.ts';
import { qrSvg } from './qr.ts';
import { sessionUserAgent, type Sessions } from '../accounts/sessions.ts';
import {
  endSession,
  endSessions,
  liveSessions,
  storedPasswordHash,
} from '../accounts/credentials.ts';
import { readAudit, recordAudit, type AuditEntry } from './audit.ts';
import { finishPendingSignIn, PENDING_COOKIE, pendingSignIn } from './pending-sign-in.ts';
import { newTotpSecret, otpauthUrl } from './totp.ts';
import {
  activeSecret,
  disableSecret,
  enableSecret,
  newRecoveryCode,
  RECOVERY_CODE_COUNT,
  setUpSecret,
  spendCode,
} from './two-factor.ts';

/** `STAFF_2FA`: must staff have a second factor before any staff action? */
export type StaffTwoFactor = 'required' | 'optional';

export interface SecurityOptions {
  database: Database;
  sessions?: Sessions | undefined;
  currentUser?: CurrentUser | undefined;
  rateLimits: RateLimits;
  now: () => Date;
  secureCookies: boolean;
  /** the issuer phone apps show next to the codes */
  issuer: string;
}

/** The client address for the audit log (as the rate limits see it). */
export function auditIp(rateLimits: RateLimits, c: Context): string | null {
  return rateLimits.address(c);
}

/**
 * With `STAFF_2FA=required`: a signed-in staff member without an active second factor gets
 * `403 TWO_FACTOR_REQUIRED` from every `/api/admin/` endpoint. Others pass on to the routes' own
 * guards (401 / 403).
 */
export function staffSecondFactorGuard(options: {
  database: Database;
  currentUser?: CurrentUser | undefined;
  mode: StaffTwoFactor;
}) {
  return createMiddleware(async (c, next) => {
    if (options.mode === 'required' && options.currentUser) {
      const user = await options.currentUser(c);
      if (user?.role === 'staff') {
        const secret = await options.database.read((db) => activeSecret(db, user.id));
        if (!secret) throw new ApiError('TWO_FACTOR_REQUIRED');
      }
    }
    await next();
  });
}

/**
 * Sign-in security (API.md section 13): the second factor's setup, enabling and disabling, the
 * sign-in's second step, the person's sessions, and the staff's audit log.
 */
export function securityRoutes(options: SecurityOptions) {
  const { database, sessions, rateLimits, now } = options;
  const currentUser = options.currentUser ?? (async () => null);
  const signedIn = requireUser(currentUser);
  const staff = requireStaff(currentUser);

  /** Ends the account's sessions other than this request's (inside the change's transaction). */
  const endOtherSessions = async (tx: Tx, c: Context, userId: string) => {
    await endSessions(tx, userId, sessions?.currentSessionId(c) ?? null);
  };

  const actorOf = (user: { id: string; email: string }): AuditEntry['actor'] => ({
    id: user.id,
    email: user.email,
  });

  return new Hono()
    .post('/auth/2fa/setup', signedIn, async (c) => {
      const user = c.get('user');
      const secret = newTotpSecret();
      await database.write(async (tx) => {
        await setUpSecret(tx, user.id, secret);
        await recordAudit(tx, {
          actor: actorOf(user),
          action: 'two_factor_setup',
          target: user.email,
          ip: auditIp(rateLimits, c),
        });
      });
      const url = otpauthUrl(options.issuer, user.email, secret);
      return c.json({ secret, otpauthUrl: url, qrSvg: await qrSvg(url) });
    })
    .post('/auth/2fa/enable', signedIn, validateJson(codeRequestSchema), async (c) => {
      const user = c.get('user');
      const { code } = c.req.valid('json');
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const outcome = await database.write(async (tx) => {
        // Only a TOTP code proves the phone has the secret (there are no recovery codes yet).
        if ((await enableSecret(tx, user.id, code, now(), codes)) === 'wrong') return 'wrong';
        await endOtherSessions(tx, c, user.id);
        await recordAudit(tx, {
          actor: actorOf(user),
          action: 'two_factor_enabled',
          target: user.email,
          ip: auditIp(rateLimits, c),
        });
        return 'ok';
      });
      if (outcome === 'wrong') throw new ApiError('INVALID_CODE');
      return c.json({ recoveryCodes: codes });
    })
    .post('/auth/2fa/disable', signedIn, validateJson(disableTwoFactorSchema), async (c) => {
      const user = c.get('user');
      const { password, code } = c.req.valid('json');
      const blocked = await rateLimits.blockedFor(RATE_LIMITS.accountPassword, user.id);
      if (blocked > 0) throw rateLimitedError(blocked);
      const hash = await database.read((db) => storedPasswordHash(db, user.id));
      if (!hash || !(await verifyPassword(password, hash))) {
        await rateLimits.hit(RATE_LIMITS.accountPassword, user.id);
        throw new ApiError('UNAUTHORIZED');
      }
      const outcome = await database.write(async (tx) => {
        const disabled = await disableSecret(tx, user.id, code, now());
        if (disabled !== 'ok') return disabled;
        await endOtherSessions(tx, c, user.id);
        await recordAudit(tx, {
          actor: actorOf(user),
          action: 'two_factor_disabled',
          target: user.email,
          ip: auditIp(rateLimits, c),
        });
        return 'ok';
      });
      if (outcome !== 'ok') throw new ApiError('INVALID_CODE');
      return c.json({ ok: true });
    })
    .post('/auth/login/2fa', validateJson(codeRequestSchema), async (c) => {
      const { code } = c.req.valid('json');
      const token = getCookie(c, PENDING_COOKIE);
      if (!token || !TOKEN_PATTERN.test(token)) throw new ApiError('UNAUTHORIZED');
      const at = now();
      const pending = await database.read((db) => pendingSignIn(db, token, at));
      if (!pending) throw new ApiError('UNAUTHORIZED');
      // Wrong codes are counted per account in the database, so all servers (and every pending
      // sign-in of the account) share the limit.
      const blocked = await rateLimits.blockedFor(RATE_LIMITS.secondFactor, pending.userId);
      if (blocked > 0) throw rateLimitedError(blocked);
      const ip = auditIp(rateLimits, c);
      const actor = { id: pending.userId, email: pending.email };
      const result = await database.write(async (tx) => {
        const secret = await activeSecret(tx, pending.userId);
        const kind = secret ? await spendCode(tx, pending.userId, secret, code, at) : null;
        if (!kind) {
          if (pending.role === 'staff') {
            await recordAudit(tx, {
              actor,
              action: 'second_factor_failed',
              target: pending.email,
              ip,
            });
          }
          return null;
        }
        // Another request may have finished this sign-in.
        if (!(await finishPendingSignIn(tx, token))) return null;
        if (kind === 'recovery') {
          await recordAudit(tx, {
            actor,
            action: 'recovery_code_used',
            target: pending.email,
            ip,
          });
        }
        if (pending.role === 'staff') {
          await recordAudit(tx, {
            actor,
            action: 'sign_in',
            target: pending.email,
            ip,
            details: { secondFactor: kind },
          });
        }
        return sessions ? sessions.create(tx, pending.userId, sessionUserAgent(c)) : '';
      });
      if (result === null) {
        const verdict = await rateLimits.hit(RATE_LIMITS.secondFactor, pending.userId);
        if (!verdict.ok) throw rateLimitedError(verdict.retryAfter);
        throw new ApiError('INVALID_CODE', { status: 401 });
      }
      await rateLimits.reset(RATE_LIMITS.secondFactor, pending.userId);
      deleteCookie(c, PENDING_COOKIE, {
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'Lax',
        secure: options.secureCookies,
      });
      if (sessions) await sessions.setCookie(c, result);
      return c.json({ user: { email: pending.email, name: pending.name, role: pending.role } });
    })
    .get('/account/sessions', signedIn, async (c) => {
      const user = c.get('user');
      const current = sessions?.currentSessionId(c) ?? null;
      const rows = await database.read((db) => liveSessions(db, user.id, now()));
      return c.json({
        sessions: rows
          .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime())
          .map((row) => ({
            id: row.id,
            createdAt: row.createdAt.toISOString(),
            lastSeenAt: row.lastSeenAt.toISOString(),
            userAgent: row.userAgent,
            current: row.id === current,
          })),
      });
    })
    .delete('/account/sessions/:id', signedIn, async (c) => {
      const user = c.get('user');
      const id = c.req.param('id');
      if (!/^[0-9a-f]{64}$/.test(id)) throw new ApiError('NOT_FOUND');
      const ended = await database.write(async (tx) => {
        const gone = await endSession(tx, user.id, id);
        if (gone && user.role === 'staff') {
          await recordAudit(tx, {
            actor: actorOf(user),
            action: 'session_ended',
            target: user.email,
            ip: auditIp(rateLimits, c),
          });
        }
        return gone;
      });
      if (!ended) throw new ApiError('NOT_FOUND');
      if (id === sessions?.currentSessionId(c)) await sessions.end(c);
      return c.body(null, 204);
    })
    .get('/admin/audit', staff, validateQuery(auditQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const page = await database.read((db) => readAudit(db, query));
      return c.json(page);
    });
}

/** For tests and tools: whether an account has an active second factor. */
export async function hasSecondFactor(database: Database, userId: string): Promise<boolean> {
  return (await database.read((db) => activeSecret(db, userId))) !== null;
}
