import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { CONSULTATION_PRODUCT_ID, optionByProductId } from '#domain/catalogue.ts';
import { checkoutRequestSchema, normalizePostalCode } from '#domain/checkout.schema.ts';
import { domainMessage, validateDomainName } from '#domain/domain-name.ts';
import { addDays, addMonths, amsterdamDay } from '#domain/format.ts';
import { invoiceYear, PAYMENT_TERM_DAYS } from '#domain/invoice.ts';
import {
  computeQuote,
  MONTHLY_PAYMENT_DAYS,
  TERM_MONTHS,
  type QuoteDomain,
} from '#domain/totals.ts';
import type { Database } from '../db/database.ts';
import {
  customerProfiles,
  invoices,
  orderLines,
  orders,
  payments,
  subscriptions,
  users,
  type InvoiceLine,
  type InvoiceParty,
} from '../db/schema.ts';
import type { CurrentUser } from '../http/auth.ts';
import { ApiError, validateJson } from '../http/errors.ts';
import { requestLang } from '../http/language.ts';
import type { Logger } from '../logger.ts';
import {
  claimIdempotencyKey,
  findIdempotentResponse,
  readIdempotencyKey,
  requestHash,
  storeIdempotentResponse,
} from '../services/idempotency.ts';
import { invoiceDocument, nextInvoiceNumber } from '../services/orders.ts';
import { renderInvoicePdf, type BillingSettings } from '../services/invoice-pdf.ts';
import type { Mailer } from '../services/mail.ts';
import { orderConfirmationMail, staffOrderNotification } from '../services/order-mail.ts';
import { hashPassword } from '../services/passwords.ts';
import { createBankTransferProvider, type PaymentProvider } from '../services/payments.ts';
import { adminOrdersRoutes } from './admin-orders.routes.ts';
import { addressRoutes } from './address.routes.ts';
import type { AddressLookup } from '../services/address-lookup.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import { paymentsRoutes } from './payments.routes.ts';
import type { Sessions } from '../services/sessions.ts';

export interface CheckoutServices {
  database: Database;
  logger: Logger;
  now: () => Date;
  publicUrl: string;
  payments: PaymentProvider;
  billing: BillingSettings;
  mailer?: Mailer | undefined;
  currentUser?: CurrentUser | undefined;
  sessions?: Sessions | undefined;
}

type CheckoutAnswer = { paymentLink: string; invoiceNumber: string; orderId: string };
/** What a claimed key holds while the payment is still to be started (status 0). */
type PendingAnswer = { invoiceNumber: string; orderId: string; paymentId: string };

const thankYouUrl = (publicUrl: string, invoiceNumber: string, lang: string) =>
  `${publicUrl}/thank-you?invoice=${encodeURIComponent(invoiceNumber)}&lang=${lang}`;

/**
 * POST /api/checkout (API.md section 4). The body is checked with the page's own schema; the
 * prices are `computeQuote`'s, from the plan ids behind the billing-system product ids, never
 * from the request. One transaction writes the client (new accounts only), the order and its
 * lines, the invoice with the year's next number, the subscriptions, the payment and both mails;
 * the provider's payment is started after the commit (for Mollie an outside call, which must not
 * hold the invoice counter locked).
 */
