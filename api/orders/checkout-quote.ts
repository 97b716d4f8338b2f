/**
 * The checkout's quote and VAT preparation (API.md section 4): the server's own quote of a
 * request from the catalogue (never the client's amounts), the same quote again under the VAT
 * lock inside the order's transaction, and what the invoice and the mails read from it (the
 * buyer, the invoice lines, the payment method).
 */
import { optionByProductId, CONSULTATION_PRODUCT_ID } from '#domain/catalogue.ts';
import { normalizePostalCode, type CheckoutRequest } from '#domain/checkout.schema.ts';
import { quoteDomainOfPlanData } from '#domain/domain-step.ts';
import { invoiceYear } from '#domain/invoice.ts';
import type { Lang } from '#domain/language.ts';
import type { CouponTerms } from '#domain/coupons.ts';
import { computeQuote, quoteLineName, type Quote, type QuoteVat } from '#domain/totals.ts';
import type { Tx } from '../db/database.ts';
import type { InvoiceLine, InvoiceParty } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { quoteApiError } from '../http/quote-errors.ts';
import { countryName } from '../i18n.ts';
import { vatSettingsOf, type BillingSettings } from '../invoices/invoice-pdf.ts';
import type { PaymentProvider } from '../invoices/payments.ts';
import type { CheckedVat } from '../vat/vat-service.ts';
import { vatYearFor } from '../vat/vat-year.ts';

/** Step 1: the server's own quote of the request (never the client's amounts). */
export function quoteCheckout(
  body: CheckoutRequest,
  lang: Lang,
  at: Date,
  vat?: QuoteVat | undefined,
  coupon?: CouponTerms | undefined,
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
    coupon,
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

/**
 * The quote the order is written with, inside its transaction. The VAT rule decides on the year's
 * turnover under the VAT lock (api/vat/vat-year.ts), so the order that passes the KOR threshold
 * carries 21% whatever the quote said a moment ago.
 */
export async function quoteUnderVatLock(
  tx: Tx,
  billing: BillingSettings,
  input: {
    body: CheckoutRequest;
    lang: Lang;
    at: Date;
    vat?: CheckedVat | undefined;
    /** The coupon claimed in this transaction (api/coupons/coupons.service.ts). */
    coupon?: CouponTerms | undefined;
  },
): Promise<{ quote: Quote; lines: InvoiceLine[] }> {
  const { body, lang, at } = input;
  const vatCustomer = input.vat?.customer ?? { country: body.country };
  const settings = vatSettingsOf(billing);
  const year = await vatYearFor(tx, settings, vatCustomer, invoiceYear(at));
  const quote = quoteCheckout(
    body,
    lang,
    at,
    { settings, customer: vatCustomer, year },
    input.coupon,
  );
  return { quote, lines: invoiceLinesOf(quote) };
}

/** The buyer on the invoice, in `lang` (the country's name). */
export function buyerOf(body: CheckoutRequest, lang: Lang): InvoiceParty {
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
