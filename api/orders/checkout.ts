/**
 * The checkout (API.md section 4, `POST /api/checkout`) as a service, in three steps the router
 * calls in order:
 *
 * 1. `quoteCheckout(body, lang, at)`: the quote from the catalogue (product ids to plan ids, the
 *    domain read by the rule book's one mapping `quoteDomainOfPlanData`), never from the request's
 *    amounts; a refusal is the envelope of `quoteApiError`.
 * 2. `placeOrder(services, input)`: ONE transaction writes the client (new accounts only) and
 *    their session, the profile, the order and its lines, the subscriptions (dates read from the
 *    quote, R7), then as the last step the invoice with the year's next number, its payment row,
 *    the idempotent answer and the mails (whose PDF attachment is read at delivery). The password
 *    is hashed before the transaction (in the hash processes of hash-pool.ts, never on the event
 *    loop) and the PDF drawn after it by the background job (invoice-pdfs.ts), so the counter row
 *    is locked only for a few inserts. A payment that asks no one (bank transfer, or nothing to
 *    pay) is started inside the transaction, so its answer is final at the commit.
 * 3. `startPayment(services, pending, once)`: after the commit, starts the provider's payment
 *    (for Mollie an outside call) and stores the final answer for the Idempotency-Key.
 *
 * So a new customer's bank-transfer order is one write transaction (decision M8).
 */
import { recordOrderDomain } from '../registrar/domain-steps.ts';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { optionByProductId, CONSULTATION_PRODUCT_ID } from '#domain/catalogue.ts';
import { withdrawLink } from '#domain/links.ts';
import { isConsumerOrder } from '#domain/withdrawal.ts';
import { normalizePostalCode, type CheckoutRequest } from '#domain/checkout.schema.ts';
import { quoteDomainOfPlanData } from '#domain/domain-step.ts';
import { amsterdamDay } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import { invoiceYear } from '#domain/invoice.ts';
import { computeQuote, quoteLineName, type Quote, type QuoteVat } from '#domain/totals.ts';
import { cachedQuery, slot, slots } from '../db/cached-query.ts';
import type { Database, Tx } from '../db/database.ts';
import {
  customerProfiles,
  idempotencyKeys,
  invoices,
  orderLines,
  orders,
  payments,
  subscriptions,
  users,
  type InvoiceLine,
  type InvoiceParty,
} from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { quoteApiError } from '../http/quote-errors.ts';
import { countryName } from '../i18n.ts';
import type { Logger } from '../logger.ts';
import { requestHash, type idempotency } from '../http/idempotency.ts';
import { vatSettingsOf, type BillingSettings } from '../invoices/invoice-pdf.ts';
import { NO_VAT_RECORD, type CheckedVat } from '../vat/vat-service.ts';
import { vatYearFor } from '../vat/vat-year.ts';
import type { InvoicePdfs } from '../invoices/invoice-pdfs.ts';
import { issueInvoice } from '../invoices/invoices.ts';
import type { InvoiceRow } from '../invoices/invoices.ts';
import { sendEmailVerification } from '../accounts/email-verification.ts';
import type { Mailer } from '../mail/mail.ts';
import { queueOrderMails } from './order-mail.ts';
import { hashPassword } from '../accounts/passwords.ts';
import {
  payPageUrl,
  thankYouUrl,
  type PaymentProvider,
  type StartedPayment,
} from '../invoices/payments.ts';

export interface CheckoutServices {
  database: Database;
  logger: Logger;
  now: () => Date;
  publicUrl: string;
  payments: PaymentProvider;
  billing: BillingSettings;
  /** Draws and stores each new invoice's PDF in the background. */
  invoicePdfs: InvoicePdfs;
  mailer?: Mailer | undefined;
}

/** The answer of `POST /api/checkout`. */
export type CheckoutAnswer = { paymentLink: string; invoiceNumber: string; orderId: string };
/** What a claimed key holds while the payment is still to be started (status 0). */
export type PendingOrder = { invoiceNumber: string; orderId: string; paymentId: string };

type Once = ReturnType<typeof idempotency>;