export function checkoutRoutes(services: CheckoutServices) {
  const { database, logger, now, publicUrl, billing } = services;

  const startPayment = async (
    pending: PendingAnswer,
    key: { scope: string; key: string } | null,
  ) => {
    const [row] = await database.read((db) =>
      db
        .select({
          amount: payments.amount,
          method: payments.method,
          lang: invoices.lang,
          status: payments.status,
          checkoutUrl: payments.checkoutUrl,
        })
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .where(eq(payments.id, pending.paymentId))
        .limit(1),
    );
    if (!row) throw new Error('payment row missing');
    let answer: CheckoutAnswer;
    if (row.checkoutUrl) {
      answer = {
        paymentLink: row.checkoutUrl,
        invoiceNumber: pending.invoiceNumber,
        orderId: pending.orderId,
      };
    } else {
      let started;
      try {
        started = await services.payments.start({
          paymentId: pending.paymentId,
          invoiceNumber: pending.invoiceNumber,
          amount: row.amount,
          method: row.method,
          lang: row.lang,
          orderId: pending.orderId,
        });
      } catch (error) {
        logger.error(
          { err: (error as Error).message, invoice: pending.invoiceNumber },
          'payment could not be started',
        );
        throw new ApiError('SERVICE_UNAVAILABLE');
      }
      answer = {
        paymentLink: started.checkoutUrl,
        invoiceNumber: pending.invoiceNumber,
        orderId: pending.orderId,
      };
      await database.write(async (tx) => {
        await tx
          .update(payments)
          .set({
            providerPaymentId: started.providerPaymentId,
            checkoutUrl: started.checkoutUrl,
            status: started.status,
          })
          .where(eq(payments.id, pending.paymentId));
        if (key) await storeIdempotentResponse(tx, { ...key, statusCode: 201, response: answer });
      });
      return answer;
    }
    if (key)
      await database.write((tx) =>
        storeIdempotentResponse(tx, { ...key, statusCode: 201, response: answer }),
      );
    return answer;
  };

  return new Hono().post('/checkout', validateJson(checkoutRequestSchema), async (c) => {
    const body = c.req.valid('json');
    const lang = body.lang ?? requestLang(c);
    const at = now();

    // Billing-system product ids to plan ids; the consultation item is a flag, not a plan.
    const plans: string[] = [];
    const unknown: number[] = [];
    let consultation = body.planData.consultation;
    for (const productId of body.planData.products) {
      if (productId === CONSULTATION_PRODUCT_ID) consultation = true;
      else {
        const option = optionByProductId(productId);
        if (option) plans.push(option.id);
        else unknown.push(productId);
      }
    }
    if (unknown.length > 0)
      throw new ApiError('UNKNOWN_PLAN', {
        fields: { 'planData.products': 'quote.error.unknownPlan' },
      });
    const { domainType } = body.planData;
    const domain: QuoteDomain | undefined = domainType
      ? { name: body.planData.domain, type: domainType, consultation }
      : consultation
        ? { name: '', type: 'none', consultation }
        : undefined;
    const result = computeQuote({
      plans,
      interval: body.planData.billingCycle,
      offer: body.offer,
      domain,
      today: at,
      lang,
    });
    if (!result.ok) {
      const { error } = result;
      if (error.code === 'INVALID_DOMAIN') {
        const check = validateDomainName(body.planData.domain);
        throw new ApiError('INVALID_DOMAIN', {
          ...(check.ok
            ? {}
            : { message: domainMessage(check, lang), fields: { 'planData.domain': check.key } }),
        });
      }
      if (error.code === 'VALIDATION_FAILED')
        throw new ApiError('VALIDATION_FAILED', {
          fields: { 'planData.products': 'form.validation.required' },
        });
      throw new ApiError(error.code, {
        fields: {
          'planData.products':
            error.code === 'UNKNOWN_PLAN'
              ? 'quote.error.unknownPlan'
              : 'quote.error.conflictingPlans',
        },
      });
    }
    const quote = result.quote;

    const key = readIdempotencyKey(c.req.header('Idempotency-Key'));
    const scope = `checkout:${body.email}`;
    const hash = requestHash({ ...body, password: undefined, lang });
    if (key) {
      const prior = await database.read((db) => findIdempotentResponse(db, { scope, key, hash }));
      if (prior?.statusCode === 201) return c.json(prior.response as CheckoutAnswer, 201);
      if (prior)
        return c.json(await startPayment(prior.response as PendingAnswer, { scope, key }), 201);
    }

    // Whose order: an existing account only when signed in as it.
    const signedIn = (await services.currentUser?.(c)) ?? null;
    const [existing] = await database.read((db) =>
      db.select({ id: users.id }).from(users).where(eq(users.email, body.email)).limit(1),
    );
    if (existing && signedIn?.id !== existing.id) throw new ApiError('ALREADY_REGISTERED');
    if (!existing && !body.password)
      throw new ApiError('VALIDATION_FAILED', {
        fields: { password: 'checkout.validation.passwordRequired' },
      });

    const passwordHash = existing ? null : await hashPassword(body.password!);
    const postalcode = normalizePostalCode(body.country, body.postalcode);
    const fullName = `${body.firstname} ${body.lastname}`;
    const buyer: InvoiceParty = {
      name: fullName,
      ...(body.company ? { company: body.company } : {}),
      lines: [
        body.address1,
        `${postalcode} ${body.city}`,
        ...(body.state ? [body.state] : []),
        body.country === 'NL'
          ? lang === 'nl'
            ? 'Nederland'
            : 'The Netherlands'
          : lang === 'nl'
            ? 'België'
            : 'Belgium',
      ],
      email: body.email,
      ...(body.kvk ? { kvk: body.kvk } : {}),
      ...(body.vat ? { vat: body.vat } : {}),
    };
    const invoiceLines: InvoiceLine[] = quote.lines.map((line) => ({
      description: line.displayName,
      billing: line.billing,
      amount: line.billing === 'monthly' ? line.price * quote.monthsIncluded : line.price,
    }));
    const subtotal = quote.totals.dueToday - quote.totals.vat;
    const free = quote.totals.dueToday === 0;

    const outcome = await database.write(async (tx) => {
      if (key) {
        const claim = await claimIdempotencyKey(tx, { scope, key, hash });
        if (!claim.claimed)
          return claim.statusCode === 201
            ? { replay: claim.response as CheckoutAnswer }
            : { pending: claim.response as PendingAnswer, created: false, userId: null };
      }

      let userId = existing?.id;
      if (!userId) {
        const [created] = await tx
          .insert(users)
          .values({ email: body.email, passwordHash, name: fullName, role: 'client' })
          .onConflictDoNothing()
          .returning({ id: users.id });
        // Someone registered this address a moment ago.
        if (!created) throw new ApiError('ALREADY_REGISTERED');
        userId = created.id;
      }
      const profile = {
        firstname: body.firstname,
        lastname: body.lastname,
        company: body.company,
        address1: body.address1,
        postalcode,
        city: body.city,
        state: body.state,
        country: body.country,
        phone: body.phone,
        kvk: body.kvk,
        vat: body.vat,
        lang,
      };
      await tx
        .insert(customerProfiles)
        .values({ userId, ...profile })
        .onConflictDoUpdate({ target: customerProfiles.userId, set: profile });

      const domainName = quote.lines.find((l) => l.domainName)?.domainName ?? null;
      const [order] = await tx
        .insert(orders)
        .values({
          userId,
          status: free ? 'paid' : 'open',
          interval: quote.interval,
          lang,
          domainName,
          domainType: domainType ?? 'none',
          paymentMethod: body.paymentMethod,
          oneTime: quote.totals.oneTime,
          monthly: quote.totals.monthly,
          yearly: quote.totals.yearly,
          vatRate: quote.totals.vatRate,
          vat: quote.totals.vat,
          dueToday: quote.totals.dueToday,
          createdAt: at,
        })
        .returning({ id: orders.id });
      const orderId = order!.id;
      await tx.insert(orderLines).values(
        quote.lines.map((line, position) => ({
          orderId,
          position,
          planId: line.id,
          productId: line.productId,
          kind: line.kind,
          displayName: line.displayName,
          billing: line.billing,
          price: line.price,
          domainName: line.domainName ?? null,
        })),
      );

      const today = amsterdamDay(at);
      const year = invoiceYear(at);
      const { number, sequence } = await nextInvoiceNumber(tx, year);
      const [invoice] = await tx
        .insert(invoices)
        .values({
          number,
          year,
          sequence,
          orderId,
          userId,
          issuedAt: at,
          issueDate: today,
          dueDate: addDays(today, PAYMENT_TERM_DAYS),
          lang,
          seller: billing.seller,
          buyer,
          lines: invoiceLines,
          subtotal,
          vatRate: quote.totals.vatRate,
          vat: quote.totals.vat,
          total: quote.totals.dueToday,
          status: free ? 'paid' : 'open',
          paidAt: free ? at : null,
        })
        .returning();

      const recurring = quote.lines.filter(
        (l): l is typeof l & { billing: 'monthly' | 'yearly' } =>
          l.billing === 'monthly' || l.billing === 'yearly',
      );
      if (recurring.length > 0)
        await tx.insert(subscriptions).values(
          recurring.map((line) => ({
            userId: userId!,
            orderId,
            planId: line.id,
            productId: line.productId,
            displayName: line.displayName,
            billing: line.billing,
            price: line.price,
            domainName: line.domainName ?? null,
            status: free ? ('active' as const) : ('pending' as const),
            startDate: today,
            // Monthly: paid for a month (or the whole term on the yearly interval), 12-month term.
            nextPaymentDate:
              line.billing === 'monthly'
                ? quote.interval === 'yearly'
                  ? addMonths(today, TERM_MONTHS)
                  : addDays(today, MONTHLY_PAYMENT_DAYS)
                : addMonths(today, 12),
            termEnd: line.billing === 'monthly' ? addMonths(today, TERM_MONTHS) : null,
          })),
        );

      const [payment] = await tx
        .insert(payments)
        .values({
          invoiceId: invoice!.id,
          provider: services.payments.name,
          method: body.paymentMethod,
          amount: quote.totals.dueToday,
          status: free ? 'paid' : 'open',
          // Nothing to pay: the customer goes straight to the thank-you page.
          checkoutUrl: free ? thankYouUrl('', number, lang) : null,
        })
        .returning({ id: payments.id });

      const pending: PendingAnswer = { invoiceNumber: number, orderId, paymentId: payment!.id };
      if (key) await storeIdempotentResponse(tx, { scope, key, statusCode: 0, response: pending });

      if (services.mailer) {
        const pdf = renderInvoicePdf(invoiceDocument(invoice!, billing.bank));
        const mail = {
          lang,
          email: body.email,
          firstname: body.firstname,
          invoiceNumber: number,
          orderId,
          lines: invoiceLines,
          total: quote.totals.dueToday,
          dueDate: invoice!.dueDate,
          // The mail links to our own pay page: it works for every provider and never expires.
          paymentLink: `${publicUrl}/pay/${encodeURIComponent(number)}?lang=${lang}`,
          interval: quote.interval,
          nextPayments: quote.nextPayments,
          pdf,
        };
        await services.mailer.send(orderConfirmationMail(mail), tx);
        if (services.mailer.staffAddress)
          await services.mailer.send(
            staffOrderNotification({
              ...mail,
              staffAddress: services.mailer.staffAddress,
              customer: [
                ...(body.company ? [body.company] : []),
                fullName,
                ...buyer.lines,
                ...(body.phone ? [body.phone] : []),
              ],
            }),
            tx,
          );
      }
      return { pending, created: !existing, userId };
    });

    if ('replay' in outcome) return c.json(outcome.replay, 201);
    // A new client is signed in to the account just made, so the pay and thank-you pages can
    // show their invoice.
    // (Not when someone is already signed in, e.g. staff ordering for a client: their session stays.)
    if (outcome.created && outcome.userId && !signedIn && services.sessions)
      await services.sessions.start(c, outcome.userId);
    logger.info(
      { invoice: outcome.pending.invoiceNumber, orderId: outcome.pending.orderId },
      'order placed',
    );
    const answer = await startPayment(outcome.pending, key ? { scope, key } : null);
    return c.json(answer, 201);
  });
}

/** The default seller block when COMPANY_* are not configured. */
export const DEFAULT_BILLING: BillingSettings = {
  seller: { name: 'Webstudio', lines: [] },
  bank: {},
};

/**
 * Everything of issue 5 behind one mount: checkout, invoices, the payment webhook and the staff
 * order endpoints, sharing the payment provider (bank transfer unless one is passed) and the
 * billing settings.
 */
export function orderRoutes(
  services: Omit<CheckoutServices, 'payments' | 'billing'> & {
    payments?: PaymentProvider | undefined;
    billing?: BillingSettings | undefined;
    addressLookup?: AddressLookup | undefined;
  },
) {
  const shared = {
    ...services,
    payments: services.payments ?? createBankTransferProvider({ publicUrl: services.publicUrl }),
    billing: services.billing ?? DEFAULT_BILLING,
  };
  return new Hono()
    .route('/', checkoutRoutes(shared))
    .route('/', invoicesRoutes(shared))
    .route('/', paymentsRoutes(shared))
    .route('/', adminOrdersRoutes(shared))
    .route('/', addressRoutes(shared));
}
