/**
 * The checkout (API.md section 4, `POST /api/checkout`) as a service, in three steps the router
 * calls in order:
 *
 * 1. `quoteCheckout(body, lang, at)` (checkout-quote.ts): the quote from the catalogue (product
 *    ids to plan ids, the domain read by the rule book's one mapping `quoteDomainOfPlanData`),
 *    never from the request's amounts; a refusal is the envelope of `quoteApiError`.
 * 2. `placeOrder(services, input)` (here): ONE transaction writes the client (new accounts only,
 *    checkout-account.ts) and their session, the profile, the order and its lines, the
 *    subscriptions (dates read from the quote, R7; checkout-order-insert.ts), then as the last step
 *    the invoice with the year's next number, its payment row (checkout-payment.ts), the
 *    idempotent answer and the mails (whose PDF attachment is read at delivery). The password is
 *    hashed before the transaction (in the hash processes of hash-pool.ts, never on the event
 *    loop) and the PDF drawn after it by the background job (invoice-pdfs.ts), so the counter row
 *    is locked only for a few inserts. A payment that asks no one (bank transfer, or nothing to
 *    pay) is started inside the transaction, so its answer is final at the commit.
 * 3. `startPayment(services, pending, once)` (checkout-payment.ts): after the commit, starts the
 *    provider's payment (for Mollie an outside call) and stores the final answer for the
 *    Idempotency-Key.
 *
 * So a new customer's bank-transfer order is one write transaction (decision M8).
 */
import type { CheckoutRequest } from '#domain/checkout.schema.ts';
import type { Lang } from '#domain/language.ts';
import { withdrawLink } from '#domain/links.ts';
import type { Quote } from '#domain/totals.ts';
import { isConsumerOrder } from '#domain/withdrawal.ts';
import { hashPassword } from '../accounts/passwords.ts';
import type { Tx } from '../db/database.ts';
import type { InvoiceLine, InvoiceParty } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { requestHash } from '../http/idempotency.ts';
import { issueInvoice, type InvoiceRow } from '../invoices/invoices.ts';
import { payPageUrl } from '../invoices/payments.ts';
import type { CheckedVat } from '../vat/vat-service.ts';
import { claimCoupon, recordOrderCoupon } from '../coupons/coupons.service.ts';
import { accountByEmail, createClientAccount, saveProfile } from './checkout-account.ts';
import { insertOrderRows } from './checkout-order-insert.ts';
import { insertOrderPayment } from './checkout-payment.ts';
import { buyerOf, invoiceLinesOf, paymentMethodOf, quoteUnderVatLock } from './checkout-quote.ts';
import type {
  CheckoutAnswer,
  CheckoutServices,
  Once,
  PendingOrder,
  PlaceOrderResult,
} from './checkout-types.ts';
import { findUnfinished, rememberUnfinished } from './checkout-unfinished.ts';
import { queueOrderMails } from './order-mail.ts';

/** What the order's transaction gives back: a new order also carries its invoice row. */
type Written =
  PlaceOrderResult | (Extract<PlaceOrderResult, { kind: 'placed' }> & { invoice: InvoiceRow });

/**
 * Step 2: checks who orders, then writes everything in one transaction (see the file's note).
 * `signedInUserId` is the session's user: an existing account orders only when signed in as it.
 */
