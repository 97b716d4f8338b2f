import { lt, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { cachedQuery, slot } from '../db/cached-query.ts';
import type { Database, Db, Tx } from '../db/database.ts';
import { rateLimits } from '../db/schema.ts';
import { clientAddress, rateLimitSubject } from './client-address.ts';
import { ApiError } from './errors.ts';

/**
 * The one rate limiter (API.md sections 3 and 9). Counters live in the `rate_limits` table, so a
 * limit holds across every app server on one database: each counted attempt is one atomic
 * `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` on the row `<rule>:<subject>` (a fixed window
 * that starts with the subject's first attempt), and rows whose window has passed are pruned now
 * and then. Past the limit the answer is `429 RATE_LIMITED` with `Retry-After` in seconds.
 *
 * Two ways to use it:
 * - `rateLimits.limit(RATE_LIMITS.contact)` as Hono middleware before the validator: every
 *   request counts, per visitor address (`clientAddress` with TRUST_PROXY), or per `key(c)`;
 * - `hit` / `blockedFor` / `reset` by hand where only failures count (the login lockout).
 */

export interface RateLimitRule {
  /** part of the counter's key; unique per rule */
  name: string;
  /** attempts allowed in one window */
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** Every limit of the product, in one place. */
export const RATE_LIMITS = {
  /**
   * wrong passwords per client address, whichever accounts they tried: past it `429` (API.md
   * section 13); a right password from that address waits too
   */
  loginPerAddress: { name: 'login.address', limit: 5, windowMs: 15 * MINUTE },
  /**
   * wrong passwords per account, from anywhere: past it the account is "under attack", which by
   * itself locks no one out (decision D38A-4) ...
   */
  loginPerEmail: { name: 'login.email', limit: 5, windowMs: 15 * MINUTE },
  /**
   * ... but while it is, an address that has itself given this many wrong passwords for the
   * account waits (key: account and address)
   */
  loginPerEmailAddress: { name: 'login.email-address', limit: 2, windowMs: 15 * MINUTE },
  /** wrong second-factor codes per account, from any pending sign-in: past it `429` */
  secondFactor: { name: 'login.second-factor', limit: 5, windowMs: 15 * MINUTE },
  /** POST /clients/lookup tells whether an address has an account */
  clientsLookup: { name: 'clients.lookup', limit: 30, windowMs: MINUTE },
  /** GET /domains/check asks the registry */
  domainCheck: { name: 'domains.check', limit: 30, windowMs: MINUTE },
  /** GET /address/lookup asks PDOK */
  addressLookup: { name: 'address.lookup', limit: 60, windowMs: MINUTE },
  // Public forms: generous for people (and the browser suites, whose visitors share one address),
  // a wall for scripts.
  contact: { name: 'contact', limit: 10, windowMs: 10 * MINUTE },
  /** The withdrawal function (issue 42), its preview and its confirmation: limited like the contact form. */
  withdrawals: { name: 'withdrawals', limit: 10, windowMs: 10 * MINUTE },
  leads: { name: 'leads', limit: 20, windowMs: 10 * MINUTE },
  /** new bookings, cancellations and moves (token-authorised, so unauthenticated) */
  bookings: { name: 'bookings', limit: 20, windowMs: 10 * MINUTE },
  survey: { name: 'survey', limit: 20, windowMs: 10 * MINUTE },
  checkout: { name: 'checkout', limit: 20, windowMs: 10 * MINUTE },
  /**
   * POST /quote: refused discount codes, per address (issue 46). A customer mistypes a code now
   * and then; someone trying codes one after another is held here. Accepted codes do not count.
   */
  couponRefusals: { name: 'coupons.refused', limit: 10, windowMs: 15 * MINUTE },
  /** POST /auth/password-reset (and its confirm), per address */
  passwordReset: { name: 'password-reset', limit: 5, windowMs: 15 * MINUTE },
  /** POST /auth/password-reset, per email address asked for */
  passwordResetPerEmail: { name: 'password-reset.email', limit: 3, windowMs: 60 * MINUTE },
  /** POST /auth/password-reset/confirm: wrong or used tokens, per address */
  passwordResetConfirm: { name: 'password-reset.confirm', limit: 10, windowMs: 15 * MINUTE },
  /** POST /auth/verify-email: wrong, used or expired tokens, per address */
  verifyEmailConfirm: { name: 'verify-email.confirm', limit: 10, windowMs: 15 * MINUTE },
  /** POST /auth/verify-email/resend: verification mails per account */
  verifyEmailResend: { name: 'verify-email.resend', limit: 3, windowMs: 60 * MINUTE },
  /** wrong current passwords in the client area (password change, account deletion), per account */
  accountPassword: { name: 'account.password', limit: 5, windowMs: 15 * MINUTE },
  /** wrong booking manage tokens, per address */
  bookingManageToken: { name: 'bookings.manage-token', limit: 20, windowMs: 15 * MINUTE },
  /** POST /chat/conversations */
  chatStart: { name: 'chat.start', limit: 5, windowMs: 10 * MINUTE },
  /**
   * POST /chat/conversations/{id}/messages by its visitor, per conversation: a person typing in
   * short lines, not a script (issue 38)
   */
  chatMessage: { name: 'chat.message', limit: 10, windowMs: MINUTE },
  /** the same, per address over all its conversations (a new cookie is a new conversation) */
  chatMessagePerAddress: { name: 'chat.message.address', limit: 30, windowMs: 10 * MINUTE },
  /** Mollie's webhook calls, per sending address (generous: Mollie retries on a 429 anyway) */
  paymentWebhook: { name: 'payments.webhook', limit: 300, windowMs: MINUTE },
  /** any other unauthenticated write */
  write: { name: 'write', limit: 30, windowMs: MINUTE },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitVerdict = { ok: true; remaining: number } | { ok: false; retryAfter: number };

export interface RateLimits {
  /** This server's TRUST_PROXY. */
  readonly trustProxy: number;
  /** The visitor's address under TRUST_PROXY (null only in-process, without a socket). */
  address(c: Context): string | null;
  /** Counts one attempt of `subject`; refused once the attempts in the window pass the limit. */
  hit(rule: RateLimitRule, subject: string): Promise<RateLimitVerdict>;
  /** Seconds `subject` must still wait (0 when it may try), without counting anything. */
  blockedFor(rule: RateLimitRule, subject: string): Promise<number>;
  /** Forgets the attempts of `subject` (e.g. after a right password). */
  reset(rule: RateLimitRule, subject: string): Promise<void>;
  /**
   * Middleware counting every request under `rule`, per visitor address unless `key` says
   * otherwise (a null key is not counted); past the limit `429` with `Retry-After`.
   */
  limit(
    rule: RateLimitRule,
    options?: { key?: (c: Context) => string | null | Promise<string | null> },
  ): MiddlewareHandler;
}

/** The 429 of API.md section 3. */
export function rateLimitedError(retryAfter: number): ApiError {
  return new ApiError('RATE_LIMITED', { headers: { 'Retry-After': String(retryAfter) } });
}

const PRUNE_EVERY_MS = MINUTE;

/**
 * One attempt more on a counter: a window that has passed starts again at 1; otherwise one more.
 * One statement, so two servers counting the same key at once are serialised by the row lock.
 * Its SQL is built once (decision M15).
 */
const countHit = cachedQuery<
  { key: string; at: Date; resetAt: Date; atText: string; resetText: string },
  Array<{ hits: number; resetAt: Date }>
>((db) => {
  const atSql = sql`${slot(0, 'atText')}::timestamptz`;
  const resetSql = sql`${slot(0, 'resetText')}::timestamptz`;
  return db
    .insert(rateLimits)
    .values({
      key: slot(0, 'key'),
      hits: 1,
      windowStart: slot(0, 'at'),
      resetAt: slot(0, 'resetAt'),
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= ${atSql} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${rateLimits.resetAt} <= ${atSql} then ${atSql} else ${rateLimits.windowStart} end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${atSql} then ${resetSql} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
});

const counterKey = (rule: RateLimitRule, subject: string) =>
  `${rule.name}:${subject.slice(0, 320)}`;

const secondsUntil = (resetAt: Date, at: Date) =>
  Math.max(1, Math.ceil((resetAt.getTime() - at.getTime()) / 1000));

export function createRateLimits(options: {
  database: Database;
  /** TRUST_PROXY (API.md section 2) */
  trustProxy: number;
  now?: () => Date;
}): RateLimits {
  const { database, trustProxy } = options;
  const now = options.now ?? (() => new Date());
  // When this process last pruned: a per-process throttle only, the rows are the shared state.
  let prunedAt = 0;

  const hit = async (rule: RateLimitRule, subject: string): Promise<RateLimitVerdict> => {
    const at = now();
    const key = counterKey(rule, subject);
    const prune = at.getTime() - prunedAt >= PRUNE_EVERY_MS;
    if (prune) prunedAt = at.getTime();
    const resetAt = new Date(at.getTime() + rule.windowMs);
    const count = async (db: Db | Tx) => {
      const [counted] = await countHit(db, [
        { key, at, resetAt, atText: at.toISOString(), resetText: resetAt.toISOString() },
      ]);
      return counted!;
    };
    // A counter need not wait for its fsync: after a power cut at worst the attempts of the last
    // moment are forgotten (decision M7), and every counted request pays this write. Without a
    // prune it is one statement, so no transaction around it (decision M15).
    const row = prune
      ? await database.write(
          async (tx) => {
            await tx.delete(rateLimits).where(lt(rateLimits.resetAt, at));
            return count(tx);
          },
          { durable: false },
        )
      : await database.writeStatement(count, { durable: false });
    if (row.hits > rule.limit) return { ok: false, retryAfter: secondsUntil(row.resetAt, at) };
    return { ok: true, remaining: rule.limit - row.hits };
  };

  const blockedFor = async (rule: RateLimitRule, subject: string): Promise<number> => {
    const at = now();
    const [row] = await database.read((db) =>
      db
        .select({ hits: rateLimits.hits, resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${counterKey(rule, subject)}`)
        .limit(1),
    );
    if (!row || row.resetAt <= at || row.hits < rule.limit) return 0;
    return secondsUntil(row.resetAt, at);
  };

  const reset = async (rule: RateLimitRule, subject: string): Promise<void> => {
    await database.write((tx) =>
      tx.delete(rateLimits).where(sql`${rateLimits.key} = ${counterKey(rule, subject)}`),
    );
  };

  // Counted per IPv4 address or per IPv6 /64 network (API.md section 3).
  const address = (c: Context) => {
    const found = clientAddress(c, trustProxy);
    return found === null ? null : rateLimitSubject(found);
  };

  return {
    trustProxy,
    address,
    hit,
    blockedFor,
    reset,
    limit(rule, limitOptions = {}) {
      return createMiddleware(async (c, next) => {
        const subject = limitOptions.key ? await limitOptions.key(c) : address(c);
        if (subject !== null) {
          const verdict = await hit(rule, subject);
          if (!verdict.ok) throw rateLimitedError(verdict.retryAfter);
        }
        await next();
      });
    },
  };
}

/** A limiter bound to one rule, for routes that count only failures (wrong passwords, tokens). */
export interface RateCounter {
  /** Seconds `subject` must still wait, or 0; a null subject (no address known) is never blocked. */
  check(subject: string | null): Promise<number>;
  /** Counts one failure of `subject` (nothing for a null subject). */
  hit(subject: string | null): Promise<void>;
  reset(subject: string | null): Promise<void>;
}

export function rateCounter(rateLimits: RateLimits, rule: RateLimitRule): RateCounter {
  return {
    check: async (subject) => (subject === null ? 0 : rateLimits.blockedFor(rule, subject)),
    hit: async (subject) => {
      if (subject !== null) await rateLimits.hit(rule, subject);
    },
    reset: async (subject) => {
      if (subject !== null) await rateLimits.reset(rule, subject);
    },
  };
}