/** Step 1: the server's own quote of the request (never the client's amounts). */
export function quoteCheckout(
  body: CheckoutRequest,
  lang: Lang,
  at: Date,
  vat?: QuoteVat | undefined,
): Quote {
  const plans: string[] = [];
  for (const productId of body.planData.products) {
    if (productId === CONSULTATION_PRODUCT_ID) continue; // a flag, not a plan (SPEC 3)
    const option = optionByProductId(productId);
    if (!option)
      throw new ApiError('UNKNOWN_PLAN', {
        fields: { 'planData.products': 'quote.error.unknownPlan' },
      });
    plans.push(option.id);
  }
  const result = computeQuote({
    plans,
    interval: body.planData.billingCycle,
    offer: body.offer,
    domain: quoteDomainOfPlanData(body.planData, body.planData.products),
    today: at,
    lang,
    vat,
  });
  if (!result.ok)
    throw quoteApiError(result.error, {
      lang,
      domainName: body.planData.domain,
      fields: { plans: 'planData.products', domain: 'planData.domain' },
    });
  return result.quote;
}

function buyerOf(body: CheckoutRequest, lang: Lang): InvoiceParty {
  const country = countryName(body.country, lang);
  return {
    name: `${body.firstname} ${body.lastname}`,
    ...(body.company ? { company: body.company } : {}),
    lines: [
      body.address1,
      `${normalizePostalCode(body.country, body.postalcode)} ${body.city}`,
      ...(body.state ? [body.state] : []),
      country,
    ],
    email: body.email,
    ...(body.kvk ? { kvk: body.kvk } : {}),
    ...(body.vat ? { vat: body.vat } : {}),
  };
}

/**
 * The invoice lines of a quote: a monthly line bills the months paid today, and says how many when
 * that is more than one (yearly billing), so the invoice never reads "per month" beside a year.
 * Named as the quote names them, or in `lang`.
 */
export function invoiceLinesOf(quote: Quote, lang?: Lang): InvoiceLine[] {
  return quote.lines.map((line) => {
    const months = line.billing === 'monthly' ? quote.monthsIncluded : 1;
    return {
      description: lang ? quoteLineName(line, lang) : line.displayName,
      billing: line.billing,
      amount: line.price * months,
      ...(months > 1 ? { months } : {}),
      vatCategory: quote.vatDecision.category,
      vatRate: quote.vatDecision.rate,
    };
  });
}

// The order's statements, their SQL built once (decision M15, api/db/cached-query.ts).
const userByEmail = cachedQuery<{ email: string }, Array<{ id: string }>>((db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, slot(0, 'email')))
    .limit(1),
);
const USER_KEYS = ['email', 'passwordHash', 'name'] as const;
const insertUser = cachedQuery<Record<(typeof USER_KEYS)[number], unknown>, Array<{ id: string }>>(
  (tx) =>
    tx
      .insert(users)
      .values({ ...slots(USER_KEYS), role: 'client' })
      .onConflictDoNothing()
      .returning({ id: users.id }),
);

const OPTIONAL_PROFILE_KEYS = ['company', 'state', 'phone', 'kvk', 'vat'] as const;
type ProfileRow = Record<string, unknown> & { userId: string };
const upsertProfile = cachedQuery<ProfileRow>(
  (tx, [profile]) => {
    const { userId: _user, ...set } = slots(Object.keys(profile!));
    return tx
      .insert(customerProfiles)
      .values({ ...slots(Object.keys(profile!)), updatedAt: sql`default` } as never)
      .onConflictDoUpdate({ target: customerProfiles.userId, set: set as never });
  },
  ([profile]) => OPTIONAL_PROFILE_KEYS.filter((key) => key in profile!).join(),
);

const ORDER_KEYS = [
  'userId',
  'status',
  'interval',
  'lang',
  'domainName',
  'domainType',
  'paymentMethod',
  'oneTime',
  'monthly',
  'yearly',
  'vatRate',
  'vat',
  'dueToday',
  'smartLeadFormAnswers',
  'vatNumber',
  'viesStatus',
  'viesCheckedAt',
  'viesRequestId',
  'viesName',

  'startNow',
  'createdAt',
] as const;
const insertOrder = cachedQuery<
  Record<(typeof ORDER_KEYS)[number], unknown>,
  Array<{ id: string }>
>((tx) => tx.insert(orders).values(slots(ORDER_KEYS)).returning({ id: orders.id }));

const ORDER_LINE_KEYS = [
  'orderId',
  'position',
  'planId',
  'productId',
  'kind',
  'displayName',
  'billing',
  'price',
  'domainName',
] as const;
const insertOrderLines = cachedQuery<Record<(typeof ORDER_LINE_KEYS)[number], unknown>>(
  (tx, rows) => tx.insert(orderLines).values(rows.map((_, i) => slots(ORDER_LINE_KEYS, i))),
);

