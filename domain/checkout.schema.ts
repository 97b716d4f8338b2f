// The checkout form (SPEC sections 3 and 5) and the `POST /api/checkout` body (API.md section 4),
// shared by the checkout page (field checks on blur) and the server (the whole body). Messages are
// SPEC's message keys; the caller shows them in the visitor's language.

import * as v from 'valibot';
import { checkVatNumber } from './vat-number.ts';
import { singleLine } from './text.ts';
import { couponFieldSchema } from './coupon-field.ts';
import { EMAIL_PATTERN } from './email.ts';
import type { AccountProfile } from './account.schema.ts';
import { smartLeadFormAnswersSchema } from './smart-answers.ts';
import { DOMAIN_TYPES, INTERVALS } from './totals.ts';

export const COUNTRIES = ['NL', 'BE'] as const;
export type Country = (typeof COUNTRIES)[number];

/** The payment methods the pay button may ask for; `banktransfer` is SPEC's default. */
export const PAYMENT_METHODS = [
  'banktransfer',
  'ideal',
  'creditcard',
  'bancontact',
  'applepay',
  'paypal',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PASSWORD_MIN_LENGTH = 8;
const MAX_TEXT = 200;
export { EMAIL_PATTERN };

// A missing key is reported with the field's own message (valibot would report a missing object
// entry with the object's message), so required fields read absent as ''.
const text = (requiredKey: string) =>
  v.pipe(
    v.optional(v.string(requiredKey), ''),
    v.trim(),
    v.nonEmpty(requiredKey),
    v.maxLength(MAX_TEXT),
    singleLine(),
  );
/** An optional phone number: digits with spaces, brackets and dashes, a leading + allowed. */
export const phoneSchema = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(32),
    v.regex(/^$|^\+?[\d\s()-]{6,}$/, 'checkout.validation.phoneInvalid'),
  ),
  '',
);

const optionalText = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(MAX_TEXT), singleLine()),
  '',
);

/** Step 1 (account check): the generic form keys. */
export const accountEmailSchema = v.pipe(
  v.string('form.validation.required'),
  v.trim(),
  v.nonEmpty('form.validation.required'),
  v.maxLength(254, 'form.validation.invalidEmail'),
  singleLine(),
  v.regex(EMAIL_PATTERN, 'form.validation.invalidEmail'),
  v.toLowerCase(),
);

export const clientLookupSchema = v.object({ email: accountEmailSchema });

/** Dutch postal codes `1234 AB` (space optional), Belgian four digits. */
export function isValidPostalCode(country: string, postalcode: string): boolean {
  const value = postalcode.trim();
  if (country === 'BE') return /^[1-9]\d{3}$/.test(value);
  return /^[1-9]\d{3}\s?[A-Za-z]{2}$/.test(value);
}

export function normalizePostalCode(country: string, postalcode: string): string {
  const value = postalcode.trim().replace(/\s+/g, '').toUpperCase();
  return country === 'NL' && value.length === 6 ? `${value.slice(0, 4)} ${value.slice(4)}` : value;
}

/** One schema per field, so the page can check a single field on blur with the server's rule. */
export const checkoutFieldSchemas = {
  email: v.pipe(
    v.optional(v.string('checkout.validation.emailRequired'), ''),
    v.trim(),
    v.nonEmpty('checkout.validation.emailRequired'),
    v.maxLength(254, 'checkout.validation.emailInvalid'),
    singleLine(),
    v.regex(EMAIL_PATTERN, 'checkout.validation.emailInvalid'),
    v.toLowerCase(),
  ),
  password: v.pipe(
    v.optional(v.string('checkout.validation.passwordRequired'), ''),
    v.nonEmpty('checkout.validation.passwordRequired'),
    v.minLength(PASSWORD_MIN_LENGTH, 'checkout.validation.passwordTooShort'),
    v.maxLength(MAX_TEXT),
  ),
  firstname: text('checkout.validation.firstnameRequired'),
  lastname: text('checkout.validation.lastnameRequired'),
  // Street and house number (SPEC 5): a bare number (`12`, `12-A`) is no street, and an invoice
  // needs one (M25); a street's name has two letters at least.
  address1: v.pipe(
    text('checkout.validation.addressRequired'),
    v.regex(/\p{L}{2}/u, 'checkout.validation.addressRequired'),
  ),
  postalcode: text('checkout.validation.postalCodeRequired'),
  city: text('checkout.validation.cityRequired'),
  state: optionalText,
  country: v.pipe(
    v.optional(v.string('checkout.validation.countryRequired'), ''),
    v.check(
      (value): boolean => (COUNTRIES as readonly string[]).includes(value),
      'checkout.validation.countryRequired',
    ),
    v.transform((value) => value as Country),
  ),
  phone: phoneSchema,
  company: optionalText,
  kvk: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^$|^\d{8}$/, 'checkout.validation.kvkInvalid')),
    '',
  ),
  vat: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toUpperCase(),
      v.regex(/^$|^[A-Z]{2}[A-Z0-9]{8,12}$/, 'checkout.validation.vatInvalid'),
      // The check digits too (domain/vat-number.ts): the page says so under the field, as the
      // server would before asking VIES.
      v.check(
        (value) => value === '' || checkVatNumber(value).ok,
        'checkout.validation.vatInvalid',
      ),
    ),
    '',
  ),
  /** The transfer code of a domain to transfer (API.md section 12); optional, asked only then. */
  authCode: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(255, 'account.domains.validation.authCode'),
      singleLine(),
    ),
    '',
  ),
  tos: v.pipe(
    v.optional(v.boolean('checkout.validation.tosAgreementRequired'), false),
    v.check((value) => value, 'checkout.validation.tosAgreementRequired'),
  ),
} as const;

