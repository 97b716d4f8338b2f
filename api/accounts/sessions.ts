import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie as setResponseCookie } from 'hono/cookie';
import { cachedQuery, slots } from '../db/cached-query.ts';
import type { Database, Tx } from '../db/database.ts';
import { sessions, users } from '../db/schema.ts';
import type { SessionUser } from '../http/auth.ts';
import type { Logger } from '../logger.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { hashToken, newToken } from '../security/tokens.ts';
import { TOKEN_PATTERN } from '#domain/account.schema.ts';

/** Kept for callers that still import it from here (the chat); the one helper is tokens.ts. */

/**
 * Sessions: a random 32-byte token lives only in the `sid` cookie (HttpOnly, SameSite=Lax, Secure
 * under an https PUBLIC_URL, signed with SESSION_SECRET); the database keeps its sha256 as the
 * session id, so a leaked database cannot be replayed as cookies. Sessions last SESSION_DAYS and
 * slide: a request after an hour of quiet moves the expiry on.
 */

export const SESSION_COOKIE = 'sid';
/**
 * A hint beside the session, readable by the page's script (not HttpOnly, no secret in it): `1`
 * while this browser holds a session, so a cached public page's header can say "My account"
 * instead of "Log in" without asking the server (decision D39B-2). It grants nothing: the session
 * cookie decides, and `GET /api/auth/me` clears a hint whose session is gone.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';

/** Removes the signed-in hint from the response. */
export function clearSignedInHint(c: Context, secure: boolean): void {
  deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: '/', sameSite: 'Lax', secure });
}
export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const TOUCH_AFTER_MS = 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 1000;

export interface Sessions {
  /** Starts a session for `userId` and sets the cookie on the response. */
  start(c: Context, userId: string): Promise<void>;
  /**
   * Writes a new session for `userId` in the caller's transaction (it commits with the account
   * it signs in to) and returns its token; after the commit `setCookie` hands it to the browser.
   */
  create(tx: Tx, userId: string, userAgent?: string | null): Promise<string>;
  /** Sets the cookie of a session `create` made. */
  setCookie(c: Context, token: string): Promise<void>;
  /** Ends the session of this request (if any) and clears the cookie. */
  end(c: Context): Promise<void>;
  /** The signed-in user of this request, or null (cached per request). */
  currentUser(c: Context): Promise<SessionUser | null>;
  /** The id (token hash) of this request's session cookie, or null; not checked against the table. */
  currentSessionId(c: Context): string | null;
}

/** The User-Agent a session keeps: the request's, cut to 200 characters, control characters out. */
export function sessionUserAgent(c: Context): string | null {
  const agent = c.req.header('user-agent');
  if (!agent) return null;
  // eslint-disable-next-line no-control-regex
  return agent.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || null;
}

const SESSION_KEYS = ['id', 'userId', 'expiresAt', 'lastSeenAt', 'userAgent'] as const;
/** A new session's insert, its SQL built once (decision M15). */
const insertSession = cachedQuery<Record<(typeof SESSION_KEYS)[number], unknown>>((tx) =>
  tx.insert(sessions).values(slots(SESSION_KEYS)),
);

/**
 * The cookie's signature: HMAC-SHA256 of the value in base64, written `value.signature`, the
 * format of hono's signed cookies (cookies set before keep working). Signed here with node:crypto,
 * synchronously: hono's helpers import the secret as a WebCrypto key on every call and sign on
 * the thread pool, which cost the event loop more than the HMAC itself (issue 10).
 */
export function signCookieValue(value: string, secret: string): string {
  return `${value}.${createHmac('sha256', secret).update(value).digest('base64')}`;
}

