import { Hono } from 'hono';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import type { Logger } from '../logger.ts';
import { syncProviderPayment, type PaymentStatusListener } from './payment-sync.ts';
import type { PaymentProvider } from './payments.ts';
import type { Mailer } from '../mail/mail.ts';
import { RATE_LIMITS, type RateLimits } from '../http/rate-limit.ts';

/**
 * POST /api/payments/webhook: Mollie posts `id=tr_...` and nothing else. We fetch that payment
 * from Mollie and act on what Mollie says: `paid` marks the invoice paid; `canceled`, `expired`
 * and `failed` leave it open. An id that is not ours is answered 200 with nothing changed (no
 * oracle for guessing ids); when Mollie cannot be asked the answer is 503, so Mollie retries.
 */
export function paymentsRoutes(services: {
  database: Database;
  logger: Logger;
  now: () => Date;
  payments: PaymentProvider;
  onPaymentStatus?: PaymentStatusListener | undefined;
  mailer?: Mailer | undefined;
  rateLimits: RateLimits;
  /** Mollie also calls the payment's webhook when one of its refunds changes (issue 42). */
  refunds?: { syncPayment(providerPaymentId: string): Promise<void> } | undefined;
}) {
  return new Hono().post(
    '/payments/webhook',
    services.rateLimits.limit(RATE_LIMITS.paymentWebhook),
    async (c) => {
      let id: unknown;
      try {
        const form = await c.req.parseBody();
        id = form.id;
      } catch {
        id = undefined;
      }
      if (typeof id !== 'string' || !/^tr_\w{1,64}$/.test(id))
        throw new ApiError('VALIDATION_FAILED', { fields: { id: 'form.validation.invalid' } });
      try {
        await syncProviderPayment({
          database: services.database,
          provider: services.payments,
          providerPaymentId: id,
          now: services.now,
          logger: services.logger,
          onStatusChange: services.onPaymentStatus,
          mailer: services.mailer,
        });
        await services.refunds?.syncPayment(id);
      } catch (error) {
        services.logger.warn({ err: (error as Error).message, id }, 'payment webhook: provider');
        throw new ApiError('SERVICE_UNAVAILABLE');
      }
      return c.body(null, 200);
    },
  );
}
