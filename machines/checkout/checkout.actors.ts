import ky from 'ky';
import * as v from 'valibot';
import {
  EMPTY_CHECKOUT_FORM,
  type CheckoutForm,
  type CheckoutRequestInput,
  type CheckoutResponse,
  checkoutResponseSchema,
} from '#domain/checkout.schema.ts';
import { isApiErrorCode, type ApiErrorCode } from '#domain/errors.ts';
import type { QuoteDomain } from '#domain/totals.ts';
import { readSavedDomainSelection } from '../domain-check/domain-check.actors.ts';

/** localStorage key of the checkout form (SPEC section 3), never holding the password. */
export const CHECKOUT_FORM_STORAGE_KEY = 'checkout-form';

function storage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

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
  const raw = storage()?.getItem(CHECKOUT_FORM_STORAGE_KEY);
  if (!raw) return { ...EMPTY_CHECKOUT_FORM };
  try {
    const parsed = v.safeParse(savedFormSchema, JSON.parse(raw));
    if (parsed.success) return { ...EMPTY_CHECKOUT_FORM, ...parsed.output, password: '' };
  } catch {
    // fall through
  }
  console.warn('Saved checkout form was invalid and has been reset.');
  storage()?.removeItem(CHECKOUT_FORM_STORAGE_KEY);
  return { ...EMPTY_CHECKOUT_FORM };
}

export function writeSavedCheckoutForm(form: CheckoutForm): void {
  const store = storage();
  if (!store) return;
  const { password: _password, ...rest } = form;
  try {
    store.setItem(CHECKOUT_FORM_STORAGE_KEY, JSON.stringify(rest));
  } catch {
    // Storage full or disabled: the form still holds for this visit.
  }
}

/**
 * The domain of the checkout: the domain step's saved outcome when it is about the same name,
 * else a name from the link (staff checkout links) to be registered, else none.
 */
export function readCheckoutDomain(urlDomain: string | undefined): QuoteDomain | undefined {
  const saved = readSavedDomainSelection();
  const name = urlDomain?.trim().toLowerCase() ?? '';
  if (saved && (name === '' || saved.domainName.toLowerCase() === name)) {
    switch (saved.flowState) {
      case 'available':
        return { name: saved.domainName, type: 'register' };
      case 'taken-own-manage':
        return { name: saved.domainName, type: saved.transfer === false ? 'external' : 'transfer' };
      case 'taken-own-keep':
        return { name: saved.domainName, type: 'external' };
      case 'deferred':
        return { name: '', type: 'none' };
      case 'deferred-with-consultation':
        return { name: '', type: 'none', consultation: true };
      default:
        break;
    }
  }
  return name ? { name, type: 'register' } : undefined;
}

export type AccountLookup = 'exists' | 'new' | 'failed';

/** POST /api/clients/lookup: 200 exists, 404 new, anything else failed. */
export async function lookupAccount(email: string, signal?: AbortSignal): Promise<AccountLookup> {
  try {
    const response = await ky.post('/api/clients/lookup', {
      json: { email },
      credentials: 'include',
      retry: 0,
      throwHttpErrors: false,
      timeout: 15_000,
      ...(signal ? { signal } : {}),
    });
    if (response.status === 404) return 'new';
    if (response.ok) {
      const body = (await response.json()) as { exists?: unknown };
      return body.exists === true ? 'exists' : 'new';
    }
    return 'failed';
  } catch {
    return 'failed';
  }
}

export type StartCheckoutResult =
  { ok: true; response: CheckoutResponse } | { ok: false; code: ApiErrorCode | 'NETWORK' };

/** POST /api/checkout with an Idempotency-Key; refusals come back as values. */
export async function postCheckout(
  input: { body: CheckoutRequestInput; idempotencyKey: string },
  signal?: AbortSignal,
): Promise<StartCheckoutResult> {
  try {
    const response = await ky.post('/api/checkout', {
      json: input.body,
      headers: { 'Idempotency-Key': input.idempotencyKey },
      credentials: 'include',
      retry: 0,
      throwHttpErrors: false,
      timeout: false,
      ...(signal ? { signal } : {}),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const parsed = v.safeParse(checkoutResponseSchema, body);
      return parsed.success
        ? { ok: true, response: parsed.output }
        : { ok: false, code: 'INTERNAL' };
    }
    const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
    return { ok: false, code: isApiErrorCode(code) ? code : 'INTERNAL' };
  } catch {
    return { ok: false, code: 'NETWORK' };
  }
}

/** Leaves for the payment page (our /pay page or the provider's checkout). */
export function goToPaymentLink(url: string): void {
  if (typeof window !== 'undefined') window.location.assign(url);
}

export interface FoundAddress {
  street: string;
  houseNumber: string;
  postalcode: string;
  city: string;
}

/** GET /api/address/lookup (PDOK behind our own endpoint); null for no match or any failure. */
export async function fetchAddress(
  input: { postalcode: string; houseNumber: string },
  signal?: AbortSignal,
): Promise<FoundAddress | null> {
  try {
    const response = await ky.get('/api/address/lookup', {
      searchParams: { postalcode: input.postalcode, number: input.houseNumber },
      retry: 0,
      timeout: 8000,
      throwHttpErrors: false,
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) return null;
    const parsed = v.safeParse(
      v.object({
        street: v.string(),
        houseNumber: v.string(),
        postalcode: v.string(),
        city: v.string(),
      }),
      await response.json(),
    );
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