const SUBSCRIPTION_KEYS = [
  'userId',
  'orderId',
  'planId',
  'productId',
  'displayName',
  'billing',
  'price',
  'domainName',
  'status',
  'startDate',
  'nextPaymentDate',
  'termEnd',
] as const;
const insertSubscriptions = cachedQuery<Record<(typeof SUBSCRIPTION_KEYS)[number], unknown>>(
  (tx, rows) => tx.insert(subscriptions).values(rows.map((_, i) => slots(SUBSCRIPTION_KEYS, i))),
);

const PAYMENT_KEYS = [
  'id',
  'invoiceId',
  'provider',
  'method',
  'amount',
  'status',
  'providerPaymentId',
  'checkoutUrl',
] as const;
const insertPayment = cachedQuery<Record<(typeof PAYMENT_KEYS)[number], unknown>>((tx) =>
  tx.insert(payments).values(slots(PAYMENT_KEYS)),
);

export type PlaceOrderResult =
  /** An earlier request with this Idempotency-Key finished: its answer. */
  | { kind: 'replay'; answer: CheckoutAnswer }
  /**
   * The order is committed (by this request when `isNew`, else by an earlier one with this key).
   * `answer` is final when the payment needed no outside call; otherwise `startPayment` follows.
   * `sessionToken`: the session made for the new account, for `sessions.setCookie`.
   */
  | {
      kind: 'placed';
      pending: PendingOrder;
      answer: CheckoutAnswer | null;
      isNew: boolean;
      sessionToken: string | null;
    };

/**
 * The order's payment method: the one asked for, else the provider's own choice (M26). Without
 * Mollie that is bank transfer to the studio; with Mollie none (`''`): the customer picks one on
 * Mollie's page (iDEAL, card, ...), and an order with subscriptions can make a mandate (P6).
 */
