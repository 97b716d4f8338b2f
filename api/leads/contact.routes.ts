import { Hono } from 'hono';
import { contactRequestSchema } from '#domain/consultation.schema.ts';
import type { Database } from '../db/database.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { validateJson } from '../http/errors.ts';
import { requestLang } from '../http/language.ts';
import type { Mailer } from '../mail/mail.ts';
import { idempotency } from '../http/idempotency.ts';
import { RATE_LIMITS, type RateLimits } from '../http/rate-limit.ts';
import { createTicket, latestTickets } from './tickets.ts';

const ADMIN_LIST_LIMIT = 500;

/**
 * POST /api/contact (a ticket: stored, acknowledged to the visitor, announced to staff, all in one
 * transaction) and staff-only GET /api/admin/tickets.
 */
export function contactRoutes(options: {
  database: Database;
  mailer?: Mailer | undefined;
  currentUser?: CurrentUser | undefined;
  rateLimits: RateLimits;
}) {
  const { database, mailer } = options;
  const staffOnly = requireStaff(options.currentUser ?? (async () => null));
  return new Hono()
    .post(
      '/contact',
      options.rateLimits.limit(RATE_LIMITS.contact),
      validateJson(contactRequestSchema),
      async (c) => {
        const body = c.req.valid('json');
        const lang = requestLang(c);
        const once = idempotency(c, 'POST /api/contact', body);
        // Made signed in: the account's own even before its address is proven.
        const userId = (await options.currentUser?.(c))?.id ?? null;
        const answer = await database.write(async (tx) => {
          const previous = await once.replay<{ ok: true; ticketId: string }>(tx);
          if (previous) return previous.body;
          const id = await createTicket(tx, mailer, { request: body, lang, userId });
          const response = { ok: true as const, ticketId: id };
          await once.remember(tx, 201, response);
          return response;
        });
        return c.json(answer, 201);
      },
    )
    .get('/admin/tickets', staffOnly, async (c) => {
      const rows = await database.read((db) => latestTickets(db, ADMIN_LIST_LIMIT));
      return c.json({
        tickets: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      });
    });
}
