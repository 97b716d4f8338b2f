import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import {
  accountDeletionSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  upgradeRequestSchema,
} from '#domain/account.schema.ts';
import { billingDetailsSchema } from '#domain/checkout.schema.ts';
import { amsterdamDay } from '#domain/format.ts';
import type { Database, Db, Tx } from '../db/database.ts';
import { requireUser, type CurrentUser } from '../http/auth.ts';
import { ApiError, validateJson } from '../http/errors.ts';
import { uuidParams } from '../http/params.ts';
import { requestLang } from '../http/language.ts';
import {
  cancelOwnSubscription,
  listBookings,
  listInvoices,
  listOrders,
  listSubscriptions,
  listTickets,
  readProfile,
  requestUpgrade,
  updateBilling,
  updateProfile,
} from './account.ts';
import { replacePassword, storedPasswordHash } from './credentials.ts';
import type { BookingTokens } from '../bookings/booking-tokens.ts';
import { idempotency } from '../http/idempotency.ts';
import type { Mailer } from '../mail/mail.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { personOf, type Person } from './person-records.ts';
import {
  erasePersonalData,
  exportPersonalData,
  type PersonalDataProvider,
  PERSONAL_DATA_PROVIDERS,
} from './personal-data.ts';
import { RATE_LIMITS, rateCounter, type RateCounter, type RateLimits } from '../http/rate-limit.ts';
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE, type Sessions } from './sessions.ts';

/** Wrong current passwords (password change, deletion) per account in 15 minutes. */
export const ACCOUNT_PASSWORD_LIMIT = { perUser: RATE_LIMITS.accountPassword.limit };

/**
 * The client area's API (API.md section 6): `401` without a session; a client only ever sees
 * their own records (`404` for anyone else's). Staff have no client records: their lists are
 * empty, and they cannot delete their account here (it comes from STAFF_EMAIL).
 *
 * Beyond API.md (README): GET /account/tickets, /account/bookings, /account/profile,
 * PUT /account/profile, PUT /account/billing, POST /account/password, POST /account/upgrade-request.
 */