export async function placeOrder(
  services: CheckoutServices,
  input: {
    body: CheckoutRequest;
    lang: Lang;
    at: Date;
    quote: Quote;
    signedInUserId: string | null;
    once: Once;
    /** Writes a session for a new account in the order's transaction (sessions.create). */
    createSession?: ((tx: Tx, userId: string) => Promise<string>) | undefined;
    /** The VAT number's check (api/vat/vat-service.ts); absent: a customer without one. */
    vat?: CheckedVat | undefined;
  },
): Promise<PlaceOrderResult> {
  const { database, billing } = services;
  const { body, lang, at, once } = input;
  const method = paymentMethodOf(body, services.payments);

  const existing = await accountByEmail(database, body.email);
  if (existing && input.signedInUserId !== existing.id) throw new ApiError('ALREADY_REGISTERED');
  if (!existing && !body.password)
    throw new ApiError('VALIDATION_FAILED', {
      fields: { password: 'checkout.validation.passwordRequired' },
    });
  // The same order again without an Idempotency-Key, from the account whose payment could not be
  // started (the provider failed after the commit): finish that order, never a second one.
  const fingerprint = once.hasKey ? null : requestHash({ ...body, password: undefined, lang });
  if (existing && fingerprint) {
    const unfinished = await findUnfinished(database, existing.id, fingerprint);
    if (unfinished)
      return {
        kind: 'placed',
        pending: unfinished,
        answer: null,
        isNew: false,
        sessionToken: null,
      };
  }
  // Hashed before the transaction, in the hash processes (passwords.ts).
  const passwordHash = existing ? null : await hashPassword(body.password!);
  const buyer = buyerOf(body, lang);
  const free = input.quote.totals.dueToday === 0;

  const result = await database.write(async (tx): Promise<Written> => {
    const prior = await once.claim<CheckoutAnswer | PendingOrder>(tx);
    if (prior)
      return prior.status === 201
        ? { kind: 'replay', answer: prior.body as CheckoutAnswer }
        : {
            kind: 'placed',
            pending: prior.body as PendingOrder,
            answer: null,
            isNew: false,
            sessionToken: null,
          };

    const userId =
      existing?.id ??
      (await createClientAccount(tx, services, {
        email: body.email,
        passwordHash,
        name: buyer.name,
        lang,
        at,
      }));
    // A new client is signed in to the account just made (with it, in this transaction).
    const sessionToken =
      !existing && input.createSession ? await input.createSession(tx, userId) : null;
    await saveProfile(tx, userId, body, lang);

    // The coupon's use is claimed here, in the order's transaction (issue 46, decision D46-3).
    const coupon = body.coupon
      ? await claimCoupon(tx, { code: body.coupon, userId, at, lang })
      : undefined;
    const { quote, lines } = await quoteUnderVatLock(tx, billing, {
      body,
      lang,
      at,
      vat: input.vat,
      coupon,
    });
    const orderId = await insertOrderRows(tx, {
      userId,
      body,
      lang,
      at,
      quote,
      method,
      free,
      vat: input.vat,
    });

    // The last step: the number (the counter row stays locked until commit), then only the
    // inserts that need it.
    const invoice = await issueInvoice(tx, {
      orderId,
      userId,
      at,
      lang,
      seller: billing.seller,
      buyer,
      lines,
      subtotal: quote.totals.dueToday - quote.totals.vat,
      vatRate: quote.totals.vatRate,
      vat: quote.totals.vat,
      total: quote.totals.dueToday,
      vatDecision: quote.vatDecision,
      buyerCountry: body.country,
    });
    if (coupon && quote.coupon)
      await recordOrderCoupon(tx, {
        coupon,
        userId,
        orderId,
        invoiceId: invoice.id,
        discount: quote.coupon.discount,
        planIds: quote.coupon.planIds,
      });
    const { paymentId, started } = await insertOrderPayment(tx, services.payments, {
      invoice,
      orderId,
      amount: quote.totals.dueToday,
      method,
      lang,
      free,
    });
    const pending: PendingOrder = { invoiceNumber: invoice.number, orderId, paymentId };
    const answer: CheckoutAnswer | null = started
      ? { paymentLink: started.checkoutUrl, invoiceNumber: invoice.number, orderId }
      : null;
    await (answer ? once.remember(tx, 201, answer) : once.remember(tx, 0, pending));
    // Without a key, the order is found again by its request until its payment has started
    // (startPayment deletes this row), so a plain retry after a provider failure finishes it.
    if (!answer && fingerprint) await rememberUnfinished(tx, userId, fingerprint, pending);
    await queueCheckoutMails(tx, services, { body, lang, buyer, quote, lines, invoice, orderId });
    return { kind: 'placed', pending, answer, isNew: true, sessionToken, invoice };
  });

  if (!('invoice' in result)) return result;
  // Drawn once, after the commit and in the background; the mails read these bytes at delivery.
  const { invoice, ...placed } = result;
  services.invoicePdfs.add(invoice);
  return placed;
}

/** The order's mails (customer and staff), queued in the order's transaction when mail is set up. */
async function queueCheckoutMails(
  tx: Tx,
  services: CheckoutServices,
  input: {
    body: CheckoutRequest;
    lang: Lang;
    buyer: InvoiceParty;
    quote: Quote;
    lines: InvoiceLine[];
    invoice: InvoiceRow;
    orderId: string;
  },
): Promise<void> {
  if (!services.mailer) return;
  const { body, lang, buyer, quote, lines, invoice, orderId } = input;
  const staffLang = services.mailer.staffLang;
  const staffBuyer = staffLang === lang ? buyer : buyerOf(body, staffLang);
  await queueOrderMails(tx, services.mailer, {
    lang,
    email: body.email,
    firstname: body.firstname,
    invoice,
    orderId,
    paymentLink: payPageUrl(services.publicUrl, invoice.number, lang),
    nextPayments: quote.nextPayments,
    // Issue 42: a consumer's confirmation links the withdrawal function, the order filled in.
    withdrawLink: isConsumerOrder(body)
      ? withdrawLink({ order: invoice.number, lang, origin: services.publicUrl || undefined })
      : null,
    customer: [
      ...(body.company ? [body.company] : []),
      staffBuyer.name,
      ...staffBuyer.lines,
      ...(body.phone ? [body.phone] : []),
    ],
    staffLines: staffLang === lang ? lines : invoiceLinesOf(quote, staffLang),
  });
}
