import type { Lang } from '#domain/language.ts';
import { payPageLink, thankYouLink } from '#domain/links.ts';
import type { PaymentStatus } from '../db/schema.ts';
import type { Database } from '../db/database.ts';
import { t } from '../i18n.ts';
import {
  createMollieClient,
  MollieError,
  type MollieClient,
  type MollieRefundStatus,
} from './mollie.ts';
import {
  createMollieCustomers,
  type MollieCustomerOwner,
  type MollieCustomers,
} from './mollie-customers.ts';

/**
 * How an invoice gets paid. Two providers: the built-in bank transfer (the payment link is our
 * own `/pay/{invoice}` page with the bank details; staff mark it paid) and Mollie (the link is
 * Mollie's checkout; its webhook tells us to look the payment up).
 */
export interface StartPayment {
  /** Our payment row id: Mollie's Idempotency-Key, so a retry never makes a second payment. */
  paymentId: string;
  invoiceNumber: string;
  amount: number;
  method: string;
  lang: Lang;
  orderId: string;
  /**
   * Set for the first payment of an order that starts subscriptions: with Mollie it is made for
   * the account's Mollie customer with `sequenceType: "first"`, so paying it creates the mandate
   * later renewals are charged against.
   */
  customer?: MollieCustomerOwner | undefined;
}

/** A renewal invoice charged against the customer's mandate (Mollie only). */
export interface ChargeRecurring {
  paymentId: string;
  invoiceNumber: string;
  amount: number;
  lang: Lang;
  userId: string;
}

export interface StartedPayment {
  providerPaymentId: string | null;
  checkoutUrl: string;
  status: PaymentStatus;
}

export interface PaymentProvider {
  readonly name: 'banktransfer' | 'mollie';
  /**
   * true when `start` asks no one (bank transfer): the checkout then starts the payment inside
   * the order's transaction and needs no write after it.
   */
  readonly local?: boolean;
  start(input: StartPayment): Promise<StartedPayment>;
  /** The provider's own word on a payment (Mollie only); never trust a webhook's body. */
  fetchStatus?(
    providerPaymentId: string,
  ): Promise<{ status: PaymentStatus; invoiceNumber: string | null }>;
  /**
   * Mollie only: a `recurring` payment against the customer's valid mandate. Resolves null when
   * there is no customer or no valid mandate, or Mollie refuses the charge (4xx), so the caller
   * mails the invoice with a payment link instead; throws when Mollie cannot be reached (try
   * again later with the same payment id: it is the Idempotency-Key).
   */
  chargeRecurring?(input: ChargeRecurring): Promise<StartedPayment | null>;
  /**
   * Mollie only (issue 42): refunds `amount` of a paid payment; the refund's id is the
   * Idempotency-Key, so a retry never refunds twice. Throws MollieError when Mollie refuses or
   * cannot be reached.
   */
  refund?(input: RefundPayment): Promise<{ providerRefundId: string; status: MollieRefundStatus }>;
  /** Mollie only: the statuses of a payment's refunds, by Mollie's refund id. */
  refundStatuses?(providerPaymentId: string): Promise<Map<string, MollieRefundStatus>>;
}

/** A refund of (part of) a paid payment (issue 42). */
export interface RefundPayment {
  /** Our refund row id: the Idempotency-Key. */
  refundId: string;
  providerPaymentId: string;
  amount: number;
  creditNoteNumber: string;
  lang: Lang;
}

/** The pay page of an invoice (domain/links.ts builds it); `publicUrl` '' gives a path. */
export function payPageUrl(publicUrl: string, invoiceNumber: string, lang: Lang): string {
  return payPageLink({ invoiceNumber, lang, origin: publicUrl || undefined });
}

/** The thank-you page of an order (domain/links.ts builds it); `publicUrl` '' gives a path. */
export function thankYouUrl(publicUrl: string, invoiceNumber: string, lang: Lang): string {
  return thankYouLink({ invoiceNumber, lang, origin: publicUrl || undefined });
}

/**
 * Bank transfer: the payment link is our own pay page, as a path on this site (the browser that
 * placed the order is on this origin, whatever host name PUBLIC_URL uses).
 */
export function createBankTransferProvider(_options: { publicUrl: string }): PaymentProvider {
  return {
    name: 'banktransfer',
    local: true,
    async start(input) {
      return {
        providerPaymentId: null,
        checkoutUrl: payPageUrl('', input.invoiceNumber, input.lang),
        status: 'open',
      };
    },
  };
}

/**
 * Methods Mollie accepts for a `first` payment (one that creates a mandate). Bank transfer,
 * Klarna, Billie and in3 do not; an order paid with those gets no mandate, and its renewals are
 * mailed with a payment link (decision P6). No method (the customer picks at Mollie) is allowed:
 * Mollie then offers only methods that can make a mandate.
 */
