import { recordStaffAction } from '../security/audit.ts';
import type { RateLimits } from '../http/rate-limit.ts';
import { Hono } from 'hono';
import { ticketReplySchema, ticketStatusSchema } from '#domain/account.schema.ts';
import type { Database } from '../db/database.ts';
import type { SetupGap } from '../env.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { ApiError, validateJson, validateQuery } from '../http/errors.ts';
import { uuidParams } from '../http/params.ts';
import { overviewFigures } from './admin-overview.ts';
import {
  ADMIN_TABLES,
  invoicesTable,
  TABLE_READERS,
  tableQuerySchema,
  type AdminTable,
  type TableQuery,
} from './admin-tables.ts';
import { idempotency } from '../http/idempotency.ts';
import type { Mailer } from '../mail/mail.ts';
import { replyToTicket, setTicketStatus, ticketThread } from '../leads/tickets.ts';
import { requeueMail } from './outbox.ts';

/**
 * Staff actions of API.md section 6 and the staff area's tables (401 without a session, 403 for
 * a client): GET /api/admin/invoices, POST /api/admin/tickets/{id}/reply,
 * PATCH /api/admin/tickets/{id}, POST /api/admin/outbox/{id}/resend; beyond API.md (README):
 * GET /api/admin/overview (with the setup gaps), GET /api/admin/tables/{table} (subscriptions too), GET /api/admin/tickets/{id}.
 */
export function adminAccountsRoutes(options: {
  database: Database;
  mailer?: Mailer | undefined;
  now: () => Date;
  currentUser?: CurrentUser | undefined;
  /** What the configuration leaves undone (api/env.ts), shown on the overview. */
  setupGaps?: readonly SetupGap[];
  rateLimits?: RateLimits | undefined;
}) {
  const { database, mailer, now } = options;
  const staff = requireStaff(options.currentUser ?? (async () => null));
  return new Hono()
    .get('/admin/invoices', staff, validateQuery(tableQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const page = await database.read((db) =>
        invoicesTable(db, {
          ...query,
          pageSize: c.req.query('pageSize') ? query.pageSize : 100,
        }),
      );
      return c.json({
        invoices: page.rows.map((r) => ({
          number: r.number,
          clientEmail: r.clientEmail,
          clientName: r.clientName,
          issueDate: r.issueDate,
          dueDate: r.dueDate,
          total: r.total,
          status: r.status,
          lines: r.lines,
          creditNotes: r.creditNotes,
        })),
        total: page.total,
        page: page.page,
        pageSize: page.pageSize,
      });
    })
    .get('/admin/overview', staff, async (c) => {
      const figures = await database.read((db) => overviewFigures(db, now()));
      return c.json({ ...figures, setup: options.setupGaps ?? [] });
    })
    .get('/admin/tables/:table', staff, validateQuery(tableQuerySchema), async (c) => {
      const table = c.req.param('table');
      if (!(ADMIN_TABLES as readonly string[]).includes(table)) throw new ApiError('NOT_FOUND');
      const query = c.req.valid('query');
      const read = TABLE_READERS[table as AdminTable] as (
        db: Parameters<typeof invoicesTable>[0],
        query: TableQuery,
        now: Date,
      ) => Promise<unknown>;
      const at = now();
      const page = await database.read((db) => read(db, query, at));
      return c.json(page);
    })
    .get('/admin/tickets/:id', staff, uuidParams('id'), async (c) => {
      const ticket = await database.read((db) => ticketThread(db, c.req.param('id')));
      if (!ticket) throw new ApiError('NOT_FOUND');
      return c.json({ ticket });
    })
    .post(
      '/admin/tickets/:id/reply',
      staff,
      validateJson(ticketReplySchema),
      uuidParams('id'),
      async (c) => {
        const id = c.req.param('id');
        const { message } = c.req.valid('json');
        const user = c.get('user');
        const once = idempotency(c, `POST /api/admin/tickets/${id}/reply`, { message });
        const answer = await database.write(async (tx) => {
          const previous = await once.replay<unknown>(tx);
          if (previous) return previous.body;
          const response = await replyToTicket(tx, mailer, {
            ticketId: id,
            staffId: user.id,
            message,
            at: now(),
          });
          await recordStaffAction(tx, c, user, 'ticket_reply', id, {
            rateLimits: options.rateLimits,
          });
          await once.remember(tx, 201, response);
          return response;
        });
        return c.json(answer, 201);
      },
    )
    .patch(
      '/admin/tickets/:id',
      staff,
      validateJson(ticketStatusSchema),
      uuidParams('id'),
      async (c) => {
        const id = c.req.param('id');
        const { status } = c.req.valid('json');
        const updated = await database.write(async (tx) => {
          const row = await setTicketStatus(tx, id, status);
          if (row) {
            await recordStaffAction(tx, c, c.get('user'), 'ticket_status', id, {
              rateLimits: options.rateLimits,
              details: { status },
            });
          }
          return row;
        });
        if (!updated) throw new ApiError('NOT_FOUND');
        return c.json({ ticket: updated });
      },
    )
    .post('/admin/outbox/:id/resend', staff, async (c) => {
      const raw = c.req.param('id');
      if (!/^\d{1,15}$/.test(raw)) throw new ApiError('NOT_FOUND');
      const id = Number(raw);
      const queued = await database.write(async (tx) => {
        const row = await requeueMail(tx, id);
        if (row) {
          await recordStaffAction(tx, c, c.get('user'), 'outbox_resend', String(id), {
            rateLimits: options.rateLimits,
          });
        }
        return row;
      });
      if (!queued) throw new ApiError('NOT_FOUND');
      // Delivery happens after the answer; a failure leaves the mail pending for the retry loop.
      void mailer?.deliverPending().catch(() => undefined);
      return c.json({ mail: queued }, 202);
    });
}
