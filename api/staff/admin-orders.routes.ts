import { recordStaffAction } from '../security/audit.ts';
import type { RateLimits } from '../http/rate-limit.ts';
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { INVOICE_NUMBER_PATTERN } from '#domain/invoice.ts';
import type { Database } from '../db/database.ts';
import { invoices, orders, outbox, payments, users } from '../db/schema.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { ApiError, validateQuery } from '../http/errors.ts';
import type { BankDetails } from '../invoices/invoice-pdf.ts';
import type { InvoicePdfs } from '../invoices/invoice-pdfs.ts';
import {
  findInvoice,
  invoicePdfResolver,
  latestPayment,
  latestPaymentProvider,
  latestPaymentStatus,
} from '../invoices/invoices.ts';
import type { Mailer } from '../mail/mail.ts';
import { adminOrderColumns } from './admin-tables.ts';
import { applyPaymentStatus } from '../orders/orders.ts';
import { canMarkPaidByHand } from '#domain/admin.schema.ts';

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
        const rows = await database.read((db) =>
          db
            .select({
              ...adminOrderColumns,
              dueToday: orders.dueToday,
              monthly: orders.monthly,
              yearly: orders.yearly,
              invoiceNumber: invoices.number,
              invoiceStatus: invoices.status,
              paymentProvider: latestPaymentProvider,
              paymentStatus: latestPaymentStatus,
            })
            .from(orders)
            .innerJoin(users, eq(users.id, orders.userId))
            .leftJoin(invoices, eq(invoices.orderId, orders.id))
            .orderBy(desc(orders.createdAt), desc(invoices.number))
            .limit(limit),
        );
        return c.json({
          orders: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        });
      })
      .post('/admin/invoices/:number/mark-paid', staff, async (c) => {
        const number = c.req.param('number');
        if (!INVOICE_NUMBER_PATTERN.test(number)) throw new ApiError('NOT_FOUND');
        const user = c.get('user');
        const result = await database.write(async (tx) => {
          const invoice = await findInvoice(tx, number);
          if (!invoice) throw new ApiError('NOT_FOUND');
          if (invoice.status === 'paid') return { number, status: 'paid' as const, changed: false };
          // Credited in full (issue 42): nothing is due, so nothing can be paid.
          if (invoice.status === 'credited')
            throw new ApiError('VALIDATION_FAILED', {
              status: 409,
              fields: { number: 'admin.orders.credited' },
            });
          const payment = await latestPayment(tx, invoice.id);
          if (!payment) throw new ApiError('NOT_FOUND');
          // A provider's payment under way (Mollie) is settled by its webhook, never by hand.
          if (
            !canMarkPaidByHand({
              status: invoice.status,
              paymentProvider: payment.provider,
              paymentStatus: payment.status,
            })
          )
            throw new ApiError('VALIDATION_FAILED', {
              status: 409,
              fields: { number: 'admin.orders.providerPayment' },
            });
          // After a provider's payment that ended unpaid, the money came by transfer: that is a
          // payment of its own, and the provider's record keeps what the provider said.
          const received =
            payment.provider === 'banktransfer'
              ? payment
              : (
                  await tx
                    .insert(payments)
                    .values({
                      invoiceId: invoice.id,
                      provider: 'banktransfer',
                      method: 'banktransfer',
                      amount: invoice.total,
                      status: 'open',
                    })
                    .returning()
                )[0]!;
          // Also queues "payment received" for the customer (once per invoice).
          await applyPaymentStatus(
            tx,
            { paymentId: received.id, status: 'paid', at: services.now(), markedPaidBy: user.id },
            { mailer: services.mailer },
          );
          await recordStaffAction(tx, c, user, 'invoice_mark_paid', number, {
            rateLimits: services.rateLimits,
          });
          return { number, status: 'paid' as const, changed: true };
        });
        return c.json(result);
      })
      .get('/admin/outbox', staff, validateQuery(listQuery), async (c) => {
        const { limit } = c.req.valid('query');
        const rows = await database.read((db) =>
          db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit),
        );
        return c.json({
          mails: rows.map((r) => ({
            id: r.id,
            to: r.to,
            subject: r.subject,
            kind: r.kind,
            lang: r.lang,
            status: r.status,
            attempts: r.attempts,
            lastError: r.lastError,
            createdAt: r.createdAt.toISOString(),
            sentAt: r.sentAt?.toISOString() ?? null,
            text: r.text,
            attachments: r.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              bytes: Math.floor((a.content.length * 3) / 4),
            })),
          })),
        });
      })
      // One attachment of an outgoing mail, for staff (our own endpoint; the outbox table links it):
      // without SMTP_URL the outbox is where the owner reads what customers get.
      .get('/admin/outbox/:id/attachments/:index', staff, async (c) => {
        const id = Number(c.req.param('id'));
        const index = Number(c.req.param('index'));
        if (!Number.isSafeInteger(id) || !Number.isSafeInteger(index) || index < 0)
          throw new ApiError('NOT_FOUND');
        const [row] = await database.read((db) =>
          db
            .select({ attachments: outbox.attachments })
            .from(outbox)
            .where(eq(outbox.id, id))
            .limit(1),
        );
        const attachment = row?.attachments[index];
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
