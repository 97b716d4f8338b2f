/**
 * The checkout service's shared shapes (API.md section 4): what the router hands the steps in
 * checkout.ts and what they answer. Types only, so every checkout file can name them.
 */
import type { Database } from '../db/database.ts';
import type { idempotency } from '../http/idempotency.ts';
import type { BillingSettings } from '../invoices/invoice-pdf.ts';
import type { InvoicePdfs } from '../invoices/invoice-pdfs.ts';
import type { PaymentProvider } from '../invoices/payments.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mail.ts';

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

/** The request's Idempotency-Key handle (api/http/idempotency.ts). */
export type Once = ReturnType<typeof idempotency>;

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
