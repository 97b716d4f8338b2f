import { recordStaffAction } from '../security/audit.ts';
import type { RateLimits } from '../http/rate-limit.ts';
import { Hono } from 'hono';
import * as v from 'valibot';
import { INVOICE_NUMBER_PATTERN } from '#domain/invoice.ts';
import type { Database } from '../db/database.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { ApiError, validateQuery } from '../http/errors.ts';
import type { BankDetails } from '../invoices/invoice-pdf.ts';
import type { InvoicePdfs } from '../invoices/invoice-pdfs.ts';
import { invoicePdfResolver } from '../invoices/invoices.ts';
import type { Mailer } from '../mail/mail.ts';
import { latestOrders, markInvoicePaid } from './admin-orders.ts';
import { latestMails, mailAttachments } from './outbox.ts';

const listQuery = v.object({
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number), v.minValue(1), v.maxValue(500)),
    '100',
  ),
});

/**
 * Staff only (401 without a session, 403 for a client): GET /api/admin/orders,
 * POST /api/admin/invoices/{number}/mark-paid (a bank transfer has arrived) and
 * GET /api/admin/outbox (every mail, sent or waiting).
 */
export function adminOrdersRoutes(services: {
  database: Database;
  now: () => Date;
  currentUser?: CurrentUser | undefined;
  mailer?: Mailer | undefined;
  billing: { bank: BankDetails };
  invoicePdfs?: Pick<InvoicePdfs, 'stored'> | undefined;
  rateLimits?: RateLimits | undefined;
}) {
  const { database } = services;
  const staff = requireStaff(services.currentUser ?? (async () => null));
  // An attachment as its mail sends it: an invoice's PDF from its stored bytes (drawn if missing).
  const attachmentOf = invoicePdfResolver(database, services.billing.bank, services.invoicePdfs);
  return (
    new Hono()
      .get('/admin/orders', staff, validateQuery(listQuery), async (c) => {
        const { limit } = c.req.valid('query');
        const rows = await database.read((db) => latestOrders(db, limit));
        return c.json({ orders: rows });
      })
      .post('/admin/invoices/:number/mark-paid', staff, async (c) => {
        const number = c.req.param('number');
        if (!INVOICE_NUMBER_PATTERN.test(number)) throw new ApiError('NOT_FOUND');
        const user = c.get('user');
        const result = await database.write(async (tx) => {
          const outcome = await markInvoicePaid(tx, {
            number,
            staffId: user.id,
            at: services.now(),
            mailer: services.mailer,
          });
          if (!outcome.changed) return outcome;
          await recordStaffAction(tx, c, user, 'invoice_mark_paid', number, {
            rateLimits: services.rateLimits,
          });
          return outcome;
        });
        return c.json(result);
      })
      .get('/admin/outbox', staff, validateQuery(listQuery), async (c) => {
        const { limit } = c.req.valid('query');
        const mails = await database.read((db) => latestMails(db, limit));
        return c.json({ mails });
      })
      // One attachment of an outgoing mail, for staff (our own endpoint; the outbox table links it):
      // without SMTP_URL the outbox is where the owner reads what customers get.
      .get('/admin/outbox/:id/attachments/:index', staff, async (c) => {
        const id = Number(c.req.param('id'));
        const index = Number(c.req.param('index'));
        if (!Number.isSafeInteger(id) || !Number.isSafeInteger(index) || index < 0)
          throw new ApiError('NOT_FOUND');
        const attachments = await database.read((db) => mailAttachments(db, id));
        const attachment = attachments?.[index];
        if (!attachment) throw new ApiError('NOT_FOUND');
        const sent = await attachmentOf(attachment);
        const filename = sent.filename.replace(/[^\w.-]+/g, '_');
        return c.body(Buffer.from(sent.content, 'base64'), 200, {
          'Content-Type': sent.contentType,
          'Content-Disposition': `inline; filename="${filename}"`,
          'Cache-Control': 'private, no-store',
        });
      })
  );
}
