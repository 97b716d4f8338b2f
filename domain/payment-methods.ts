// The payment methods a page shows (API.md "Honest selling"): exactly the ones the checkout offers
// now. Without Mollie the checkout takes bank transfer only; with Mollie the customer picks on
// Mollie's page, which for an order with subscriptions offers the methods that can start a mandate
// (api/invoices/payments.ts FIRST_PAYMENT_METHODS), of which the checkout knows these (D39A-5).

import * as v from 'valibot';
import { PAYMENT_METHODS, type PaymentMethod } from './checkout.schema.ts';

/** Every method a page may show: the ones the pay button may ask for. */
export const SHOWN_PAYMENT_METHODS = PAYMENT_METHODS;
export type ShownPaymentMethod = PaymentMethod;

export type PaymentProviderName = 'banktransfer' | 'mollie';

/** What the checkout offers with this provider, in the order the footer shows them. */
export function offeredPaymentMethods(provider: PaymentProviderName): ShownPaymentMethod[] {
  return provider === 'mollie'
    ? ['ideal', 'creditcard', 'bancontact', 'applepay', 'paypal']
    : ['banktransfer'];
}

/**
 * A method's name where a brand is shown. iDEAL is co-branded "iDEAL | Wero" since 31 March 2026;
 * null: the name is a message (`footer.payments.<method>`) in the page's language.
 */
export const PAYMENT_METHOD_BRANDS: Readonly<Record<ShownPaymentMethod, string | null>> = {
  banktransfer: null,
  ideal: 'iDEAL | Wero',
  creditcard: null,
  bancontact: 'Bancontact',
  applepay: 'Apple Pay',
  paypal: 'PayPal',
};

/** `GET /api/storefront`: what the public pages show that only the server knows, now. */
export const storefrontStatusSchema = v.object({
  spots: v.object({
    month: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/)),
    perMonth: v.pipe(v.number(), v.integer(), v.minValue(1)),
    left: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
  paymentMethods: v.array(v.picklist(SHOWN_PAYMENT_METHODS)),
});
export type StorefrontStatus = v.InferOutput<typeof storefrontStatusSchema>;