export function paymentMethodOf(
  body: Pick<CheckoutRequest, 'paymentMethod'>,
  payments: Pick<PaymentProvider, 'local'>,
): string {
  return body.paymentMethod ?? (payments.local ? 'banktransfer' : '');
}

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
  const vatCustomer = input.vat?.customer ?? { country: body.country };
  const method = paymentMethodOf(body, services.payments);

  const [existing] = await database.read((db) => userByEmail(db, [{ email: body.email }]));
  if (existing && input.signedInUserId !== existing.id) throw new ApiError('ALREADY_REGISTERED');
  if (!existing && !body.password)
    throw new ApiError('VALIDATION_FAILED', {
      fields: { password: 'checkout.validation.passwordRequired' },
    });
  // The same order again without an Idempotency-Key, from the account whose payment could not be
  // started (the provider failed after the commit): finish that order, never a second one.
  const fingerprint = once.hasKey ? null : requestHash({ ...body, password: undefined, lang });
  if (existing && fingerprint) {
    // Only while its invoice is open (paid some other way meanwhile: this is a new order).
    const [unfinished] = await database.read((db) =>
      db
        .select({ response: idempotencyKeys.response })
        .from(idempotencyKeys)
        .innerJoin(
          invoices,
          and(
            eq(invoices.number, sql`${idempotencyKeys.response}->>'invoiceNumber'`),
            eq(invoices.status, 'open'),
          ),
        )
        .where(
          and(
            eq(idempotencyKeys.scope, unfinishedScope(existing.id)),
            eq(idempotencyKeys.key, fingerprint),
          ),
        )
        .limit(1),
    );
    if (unfinished)
      return {
        kind: 'placed',
        pending: unfinished.response as PendingOrder,
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

    let userId = existing?.id;
    if (!userId) {
      const [created] = await insertUser(tx, [
        { email: body.email, passwordHash, name: buyer.name },
      ]);
      // Someone registered this address a moment ago.
      if (!created) throw new ApiError('ALREADY_REGISTERED');
      userId = created.id;
      // Anyone can type any address: the link mailed to it proves it (API.md section 13).
      await sendEmailVerification(tx, services.mailer, {
        userId,
        email: body.email,
        name: buyer.name,
        lang,
        publicUrl: services.publicUrl,
        at,
      });
    }
    // A new client is signed in to the account just made (with it, in this transaction).
    const sessionToken =
      !existing && input.createSession ? await input.createSession(tx, userId) : null;
    const profile: ProfileRow = {
      userId,
      firstname: body.firstname,
      lastname: body.lastname,
      address1: body.address1,
      postalcode: normalizePostalCode(body.country, body.postalcode),
      city: body.city,
      country: body.country,
      lang,
      updatedAt: new Date(),
    };
    // An optional field left out keeps its default (new) or its stored value (an update).
    for (const key of OPTIONAL_PROFILE_KEYS) if (body[key] !== undefined) profile[key] = body[key];
    await upsertProfile(tx, [profile]);

    // The VAT rule decides on the year's turnover under the VAT lock (api/vat/vat-year.ts), so
    // the order that passes the KOR threshold carries 21% whatever the quote said a moment ago.
    const settings = vatSettingsOf(billing);
    const year = await vatYearFor(tx, settings, vatCustomer, invoiceYear(at));
    const quote = quoteCheckout(body, lang, at, { settings, customer: vatCustomer, year });
    const lines = invoiceLinesOf(quote);

    const [order] = await insertOrder(tx, [
      {
        userId,
        status: free ? 'paid' : 'open',
        interval: quote.interval,
        lang,
        domainName: quote.lines.find((l) => l.domainName)?.domainName ?? null,
        domainType: body.planData.domainType ?? 'none',
        paymentMethod: method,
        oneTime: quote.totals.oneTime,
        monthly: quote.totals.monthly,
        yearly: quote.totals.yearly,
        vatRate: quote.totals.vatRate,
        vat: quote.totals.vat,
        dueToday: quote.totals.dueToday,
        smartLeadFormAnswers: body.smartLeadFormAnswers ?? null,
        ...(input.vat?.record ?? NO_VAT_RECORD),

        // Issue 42: a consumer's request to start within the withdrawal period.
        startNow: body.startNow && isConsumerOrder(body),
        createdAt: at,
      },
    ]);
    const orderId = order!.id;
    await recordOrderDomain(tx, {
      orderId,
      userId,
      domainName: quote.lines.find((l) => l.domainName)?.domainName ?? null,
      domainType: body.planData.domainType ?? 'none',
      authCode: body.authCode,
      paid: free,
      at,
    });
    await insertOrderLines(
      tx,
      quote.lines.map((line, position) => ({
        orderId,
        position,
        planId: line.id,
        productId: line.productId ?? null,
        kind: line.kind,
        displayName: line.displayName,
        billing: line.billing,
        price: line.price,
        domainName: line.domainName ?? null,
      })),
    );

    // Dates from the quote (R7), the same the order page and the checkout showed.
    const recurring = quote.lines.filter(
      (l): l is typeof l & { billing: 'monthly' | 'yearly' } =>
        l.billing === 'monthly' || l.billing === 'yearly',
    );
    if (recurring.length > 0)
      await insertSubscriptions(
        tx,
        recurring.map((line) => ({
          userId: userId!,
          orderId,
          planId: line.id,
          productId: line.productId ?? null,
          displayName: line.displayName,
          billing: line.billing,
          price: line.price,
          domainName: line.domainName ?? null,
          status: free ? ('active' as const) : ('pending' as const),
          startDate: amsterdamDay(at),
          nextPaymentDate: quote.renewals[line.billing],
          termEnd: line.billing === 'monthly' ? quote.renewals.monthlyTermEnd : null,
        })),
      );

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
    const paymentId = randomUUID();
    // Nothing to pay: the customer goes straight to the thank-you page. A provider that asks no
    // one (bank transfer) is started here; any other after the commit (startPayment).
    const started: StartedPayment | null = free
      ? {
          providerPaymentId: null,
          checkoutUrl: thankYouUrl('', invoice.number, lang),
          status: 'paid',
        }
      : services.payments.local
        ? await services.payments.start({
            paymentId,
            invoiceNumber: invoice.number,
            amount: quote.totals.dueToday,
            method,
            lang,
            orderId,
          })
        : null;
    await insertPayment(tx, [
      {
        id: paymentId,
        invoiceId: invoice.id,
        provider: services.payments.name,
        method,
        amount: quote.totals.dueToday,
        status: started?.status ?? 'open',
        providerPaymentId: started?.providerPaymentId ?? null,
        checkoutUrl: started?.checkoutUrl ?? null,
      },
    ]);
    const pending: PendingOrder = { invoiceNumber: invoice.number, orderId, paymentId };
    const answer: CheckoutAnswer | null = started
      ? { paymentLink: started.checkoutUrl, invoiceNumber: invoice.number, orderId }
      : null;
    await (answer ? once.remember(tx, 201, answer) : once.remember(tx, 0, pending));
    // Without a key, the order is found again by its request until its payment has started
    // (startPayment deletes this row), so a plain retry after a provider failure finishes it.
    if (!answer && fingerprint)
      await tx.insert(idempotencyKeys).values({
        scope: unfinishedScope(userId),
        key: fingerprint,
        requestHash: fingerprint,
        statusCode: 0,
        response: pending,
      });
    if (services.mailer) {
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
    return { kind: 'placed', pending, answer, isNew: true, sessionToken, invoice };
  });

  if (!('invoice' in result)) return result;
  // Drawn once, after the commit and in the background; the mails read these bytes at delivery.
  const { invoice, ...placed } = result;
  services.invoicePdfs.add(invoice);
  return placed;
}