export const FIRST_PAYMENT_METHODS: ReadonlySet<string> = new Set([
  '',
  'ideal',
  'creditcard',
  'bancontact',
  'applepay',
  'paypal',
  'directdebit',
  'belfius',
  'kbc',
  'eps',
  'trustly',
]);

export function createMollieProvider(options: {
  client: MollieClient;
  publicUrl: string;
  /** Mollie customers and mandates per account; without it every payment is `oneoff`. */
  customers?: MollieCustomers | undefined;
}): PaymentProvider {
  const { client, publicUrl, customers } = options;
  // Mollie refuses webhook URLs it cannot reach; on localhost the status is checked on return.
  const reachable = !/^https?:\/\/(localhost|127\.|\[::1\])/.test(publicUrl);
  return {
    name: 'mollie',
    async start(input) {
      const customerId =
        input.customer && customers && FIRST_PAYMENT_METHODS.has(input.method)
          ? await customers.ensure(input.customer)
          : undefined;
      const payment = await client.createPayment({
        ...(customerId ? { customerId, sequenceType: 'first' as const } : {}),
        amount: input.amount,
        description: t(input.lang, 'invoice.payment.description', { number: input.invoiceNumber }),
        redirectUrl: thankYouUrl(publicUrl, input.invoiceNumber, input.lang),
        webhookUrl: reachable ? `${publicUrl}/api/payments/webhook` : undefined,
        method: input.method || undefined,
        locale: input.lang === 'nl' ? 'nl_NL' : 'en_GB',
        metadata: { invoiceNumber: input.invoiceNumber, orderId: input.orderId },
        idempotencyKey: input.paymentId,
      });
      const checkoutUrl = payment._links.checkout?.href;
      if (!checkoutUrl) throw new Error('Mollie gave no checkout link');
      return { providerPaymentId: payment.id, checkoutUrl, status: payment.status };
    },
    async chargeRecurring(input) {
      const customerId = customers ? await customers.find(input.userId) : null;
      if (!customers || !customerId) return null;
      const mandate = await customers.validMandate(customerId);
      if (!mandate) return null;
      try {
        const payment = await client.createPayment({
          amount: input.amount,
          description: t(input.lang, 'invoice.payment.description', {
            number: input.invoiceNumber,
          }),
          customerId,
          sequenceType: 'recurring',
          mandateId: mandate.id,
          webhookUrl: reachable ? `${publicUrl}/api/payments/webhook` : undefined,
          locale: input.lang === 'nl' ? 'nl_NL' : 'en_GB',
          metadata: { invoiceNumber: input.invoiceNumber },
          idempotencyKey: input.paymentId,
        });
        return {
          providerPaymentId: payment.id,
          checkoutUrl: payment._links.checkout?.href ?? '',
          status: payment.status,
        };
      } catch (error) {
        // Refused (e.g. the mandate was revoked a moment ago): fall back to a payment link.
        if (error instanceof MollieError && error.status !== null && error.status < 500)
          return null;
        throw error;
      }
    },
    async refund(input) {
      const refund = await client.createRefund(input.providerPaymentId, {
        amount: input.amount,
        description: t(input.lang, 'refund.description', { number: input.creditNoteNumber }),
        metadata: { creditNoteNumber: input.creditNoteNumber, refundId: input.refundId },
        idempotencyKey: input.refundId,
      });
      return { providerRefundId: refund.id, status: refund.status };
    },
    async refundStatuses(providerPaymentId) {
      const list = await client.listRefunds(providerPaymentId);
      return new Map(list.map((refund) => [refund.id, refund.status]));
    },
    async fetchStatus(id) {
      const payment = await client.getPayment(id);
      const metadata = payment.metadata as { invoiceNumber?: unknown } | null | undefined;
      return {
        status: payment.status,
        invoiceNumber: typeof metadata?.invoiceNumber === 'string' ? metadata.invoiceNumber : null,
      };
    },
  };
}

/**
 * The configured provider (API.md section 2): Mollie with MOLLIE_API_KEY (customers and mandates
 * kept in the database, for recurring payments), else the built-in bank transfer. Used by the
 * server and by the billing command, so both charge the same way.
 */
export function createPaymentProvider(
  config: { MOLLIE_API_KEY?: string | undefined; MOLLIE_API_URL: string; PUBLIC_URL: string },
  database: Database,
): PaymentProvider {
  if (!config.MOLLIE_API_KEY) return createBankTransferProvider({ publicUrl: config.PUBLIC_URL });
  const client = createMollieClient({
    apiKey: config.MOLLIE_API_KEY,
    baseUrl: config.MOLLIE_API_URL,
  });
  return createMollieProvider({
    client,
    publicUrl: config.PUBLIC_URL,
    customers: createMollieCustomers({ database, client }),
  });
}
