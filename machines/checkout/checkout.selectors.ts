import type { SnapshotFrom } from 'xstate';
import { optionByProductId, CATALOGUE, CONSULTATION_PRODUCT_ID } from '#domain/catalogue.ts';
import {
  checkFormField,
  checkoutBlockers,
  ordersAsSignedIn,
  type CheckoutForm,
  type CheckoutRequestInput,
} from '#domain/checkout.schema.ts';
import { checkVatNumber } from '#domain/vat-number.ts';
import { planDataDomainOf } from '#domain/domain-step.ts';
import type { Lang } from '#domain/language.ts';
import { SMART_ANSWER_SOURCES, type SmartAnswerSource } from '#domain/smart-answers.ts';
import type { Interval, QuoteDomain } from '#domain/totals.ts';
import { isConsumerOrder } from '#domain/withdrawal.ts';
import type { checkoutMachine } from './checkout.machine.ts';
import type { CheckoutContext, CheckoutTab } from './checkout.types.ts';

type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

export function selectTab(snapshot: CheckoutSnapshot): CheckoutTab {
  return snapshot.matches('details') ? 'details' : 'account';
}

/** The message key under the step-1 email field, or null. */
export function selectAccountMessage(snapshot: CheckoutSnapshot): string | null {
  if (snapshot.matches({ account: 'alreadyRegistered' }))
    return 'accountCreation.alreadyRegistered';
  if (snapshot.matches({ account: 'lookupFailed' })) return 'form.genericError';
  return null;
}

export function selectIsCheckingEmail(snapshot: CheckoutSnapshot): boolean {
  return snapshot.hasTag('busy');
}

/** Tab 1's warning badge: step 2 was visited and the email is empty. */
export function selectAccountTabWarning(snapshot: CheckoutSnapshot): boolean {
  return snapshot.context.step2Visited && snapshot.context.form.email.trim() === '';
}

/** The flows whose answers go with the order (the note above the pay button names them). */
export function selectSmartAnswerSources(snapshot: CheckoutSnapshot): SmartAnswerSource[] {
  const record = snapshot.context.smartLeadFormAnswers;
  return record ? SMART_ANSWER_SOURCES.filter((source) => record[source] !== undefined) : [];
}

/** The form as ordered: without the business fields unless "Ordering as a business?" is on. */
export function selectOrderForm(snapshot: {
  context: Pick<CheckoutContext, 'form' | 'business'>;
}): CheckoutForm {
  const { form, business } = snapshot.context;
  return business ? form : { ...form, company: '', kvk: '', vat: '' };
}

/**
 * Who orders, as the server's quote takes it (API.md section 11 `customer`): the country, and a
 * business's VAT number once it is well-formed (a number still being typed changes nothing).
 */
export function selectQuoteCustomer(snapshot: {
  context: Pick<CheckoutContext, 'form' | 'business'>;
}): { country: 'NL' | 'BE'; vat?: string } {
  const { form, business } = snapshot.context;
  const country = form.country === 'BE' ? 'BE' : 'NL';
  // As the field checks it (the server's own rule), then split as the server's VAT check does.
  const wellFormed = business && form.vat.trim() !== '' && checkFormField(form, 'vat') === null;
  const vat = wellFormed ? checkVatNumber(form.vat) : { ok: false as const };
  return vat.ok ? { country, vat: vat.vat } : { country };
}

export function selectBlockers(snapshot: CheckoutSnapshot): string[] {
  const { step2Visited, signedInEmail } = snapshot.context;
  return checkoutBlockers(selectOrderForm(snapshot), step2Visited, signedInEmail);
}

/** The signed-in account's email when the order is placed as that account (no password asked), else null. */
export function selectOrdersAsSignedIn(snapshot: CheckoutSnapshot): string | null {
  const { form, signedInEmail } = snapshot.context;
  return ordersAsSignedIn(form, signedInEmail) ? signedInEmail : null;
}

/** The `POST /api/checkout` body for the form, the plans (ids) and the domain of the quote. */
export function buildCheckoutRequest(
  snapshot: CheckoutSnapshot,
  order: {
    plans: readonly string[];
    interval: Interval;
    domain: QuoteDomain | undefined;
    lang: Lang;
    coupon?: string | undefined;
  },
): CheckoutRequestInput {
  const { smartLeadFormAnswers } = snapshot.context;
  // The signed-in account keeps its password: none is sent.
  const { password, authCode, ...rest } = selectOrderForm(snapshot);
  const form = selectOrdersAsSignedIn(snapshot) ? rest : { ...rest, password };
  const products = order.plans.flatMap((id) => {
    const option = CATALOGUE.find((o) => o.id === id);
    return option && optionByProductId(option.productId) ? [option.productId] : [];
  });
  if (order.domain?.consultation) products.push(CONSULTATION_PRODUCT_ID);
  return {
    ...form,
    planData: {
      products,
      billingCycle: order.interval,
      ...planDataDomainOf(order.domain),
    },
    sendEmail: false,
    noEmail: true,
    lang: order.lang,
    ...(order.coupon?.trim() ? { coupon: order.coupon.trim() } : {}),
    // The transfer code goes with a transfer only (API.md section 12); left empty, it is asked later.
    ...(order.domain?.type === 'transfer' && authCode.trim() ? { authCode: authCode.trim() } : {}),
    ...(smartLeadFormAnswers ? { smartLeadFormAnswers } : {}),
    ...(selectOffersStartNow(snapshot) && snapshot.context.startNow ? { startNow: true } : {}),
  };
}

/** The start-now box is for consumers only: an order without a KvK and without a VAT number. */
export function selectOffersStartNow(snapshot: {
  context: Pick<CheckoutContext, 'form' | 'business'>;
}) {
  return isConsumerOrder(selectOrderForm(snapshot));
}