/**
 * Where an order placed without an Idempotency-Key waits while its payment is not started: per
 * account, keyed by the request's hash (password left out). Decision D38B-3.
 */
function unfinishedScope(userId: string): string {
  return `checkout-unfinished:${userId}`;
}

/** The payment has started: the unfinished order of this payment is finished. */
async function forgetUnfinished(tx: Tx, userId: string, paymentId: string): Promise<void> {
  await tx
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, unfinishedScope(userId)),
        sql`${idempotencyKeys.response}->>'paymentId' = ${paymentId}`,
      ),
    );
}

/** What the order's transaction gives back: a new order also carries its invoice row. */
type Written =
  PlaceOrderResult | (Extract<PlaceOrderResult, { kind: 'placed' }> & { invoice: InvoiceRow });

/**
 * Step 3, after the commit: starts the provider's payment once (a retry finds the stored link)
 * and stores the final answer for the Idempotency-Key.
 */
export async function startPayment(
  services: CheckoutServices,
  pending: PendingOrder,
  once: Once,
): Promise<CheckoutAnswer> {
  const { database, logger } = services;
  const [row] = await database.read((db) =>
    db
      .select({
        amount: payments.amount,
        method: payments.method,
        lang: invoices.lang,
        checkoutUrl: payments.checkoutUrl,
        userId: invoices.userId,
        email: users.email,
        name: users.name,
        // An order that starts paid subscriptions: with Mollie its first payment makes the
        // mandate renewals are charged against (issue 16, decision P6).
        recurring: sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.orderId} = ${invoices.orderId} and ${subscriptions.price} > 0)`,
      })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(eq(payments.id, pending.paymentId))
      .limit(1),
  );
  if (!row) throw new Error('payment row missing');
  const answerWith = (paymentLink: string): CheckoutAnswer => ({
    paymentLink,
    invoiceNumber: pending.invoiceNumber,
    orderId: pending.orderId,
  });
  if (row.checkoutUrl) {
    const answer = answerWith(row.checkoutUrl);
    await database.write(async (tx) => {
      await once.remember(tx, 201, answer);
      await forgetUnfinished(tx, row.userId, pending.paymentId);
    });
    return answer;
  }
  let started;
  try {
    started = await services.payments.start({
      paymentId: pending.paymentId,
      invoiceNumber: pending.invoiceNumber,
      amount: row.amount,
      method: row.method,
      lang: row.lang,
      orderId: pending.orderId,
      ...(row.recurring
        ? { customer: { userId: row.userId, email: row.email, name: row.name ?? row.email } }
        : {}),
    });
  } catch (error) {
    logger.error(
      { err: (error as Error).message, invoice: pending.invoiceNumber },
      'payment could not be started',
    );
    throw new ApiError('SERVICE_UNAVAILABLE');
  }
  const answer = answerWith(started.checkoutUrl);
  await database.write(async (tx) => {
    await tx
      .update(payments)
      .set({
        providerPaymentId: started.providerPaymentId,
        checkoutUrl: started.checkoutUrl,
        status: started.status,
      })
      .where(eq(payments.id, pending.paymentId));
    await once.remember(tx, 201, answer);
    await forgetUnfinished(tx, row.userId, pending.paymentId);
  });
  return answer;
}