export type CheckoutField = keyof typeof checkoutFieldSchemas;
export const CHECKOUT_FIELDS = Object.keys(checkoutFieldSchemas) as CheckoutField[];
/** The step-2 fields the pay button waits for (SPEC section 5), in form order. */
export const REQUIRED_STEP2_FIELDS = [
  'firstname',
  'lastname',
  'address1',
  'postalcode',
  'city',
  'country',
  'password',
  'tos',
] as const satisfies readonly CheckoutField[];

/** Checks one field; returns its message key or null. */
export function checkField(field: CheckoutField, value: unknown): string | null {
  const result = v.safeParse(checkoutFieldSchemas[field], value);
  return result.success ? null : (result.issues[0]?.message ?? 'form.validation.invalid');
}

/**
 * Checks one field of the form with every rule the server applies to it, also those that read
 * another field: the postal code's format depends on the country (`checkoutRequestSchema`).
 */
export function checkFormField(form: CheckoutForm, field: CheckoutField): string | null {
  const key = checkField(field, form[field]);
  if (key || field !== 'postalcode') return key;
  return isValidPostalCode(form.country, form.postalcode)
    ? null
    : 'checkout.validation.postalCodeInvalid';
}

/** The postal code's format follows the country (the checkout's and the billing details' rule). */
function postalCodeForCountry<T extends { country: string; postalcode: string }>() {
  return v.forward<T, v.CheckIssue<T>, ['postalcode']>(
    v.check<T, string>(
      (body) => isValidPostalCode(body.country, body.postalcode),
      'checkout.validation.postalCodeInvalid',
    ),
    // Cast: valibot cannot check a path against a generic input; `postalcode` is in T.
    ['postalcode'] as never,
  );
}

/**
 * PUT /api/account/billing: the details new invoices are addressed with (renewals too), each field
 * with the checkout's rule. Issued invoices keep the details they carry.
 */
export const billingDetailsSchema = v.pipe(
  v.object({
    firstname: checkoutFieldSchemas.firstname,
    lastname: checkoutFieldSchemas.lastname,
    company: checkoutFieldSchemas.company,
    address1: checkoutFieldSchemas.address1,
    postalcode: checkoutFieldSchemas.postalcode,
    city: checkoutFieldSchemas.city,
    state: checkoutFieldSchemas.state,
    country: checkoutFieldSchemas.country,
    kvk: checkoutFieldSchemas.kvk,
    vat: checkoutFieldSchemas.vat,
  }),
  postalCodeForCountry(),
);
export type BillingDetails = v.InferOutput<typeof billingDetailsSchema>;
export const BILLING_DETAIL_FIELDS = [
  'firstname',
  'lastname',
  'company',
  'address1',
  'postalcode',
  'city',
  'state',
  'country',
  'kvk',
  'vat',
] as const satisfies readonly (keyof BillingDetails)[];

export const planDataSchema = v.object({
  /** Billing-system product ids (catalogue `productId`). */
  products: v.pipe(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(1))),
    v.minLength(1, 'form.validation.required'),
    v.maxLength(50),
  ),
  billingCycle: v.optional(v.picklist(INTERVALS), 'monthly'),
  /** Absent: the order has no domain step (nothing about a domain on it). */
  domainType: v.optional(v.picklist(DOMAIN_TYPES)),
  domain: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(253)), ''),
  /** The domain is to be chosen together in a consultation. */
  consultation: v.optional(v.boolean(), false),
});

export const checkoutRequestSchema = v.pipe(
  v.object({
    ...checkoutFieldSchemas,
    /** Optional when signed in as the account of `email` (then the account keeps its password). */
    password: v.optional(checkoutFieldSchemas.password),
    planData: planDataSchema,
    /** Left out: the payment provider's own choice (bank transfer, or the customer's at Mollie). */
    paymentMethod: v.optional(v.picklist(PAYMENT_METHODS)),
    sendEmail: v.optional(v.boolean(), false),
    noEmail: v.optional(v.boolean(), true),
    lang: v.optional(v.picklist(['nl', 'en'])),
    /** A coupon code, any letter case (API.md section 14); checked and priced by the server. */
    coupon: v.optional(couponFieldSchema),
    /** What the visitor answered in the planner, the quiz or the lead form (SPEC section 3). */
    smartLeadFormAnswers: v.optional(smartLeadFormAnswersSchema),
    /**
     * A consumer asks for work to start within the 14-day withdrawal period (API.md section 10):
     * a withdrawal then keeps the days of subscriptions used. Never pre-ticked; business orders
     * ignore it.
     */
    startNow: v.optional(v.boolean('form.validation.invalid'), false),
  }),
  postalCodeForCountry(),
);

