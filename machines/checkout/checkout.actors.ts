// Side effects of the checkout: the calls to our API (through the one API client), the form kept
// in localStorage (through the one storage helper, never the password) and leaving for the
// payment page. Expected refusals come back as values.

import * as v from 'valibot';
import {
  EMPTY_CHECKOUT_FORM,
  type CheckoutForm,
  type CheckoutRequestInput,
  type CheckoutResponse,
  checkoutResponseSchema,
} from '#domain/checkout.schema.ts';
import { checkoutDomainOf, type CheckoutLinkDomain } from '#domain/domain-step.ts';
import { accountProfileSchema, type AccountProfile } from '#domain/account.schema.ts';
import type { ApiErrorCode } from '#domain/errors.ts';
import type { QuoteDomain } from '#domain/totals.ts';
import { fetchCurrentUser } from '../auth/auth.actors.ts';
import { api } from '../shared/api-client.ts';
import { readStored, removeStored, writeStored } from '../shared/storage.ts';
import { readSavedDomainSelection } from '../shared/domain-selection.ts';

/** localStorage key of the checkout form (SPEC section 3), never holding the password. */
export const CHECKOUT_FORM_STORAGE_KEY = 'checkout-form';

const savedFormSchema = v.object({
  email: v.optional(v.string(), ''),
  firstname: v.optional(v.string(), ''),
  lastname: v.optional(v.string(), ''),
  address1: v.optional(v.string(), ''),
  postalcode: v.optional(v.string(), ''),
  city: v.optional(v.string(), ''),
  state: v.optional(v.string(), ''),
  country: v.optional(v.picklist(['NL', 'BE']), 'NL'),
  phone: v.optional(v.string(), ''),
  company: v.optional(v.string(), ''),
  kvk: v.optional(v.string(), ''),
  vat: v.optional(v.string(), ''),
  tos: v.optional(v.boolean(), false),
});

/** The form of an earlier visit (password always empty); invalid data reads as empty, with a warning. */
export function readSavedCheckoutForm(): CheckoutForm {
  const saved = readStored(CHECKOUT_FORM_STORAGE_KEY, savedFormSchema);
  return { ...EMPTY_CHECKOUT_FORM, ...(saved ?? {}), password: '', authCode: '' };
}

/** Whether this browser kept a checkout form (the page then starts from it). */
export function hasSavedCheckoutForm(): boolean {
  return readStored(CHECKOUT_FORM_STORAGE_KEY, savedFormSchema) !== null;
}

export const CHECKOUT_STEP_STORAGE_KEY = 'checkout-step';

/**
 * The tab the visitor was on, so a reload at step 2 opens step 2 again with what they filled in
 * (it opened step 1, and step 2 looked emptied, issue 39).
 */
export function readSavedCheckoutStep(): 'account' | 'details' | null {
  return readStored(CHECKOUT_STEP_STORAGE_KEY, v.picklist(['account', 'details']));
}

export function writeSavedCheckoutStep(step: 'account' | 'details'): void {
  writeStored(CHECKOUT_STEP_STORAGE_KEY, step);
}

export function writeSavedCheckoutForm(form: CheckoutForm): void {
  // Neither the password nor a domain's transfer code is kept in the browser.
  const { password: _password, authCode: _authCode, ...rest } = form;
  writeStored(CHECKOUT_FORM_STORAGE_KEY, rest);
}

/**
 * The domain of the checkout: the domain step's saved outcome, mapped by the rule book's one
 * mapping (domain/domain-step.ts), exactly as the order page's summary priced it.
 */
export function readCheckoutDomain(link: CheckoutLinkDomain): QuoteDomain | undefined {
  return checkoutDomainOf(readSavedDomainSelection(), link);
}

/** `own`: the address has an account, and it is the one signed in here (it orders as itself). */
export type AccountLookup = 'exists' | 'own' | 'new' | 'failed';

/** The look-up's answer; the signed-in account's own also brings its details of the last order. */
export interface AccountCheck {
  result: AccountLookup;
  /** With `own`: GET /api/account/profile, or null when it could not be read. */
  profile?: AccountProfile | null;
}

/**
 * POST /api/clients/lookup: 200 exists, 404 new, anything else failed. An address with an account
 * is then compared with the one signed in here (GET /api/auth/me; asked only then, so a new
 * visitor's page makes no call that answers 401); the account's own then reads its profile, so an
 * empty form is filled in with the details of its last order (in a new browser too).
 */
export async function lookupAccount(email: string, signal?: AbortSignal): Promise<AccountCheck> {
  const options = { timeout: 15_000, ...(signal ? { signal } : {}) };
  const answer = await api.post('/clients/lookup', v.object({ exists: v.boolean() }), {
    json: { email },
    ...options,
  });
  if (!answer.ok) return { result: answer.status === 404 ? 'new' : 'failed' };
  if (!answer.data.exists) return { result: 'new' };
  const user = await fetchCurrentUser();
  if (user?.email.toLowerCase() !== email.trim().toLowerCase()) return { result: 'exists' };
  const profile = await api.get('/account/profile', accountProfileSchema, options);
  return { result: 'own', profile: profile.ok ? profile.data.profile : null };
}

export type StartCheckoutResult =
  | { ok: true; response: CheckoutResponse }
  /** `reason`: the message key of a refused discount code (`COUPON_INVALID`'s `fields.coupon`). */
  | { ok: false; code: ApiErrorCode | 'NETWORK'; reason?: string };

/** POST /api/checkout with an Idempotency-Key; refusals come back as values. */
export async function postCheckout(
  input: { body: CheckoutRequestInput; idempotencyKey: string },
  signal?: AbortSignal,
): Promise<StartCheckoutResult> {
  const answer = await api.post('/checkout', checkoutResponseSchema, {
    json: input.body,
    idempotencyKey: input.idempotencyKey,
    // The pay button has its own time-out (SPEC: 20 s); the call itself is not cut short.
    timeout: 60_000,
    ...(signal ? { signal } : {}),
  });
  if (answer.ok) return { ok: true, response: answer.data };
  if (answer.code === 'NETWORK' || answer.code === 'TIMEOUT') return { ok: false, code: 'NETWORK' };
  if (answer.code === 'COUPON_INVALID' && answer.fields?.coupon)
    return { ok: false, code: answer.code, reason: answer.fields.coupon };
  return { ok: false, code: answer.code === 'BAD_RESPONSE' ? 'INTERNAL' : answer.code };
}

/** Leaves for the payment page (our /pay page or the provider's checkout). */
export function goToPaymentLink(url: string): void {
  // The order is placed: the next checkout starts at step 1 (with the details kept).
  removeStored(CHECKOUT_STEP_STORAGE_KEY);
  if (typeof window !== 'undefined') window.location.assign(url);
}

export const foundAddressSchema = v.object({
  street: v.string(),
  houseNumber: v.string(),
  postalcode: v.string(),
  city: v.string(),
});
export type FoundAddress = v.InferOutput<typeof foundAddressSchema>;

/** GET /api/address/lookup (PDOK behind our own endpoint); null for no match or any failure. */
export async function fetchAddress(
  input: { postalcode: string; houseNumber: string },
  signal?: AbortSignal,
): Promise<FoundAddress | null> {
  const answer = await api.get('/address/lookup', foundAddressSchema, {
    searchParams: { postalcode: input.postalcode, number: input.houseNumber },
    timeout: 8000,
    ...(signal ? { signal } : {}),
  });
  return answer.ok ? answer.data : null;
}
