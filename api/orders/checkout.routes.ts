import { Hono } from 'hono';
import { checkoutRequestSchema } from '#domain/checkout.schema.ts';
import type { CurrentUser } from '../http/auth.ts';
import { validateJson } from '../http/errors.ts';
import { requestLang } from '../http/language.ts';
import { couponForQuote } from '../coupons/coupons.service.ts';
import { placeOrder } from './checkout.ts';
import { startPayment } from './checkout-payment.ts';
import { quoteCheckout } from './checkout-quote.ts';
import type { CheckoutAnswer, CheckoutServices, PendingOrder } from './checkout-types.ts';
import { idempotency } from '../http/idempotency.ts';
import type { Sessions } from '../accounts/sessions.ts';
import { RATE_LIMITS, type RateLimits } from '../http/rate-limit.ts';
import type { VatService } from '../vat/vat-service.ts';

/**
 * POST /api/checkout (API.md section 4): parses, calls the checkout service (api/orders/
 * checkout-quote.ts: quote; checkout.ts: place the order in one transaction; checkout-payment.ts:
 * start the payment after the commit) and answers. A repeat with the same Idempotency-Key gets the first answer.
 */
export function checkoutRoutes(
  services: CheckoutServices & {
    currentUser?: CurrentUser | undefined;
    sessions?: Sessions | undefined;
    rateLimits: RateLimits;
    /** The VAT number's check (format, then VIES); absent: numbers are taken unchecked. */
    vat?: VatService | undefined;
  },
) {
  return new Hono().post(
    '/checkout',
    services.rateLimits.limit(RATE_LIMITS.checkout),
    validateJson(checkoutRequestSchema),
    async (c) => {
      const body = c.req.valid('json');
      const lang = body.lang ?? requestLang(c);
      const at = services.now();

      // The key is scoped to the address; the password never enters the stored hash.
      const once = idempotency(c, `checkout:${body.email}`, { ...body, password: undefined, lang });
      const prior = await services.database.read((db) =>
        once.replay<CheckoutAnswer | PendingOrder>(db),
      );
      if (prior?.status === 201) return c.json(prior.body as CheckoutAnswer, 201);
      if (prior) return c.json(await startPayment(services, prior.body as PendingOrder, once), 201);

      // A refused code is `400 COUPON_INVALID` before anything is written; a
      // replay above answers as the first time, whatever the coupon's uses are now (API.md section 14).
      const coupon = body.coupon
        ? await services.database.read((db) => couponForQuote(db, body.coupon!, at, lang))
        : undefined;
      const quote = quoteCheckout(body, lang, at, undefined, coupon);

      // The VAT number: an invalid one is refused; VIES down takes the order with VAT charged.
      const vat = await services.vat?.checkoutVat(body);
      const signedIn = (await services.currentUser?.(c)) ?? null;
      const { sessions } = services;
      const placed = await placeOrder(services, {
        body,
        lang,
        at,
        quote,
        signedInUserId: signedIn?.id ?? null,
        once,
        vat,
        // A new client is signed in to the account just made, so the pay and thank-you pages can
        // show their invoice (not when someone is already signed in, e.g. staff ordering for a
        // client). The session is written in the order's transaction.
        createSession:
          !signedIn && sessions ? (tx, userId) => sessions.create(tx, userId) : undefined,
      });
      if (placed.kind === 'replay') return c.json(placed.answer, 201);
      if (placed.sessionToken && sessions) await sessions.setCookie(c, placed.sessionToken);
      if (placed.isNew)
        services.logger.info(
          { invoice: placed.pending.invoiceNumber, orderId: placed.pending.orderId },
          'order placed',
        );
      return c.json(placed.answer ?? (await startPayment(services, placed.pending, once)), 201);
    },
  );
}
