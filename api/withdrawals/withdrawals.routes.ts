import { Hono } from 'hono';
import { isUuid } from '../http/params.ts';
import { recordStaffAction } from '../security/audit.ts';
import { withdrawalRequestSchema } from '#domain/withdrawal.ts';
import type { Database } from '../db/database.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { ApiError, validateJson } from '../http/errors.ts';
import { idempotency } from '../http/idempotency.ts';
import { requestLang } from '../http/language.ts';
import { RATE_LIMITS, type RateLimits } from '../http/rate-limit.ts';
import type { BankDetails } from '../invoices/invoice-pdf.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mail.ts';
import { markRefunded, staffRefunds, type Refunds } from './refunds.ts';
import { previewWithdrawal, withdraw, type WithdrawalAnswer } from './withdrawals.service.ts';

/**
 * Withdrawal and refunds (API.md section 10):
 * - POST /api/withdrawals: `201 { withdrawal }`; wrong order or email 404; the 409s
 *   WITHDRAWAL_PERIOD_OVER, NOT_A_CONSUMER_ORDER, ALREADY_WITHDRAWN; flood-limited like the
 *   contact form; Idempotency-Key honoured. A Mollie refund is created after the commit.
 * - POST /api/withdrawals/preview: the same checks and `200 { orderId, invoiceNumber, orderedOn,
 *   lastDay, refund }`, nothing changed (the page shows the refund before the confirm step).
 * - GET /api/admin/refunds, POST /api/admin/refunds/{id}/mark-refunded: staff.
 */
export function withdrawalsRoutes(services: {
  database: Database;
  now: () => Date;
  logger: Logger;
  mailer?: Mailer | undefined;
  currentUser?: CurrentUser | undefined;
  rateLimits: RateLimits;
  billing: { bank: BankDetails };
  refunds: Refunds;
  /** No registrar connected (REGISTRAR=none): staff register paid domains by hand (D42C-1). */
  manualDomains: boolean;
}) {
  const { database, refunds } = services;
  const staff = requireStaff(services.currentUser ?? (async () => null));
  const limited = services.rateLimits.limit(RATE_LIMITS.withdrawals);
  return new Hono()
    .post('/withdrawals/preview', limited, validateJson(withdrawalRequestSchema), async (c) => {
      const request = c.req.valid('json');
      const preview = await database.read((db) =>
        previewWithdrawal(db, {
          request,
          now: services.now(),
          lang: requestLang(c),
          manualDomains: services.manualDomains,
        }),
      );
      return c.json(preview);
    })
    .post('/withdrawals', limited, validateJson(withdrawalRequestSchema), async (c) => {
      const request = c.req.valid('json');
      const lang = requestLang(c);
      const once = idempotency(c, 'POST /api/withdrawals', request);
      const { answer, refundId } = await database.write(async (tx) => {
        const previous = await once.replay<WithdrawalAnswer>(tx);
        if (previous) return { answer: previous.body, refundId: null };
        const result = await withdraw(tx, {
          request,
          now: services.now(),
          lang,
          mailer: services.mailer,
          bank: services.billing.bank,
          manualDomains: services.manualDomains,
        });
        await once.remember(tx, 201, result.answer);
        return {
          answer: result.answer,
          refundId: result.refund?.method === 'mollie' ? result.refund.id : null,
        };
      });
      // After the commit: the credit note stands whatever Mollie does; a failure is retried.
      if (refundId) await refunds.process(refundId);
      return c.json(answer, 201);
    })
    .get('/admin/refunds', staff, async (c) => {
      const list = await database.read((db) => staffRefunds(db));
      return c.json({ refunds: list });
    })
    .post('/admin/refunds/:id/mark-refunded', staff, async (c) => {
      const id = c.req.param('id');
      if (!isUuid(id)) throw new ApiError('NOT_FOUND');
      const user = c.get('user');
      const row = await database.write(async (tx) => {
        const { refund, changed } = await markRefunded(tx, {
          id,
          staffId: user.id,
          at: services.now(),
        });
        if (changed)
          await recordStaffAction(tx, c, user, 'refund_marked', id, {
            rateLimits: services.rateLimits,
          });
        return refund;
      });
      if (!row || row.method !== 'banktransfer') throw new ApiError('NOT_FOUND');
      return c.json({ refund: { id: row.id, status: row.status } });
    });
}