/** The value of a cookie signed with `secret`, or null when the signature does not match. */
export function verifiedCookieValue(signed: string, secret: string): string | null {
  const at = signed.lastIndexOf('.');
  if (at < 0) return null;
  const value = signed.slice(0, at);
  const given = Buffer.from(signed.slice(at + 1));
  const expected = Buffer.from(signCookieValue(value, secret).slice(at + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

export function createSessions(options: {
  database: Database;
  secret: string;
  /** true when PUBLIC_URL is https */
  secure: boolean;
  now?: () => Date;
}): Sessions {
  const { database, secret, secure } = options;
  const now = options.now ?? (() => new Date());
  const cache = new WeakMap<Request, Promise<SessionUser | null>>();

  const readToken = (c: Context): string | null => {
    const signed = getCookie(c, SESSION_COOKIE);
    const value = signed === undefined ? null : verifiedCookieValue(signed, secret);
    return value !== null && TOKEN_PATTERN.test(value) ? value : null;
  };

  const lookup = async (c: Context): Promise<SessionUser | null> => {
    const token = readToken(c);
    if (!token) return null;
    const id = hashToken(token);
    const at = now();
    const [row] = await database.read((db) =>
      db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          role: users.role,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, at)))
        .limit(1),
    );
    if (!row) return null;
    if (at.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await database.write((tx) =>
        tx
          .update(sessions)
          .set({ lastSeenAt: at, expiresAt: new Date(at.getTime() + SESSION_DAYS * DAY_MS) })
          .where(eq(sessions.id, id)),
      );
    }
    return { id: row.id, email: row.email, name: row.name, role: row.role };
  };

  // When this process last removed expired sessions (a throttle only; the rows are the state).
  let prunedAt = Number.NEGATIVE_INFINITY;

  const create = async (tx: Tx, userId: string, userAgent?: string | null): Promise<string> => {
    const token = newToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + SESSION_DAYS * DAY_MS);
    // Expired sessions go at a sign-in (at most once a minute per server), so the table does not
    // grow without bound.
    if (at.getTime() - prunedAt >= PRUNE_EVERY_MS || at.getTime() < prunedAt) {
      prunedAt = at.getTime();
      await tx.delete(sessions).where(lt(sessions.expiresAt, at));
    }
    await insertSession(tx, [
      { id: hashToken(token), userId, expiresAt, lastSeenAt: at, userAgent: userAgent ?? null },
    ]);
    return token;
  };

  const setCookie = async (c: Context, token: string): Promise<void> => {
    setResponseCookie(c, SESSION_COOKIE, signCookieValue(token, secret), {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure,
      maxAge: SESSION_DAYS * 24 * 60 * 60,
    });
    setResponseCookie(c, SIGNED_IN_HINT_COOKIE, '1', {
      path: '/',
      sameSite: 'Lax',
      secure,
      maxAge: SESSION_DAYS * 24 * 60 * 60,
    });
    cache.delete(c.req.raw);
  };

  return {
    create,
    setCookie,
    async start(c, userId) {
      const token = await database.write((tx) => create(tx, userId, sessionUserAgent(c)));
      await setCookie(c, token);
    },
    async end(c) {
      const token = readToken(c);
      if (token) {
        const id = hashToken(token);
        await database.write((tx) => tx.delete(sessions).where(eq(sessions.id, id)));
      }
      deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax', secure });
      clearSignedInHint(c, secure);
      cache.set(c.req.raw, Promise.resolve(null));
    },
    currentSessionId(c) {
      const token = readToken(c);
      return token ? hashToken(token) : null;
    },
    currentUser(c) {
      let pending = cache.get(c.req.raw);
      if (!pending) {
        pending = lookup(c);
        cache.set(c.req.raw, pending);
      }
      return pending;
    },
  };
}

/**
 * After `password` was proved against `stored`: a hash made with older parameters (before the
 * cost was raised, decision M34) is replaced by one with today's. Compare-and-set on the old hash,
 * so a password changed meanwhile (a reset, another server) is never overwritten. True when
 * replaced.
 */
export async function upgradePasswordHash(
  database: Database,
  account: { id: string; passwordHash: string | null },
  password: string,
): Promise<boolean> {
  if (!account.passwordHash || !needsRehash(account.passwordHash)) return false;
  const passwordHash = await hashPassword(password);
  const updated = await database.write((tx) =>
    tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, account.id), eq(users.passwordHash, account.passwordHash!)))
      .returning({ id: users.id }),
  );
  return updated.length > 0;
}

/**
 * At start: the staff account of STAFF_EMAIL/STAFF_PASSWORD exists with that password (created if
 * missing; password replaced when it no longer matches; role raised to staff). Safe when several
 * servers start at once: the account is created with `INSERT ... ON CONFLICT DO NOTHING`, so the
 * servers that lose the race find the winner's row instead of failing on `users_email_key`.
 */
export async function ensureStaffAccount(
  database: Database,
  credentials: { email: string; password: string },
  logger?: Logger,
): Promise<'created' | 'updated' | 'unchanged'> {
  const email = credentials.email.trim().toLowerCase();
  const find = () =>
    database.read((db) => db.select().from(users).where(eq(users.email, email)).limit(1));
  let [existing] = await find();
  if (!existing) {
    const passwordHash = await hashPassword(credentials.password);
    const inserted = await database.write((tx) =>
      tx
        .insert(users)
        // The operator named this address (STAFF_EMAIL): it counts as proven.
        .values({ email, passwordHash, role: 'staff', name: 'Staff', emailVerifiedAt: new Date() })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id }),
    );
    if (inserted.length > 0) {
      logger?.info({ email, outcome: 'created' }, 'staff account');
      return 'created';
    }
    [existing] = await find(); // another server created it a moment ago
    if (!existing) throw new Error(`staff account ${email} neither created nor found`);
  }
  if (
    existing.role === 'staff' &&
    (await verifyPassword(credentials.password, existing.passwordHash))
  ) {
    await upgradePasswordHash(database, existing, credentials.password);
    return 'unchanged';
  }
  const passwordHash = await hashPassword(credentials.password);
  const account = existing;
  await database.write(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, role: 'staff', emailVerifiedAt: account.emailVerifiedAt ?? new Date() })
      .where(eq(users.id, account.id));
    // A changed password ends every session of the account.
    await tx.delete(sessions).where(eq(sessions.userId, account.id));
  });
  logger?.info({ email, outcome: 'updated' }, 'staff account');
  return 'updated';
}