export function accountRoutes(options: {
  database: Database;
  mailer?: Mailer | undefined;
  now: () => Date;
  publicUrl: string;
  currentUser?: CurrentUser | undefined;
  sessions?: Sessions | undefined;
  personalData?: readonly PersonalDataProvider[];
  rateLimits: RateLimits;
  limiters?: { password?: RateCounter };
  /** The owner's links to their bookings' own pages (api/bookings/booking-tokens.ts). */
  bookingTokens: BookingTokens;
}) {
  const { database, mailer, now, bookingTokens } = options;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const signedIn = requireUser(options.currentUser ?? (async () => null));
  const providers = options.personalData ?? PERSONAL_DATA_PROVIDERS;
  // In the database, so the count holds across app servers (RATE_LIMITS.accountPassword).
  const passwordLimiter =
    options.limiters?.password ?? rateCounter(options.rateLimits, RATE_LIMITS.accountPassword);

  /** Checks the current password, counting failures per account (401, then 429). */
  const checkPassword = async (userId: string, password: string) => {
    const blocked = await passwordLimiter.check(userId);
    if (blocked > 0)
      throw new ApiError('RATE_LIMITED', { headers: { 'Retry-After': String(blocked) } });
    const hash = await database.read((db) => storedPasswordHash(db, userId));
    if (!(await verifyPassword(password, hash))) {
      await passwordLimiter.hit(userId);
      throw new ApiError('UNAUTHORIZED', {
        fields: { password: 'account.validation.wrongPassword' },
      });
    }
    await passwordLimiter.reset(userId);
  };

  /** The signed-in person as stored now, with whether their address is proven (the gate). */
  const person = async (db: Db | Tx, userId: string): Promise<Person> => {
    const found = await personOf(db, userId);
    if (!found) throw new ApiError('UNAUTHORIZED');
    return found;
  };

  return (
    new Hono()
      .use('/account', signedIn)
      .use('/account/*', signedIn)
      .get('/account/orders', async (c) => {
        const user = c.get('user');
        const lang = requestLang(c);
        return c.json({
          orders: await database.read((db) => listOrders(db, user.id, lang, now())),
        });
      })
      .get('/account/invoices', async (c) => {
        const user = c.get('user');
        const lang = requestLang(c);
        return c.json({
          invoices: await database.read((db) => listInvoices(db, user.id, { publicUrl, lang })),
        });
      })
      .get('/account/subscriptions', async (c) => {
        const user = c.get('user');
        const today = amsterdamDay(now());
        const lang = requestLang(c);
        return c.json({
          subscriptions: await database.read((db) => listSubscriptions(db, user.id, today, lang)),
        });
      })
      .post('/account/subscriptions/:id/cancel', uuidParams('id'), async (c) => {
        const user = c.get('user');
        const id = c.req.param('id');
        const once = idempotency(c, `POST /api/account/subscriptions/cancel ${user.id}`, { id });
        const answer = await database.write(async (tx) => {
          const previous = await once.replay<{ subscription: unknown }>(tx);
          if (previous) return previous.body;
          const subscription = await cancelOwnSubscription(tx, {
            userId: user.id,
            subscriptionId: id,
            at: now(),
            lang: requestLang(c),
          });
          const response = { subscription };
          await once.remember(tx, 200, response);
          return response;
        });
        return c.json(answer);
      })
      .post('/account/upgrade-request', validateJson(upgradeRequestSchema), async (c) => {
        const user = c.get('user');
        const body = c.req.valid('json');
        const lang = requestLang(c);
        const once = idempotency(c, `POST /api/account/upgrade-request ${user.id}`, body);
        const answer = await database.write(async (tx) => {
          const previous = await once.replay<{ ticketId: string }>(tx);
          if (previous) return previous.body;
          const response = await requestUpgrade(tx, {
            userId: user.id,
            email: user.email,
            name: user.name,
            subscriptionId: body.subscriptionId,
            note: body.note,
            lang,
            at: now(),
            mailer,
          });
          await once.remember(tx, 201, response);
          return response;
        });
        return c.json(answer, 201);
      })
      .get('/account/tickets', async (c) => {
        const user = c.get('user');
        return c.json({
          tickets: await database.read(async (db) => listTickets(db, await person(db, user.id))),
        });
      })
      .get('/account/bookings', async (c) => {
        const user = c.get('user');
        const options = { now: now(), tokens: bookingTokens, lang: requestLang(c) };
        return c.json({
          bookings: await database.read(async (db) =>
            listBookings(db, await person(db, user.id), options),
          ),
        });
      })
      .get('/account/profile', async (c) => {
        const user = c.get('user');
        return c.json({ profile: await database.read((db) => readProfile(db, user.id)) });
      })
      .put('/account/profile', validateJson(profileUpdateSchema), async (c) => {
        const user = c.get('user');
        const body = c.req.valid('json');
        const profile = await database.write((tx) => updateProfile(tx, user.id, body));
        return c.json({ profile });
      })
      // The details new invoices are addressed with (404 for an account that never ordered).
      .put('/account/billing', validateJson(billingDetailsSchema), async (c) => {
        const user = c.get('user');
        const body = c.req.valid('json');
        const profile = await database.write((tx) => updateBilling(tx, user.id, body, now()));
        return c.json({ profile });
      })
      .post('/account/password', validateJson(passwordChangeSchema), async (c) => {
        const user = c.get('user');
        const body = c.req.valid('json');
        await checkPassword(user.id, body.currentPassword);
        const passwordHash = await hashPassword(body.password);
        // Every session of the account ends (a stolen one too) ...
        await database.write((tx) => replacePassword(tx, user.id, passwordHash));
        // ... and this browser gets a fresh one, so the customer stays signed in here.
        await options.sessions?.start(c, user.id);
        return c.json({ ok: true });
      })
      .get('/account/export', async (c) => {
        const user = c.get('user');
        const data = await database.read(async (db) =>
          exportPersonalData(db, await person(db, user.id), providers),
        );
        const day = amsterdamDay(now());
        return c.body(JSON.stringify({ exportedAt: now().toISOString(), ...data }, null, 2), 200, {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Disposition': `attachment; filename="account-export-${day}.json"`,
          'Cache-Control': 'private, no-store',
        });
      })
      .delete('/account', validateJson(accountDeletionSchema), async (c) => {
        const user = c.get('user');
        if (user.role === 'staff') throw new ApiError('FORBIDDEN');
        const { password } = c.req.valid('json');
        await checkPassword(user.id, password);
        // One transaction: either everything is erased or nothing is.
        await database.write(async (tx) =>
          erasePersonalData(tx, await person(tx, user.id), providers),
        );
        if (options.sessions) await options.sessions.end(c);
        else {
          deleteCookie(c, SESSION_COOKIE, { path: '/' });
          deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: '/' });
        }
        return c.json({ ok: true }, 202);
      })
  );
}