export type CheckoutRequestInput = v.InferInput<typeof checkoutRequestSchema>;
export type CheckoutRequest = v.InferOutput<typeof checkoutRequestSchema>;

/** `POST /api/checkout` answer. */
export const checkoutResponseSchema = v.object({
  paymentLink: v.string(),
  invoiceNumber: v.string(),
  orderId: v.string(),
});
export type CheckoutResponse = v.InferOutput<typeof checkoutResponseSchema>;

export const loginRequestSchema = v.object({
  email: accountEmailSchema,
  password: v.pipe(
    v.string('form.validation.required'),
    v.nonEmpty('form.validation.required'),
    v.maxLength(MAX_TEXT),
  ),
});
export type LoginRequest = v.InferOutput<typeof loginRequestSchema>;

/** The checkout form as the page keeps it (SPEC section 3), before the server's parsing. */
export interface CheckoutForm {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  address1: string;
  postalcode: string;
  city: string;
  state: string;
  country: string;
  phone: string;
  company: string;
  kvk: string;
  vat: string;
  /** Only for a domain transfer; never kept in the browser. */
  authCode: string;
  tos: boolean;
}

export const EMPTY_CHECKOUT_FORM: CheckoutForm = {
  email: '',
  password: '',
  firstname: '',
  lastname: '',
  address1: '',
  postalcode: '',
  city: '',
  state: '',
  country: 'NL',
  phone: '',
  company: '',
  kvk: '',
  vat: '',
  authCode: '',
  tos: false,
};

/**
 * The form with the signed-in account's details of its last order (GET /api/account/profile) where
 * the visitor has not filled anything in: the name, the address and the company details each as a
 * whole (never half one address and half another), the phone on its own. What was typed or kept
 * in this browser stays.
 */
export function withAccountDetails(
  form: CheckoutForm,
  profile: Pick<AccountProfile, 'phone' | 'billing'> | null,
): CheckoutForm {
  const billing = profile?.billing;
  if (!billing) return form;
  const blank = (fields: ReadonlyArray<keyof typeof billing & keyof CheckoutForm>) =>
    fields.every((f) => (form[f] as string).trim() === '');
  const take = (fields: ReadonlyArray<keyof typeof billing & keyof CheckoutForm>) =>
    blank(fields) ? Object.fromEntries(fields.map((f) => [f, billing[f]])) : {};
  return {
    ...form,
    ...take(['firstname', 'lastname']),
    // The country has a default, so it comes with the address and does not decide whether to.
    ...(blank(['address1', 'postalcode', 'city', 'state'])
      ? {
          address1: billing.address1,
          postalcode: billing.postalcode,
          city: billing.city,
          state: billing.state,
          country: billing.country,
        }
      : {}),
    ...take(['company', 'kvk', 'vat']),
    ...(form.phone.trim() === '' ? { phone: profile.phone } : {}),
  };
}

/** The optional step-2 fields: they block the pay button only when filled in wrongly. */
const OPTIONAL_STEP2_FIELDS = ['phone', 'company', 'kvk', 'vat', 'state'] as const;

/** Whether the order is placed as the signed-in account (`signedInEmail`, lower case): then it needs no password. */
export function ordersAsSignedIn(form: CheckoutForm, signedInEmail: string | null): boolean {
  return signedInEmail !== null && form.email.trim().toLowerCase() === signedInEmail;
}

/**
 * What keeps the pay button disabled (SPEC section 5), as message keys in form order: the email
 * first ("Email is required."), then "Complete step 1 first." until step 2 was reached, then each
 * required step-2 field's own message (the password only for a new account), then an optional
 * field filled in wrongly. Exactly what the server would refuse, so an enabled button is never
 * answered with a field error. Empty: the button is enabled.
 */
export function checkoutBlockers(
  form: CheckoutForm,
  step2Visited: boolean,
  signedInEmail: string | null = null,
): string[] {
  const blockers: string[] = [];
  if (form.email.trim() === '') blockers.push('checkout.validation.emailRequired');
  if (!step2Visited) blockers.push('checkout.validation.completeStep1');
  const asSignedIn = ordersAsSignedIn(form, signedInEmail);
  for (const field of [...REQUIRED_STEP2_FIELDS, ...OPTIONAL_STEP2_FIELDS]) {
    if (field === 'password' && asSignedIn) continue;
    const key = checkFormField(form, field);
    if (key) blockers.push(key);
  }
  return blockers;
}
