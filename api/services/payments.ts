import type { Lang } from '#domain/language.ts';
import type { PaymentStatus } from '../db/schema.ts';
import type { MollieClient } from './mollie.ts';

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
}

export interface StartedPayment {
  providerPaymentId: string | null;
  checkoutUrl: string;
  status: PaymentStatus;
}

export interface PaymentProvider {
  readonly name: 'banktransfer' | 'mollie';
  start(input: StartPayment): Promise<StartedPayment>;
  /** The provider's own word on a payment (Mollie only); never trust a webhook's body. */
  fetchStatus?(
    providerPaymentId: string,
  ): Promise<{ status: PaymentStatus; invoiceNumber: string | null }>;
}

export function payPageUrl(publicUrl: string, invoiceNumber: string, lang: Lang): string {
  return `${publicUrl}/pay/${encodeURIComponent(invoiceNumber)}?lang=${lang}`;
}

/**
 * Bank transfer: the payment link is our own pay page, as a path on this site (the browser that
 * placed the order is on this origin, whatever host name PUBLIC_URL uses).
 */
export function createBankTransferProvider(_options: { publicUrl: string }): PaymentProvider {
  return {
    name: 'banktransfer',
    async start(input) {
      return {
        providerPaymentId: null,
        checkoutUrl: payPageUrl('', input.invoiceNumber, input.lang),
        status: 'open',
      };
    },
  };
}

const DESCRIPTION: Record<Lang, string> = { en: 'Invoice', nl: 'Factuur' };

export function createMollieProvider(options: {
  client: MollieClient;
  publicUrl: string;
}): PaymentProvider {
  const { client, publicUrl } = options;
  // Mollie refuses webhook URLs it cannot reach; on localhost the status is checked on return.
  const reachable = !/^https?:\/\/(localhost|127\.|\[::1\])/.test(publicUrl);
  return {
    name: 'mollie',
    async start(input) {
      const payment = await client.createPayment({
        amount: input.amount,
        description: `${DESCRIPTION[input.lang]} ${input.invoiceNumber}`,
        redirectUrl: `${publicUrl}/thank-you?invoice=${encodeURIComponent(input.invoiceNumber)}&lang=${input.lang}`,
        webhookUrl: reachable ? `${publicUrl}/api/payments/webhook` : undefined,
        method: input.method === 'banktransfer' ? 'banktransfer' : input.method,
        locale: input.lang === 'nl' ? 'nl_NL' : 'en_GB',
        metadata: { invoiceNumber: input.invoiceNumber, orderId: input.orderId },
        idempotencyKey: input.paymentId,
      });
      const checkoutUrl = payment._links.checkout?.href;
      if (!checkoutUrl) throw new Error('Mollie gave no checkout link');
      return { providerPaymentId: payment.id, checkoutUrl, status: payment.status };
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
