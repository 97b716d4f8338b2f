// Link generator rules (SPEC screen 16, section 9): which packages start selected, which language
// a generated link carries, and how order and checkout links are written. A link exists only when
// at least one package is chosen.

import {
  CATALOGUE,
  GROUPS,
  GROUP_KEYS,
  PLAN_IDS,
  groupOf,
  isPlanId,
  type PlanId,
} from './catalogue.ts';
import type { CheckoutDomainChoice } from './checkout-domain-choice.ts';
import { validateDomainName, type DomainMessageKey } from './domain-name.ts';
import { conflictsOf } from './plan-selection.ts';
import type { Lang } from './language.ts';

/** Selected when a generator opens (SPEC section 9). */
export const DEFAULT_LINK_SELECTION: readonly PlanId[] = [
  'webHosting_total',
  'domain_managed',
  'branding_mini',
];

/** SPEC section 9's "essential selection": the first two defaults (hosting and domain). */
export const ESSENTIAL_LINK_SELECTION: readonly PlanId[] = DEFAULT_LINK_SELECTION.slice(0, 2);

/**
 * The generators' groups (SPEC section 3, "Plan groups": "The link generators also use group key
 * domain"): the catalogue's four, with the domain in a group of its own.
 */
export const LINK_GROUP_KEYS = [...GROUP_KEYS, 'domain'] as const;
export type LinkGroupKey = (typeof LINK_GROUP_KEYS)[number];

/** A generator package (SPEC section 3): id, display name, group key and product id. */
export interface LinkPackage {
  id: PlanId;
  displayName: string;
  groupKey: LinkGroupKey;
  productId: number;
}

/** The generator's packages by group, in catalogue order; `domain_managed` is in `domain`. */
export function linkPackageGroups(
  lang: Lang,
): Array<{ key: LinkGroupKey; packages: LinkPackage[] }> {
  const packages: LinkPackage[] = CATALOGUE.map((option) => ({
    id: option.id,
    displayName: option.displayName[lang],
    groupKey: option.id === 'domain_managed' ? 'domain' : option.groupKey,
    productId: option.productId,
  }));
  return LINK_GROUP_KEYS.map((key) => ({
    key,
    packages: packages.filter((p) => p.groupKey === key),
  }));
}

export const LINK_INTERVALS = ['monthly', 'yearly'] as const;
export type LinkInterval = (typeof LINK_INTERVALS)[number];

/** Path of the order page a generated order link opens. */
export const ORDER_LINK_PATH = '/total-package/order';
/** Path of the checkout a generated checkout link opens. */
export const CHECKOUT_LINK_PATH = '/checkout';

/** The generator's starting language: en when the path has an `/en` segment, otherwise nl. */
export function generatorLangFromPath(path: string): Lang {
  return /(^|\/)en(\/|$|\?|#)/.test(path) ? 'en' : 'nl';
}

/**
 * Adds or removes one package; the result keeps catalogue order and ignores unknown ids. Adding
 * drops what the order page would drop for it (the other website package, the other branding:
 * `conflictsOf`, the order page's own rule), so a link never asks for what the page will not keep.
 */
export function toggleLinkPlan(selection: readonly PlanId[], id: string): PlanId[] {
  if (!isPlanId(id)) return [...selection];
  const conflicts = new Set(conflictsOf(id));
  const next = selection.includes(id)
    ? selection.filter((p) => p !== id)
    : [...selection.filter((p) => !conflicts.has(p)), id];
  return PLAN_IDS.filter((p) => next.includes(p));
}

/** Why a generator has no link to give, or null when it has one (issue 39 item 12). */
export type LinkProblem =
  | { kind: 'nothingSelected' }
  | { kind: 'conflicting'; ids: PlanId[] }
  | { kind: 'requiredGroup'; groupKey: string }
  | { kind: 'domain'; key: DomainMessageKey; values: Record<string, string> };

/**
 * The order page's own rules applied to a generator's choice: at least one package, no two of
 * one exclusion set or single-choice group, a choice in every required group (the page would
 * otherwise add one the link did not name), and a domain (checkout links) that the domain step
 * would accept. The first problem found, or null.
 */
export function linkProblem(input: {
  plans: readonly PlanId[];
  domain?: string;
}): LinkProblem | null {
  if (input.plans.length === 0) return { kind: 'nothingSelected' };
  for (const id of input.plans) {
    const clash = conflictsOf(id).filter((other) => input.plans.includes(other));
    if (clash.length > 0) return { kind: 'conflicting', ids: [id, ...clash] };
  }
  for (const group of GROUPS) {
    if (group.required && !input.plans.some((id) => groupOf(id).key === group.key))
      return { kind: 'requiredGroup', groupKey: group.key };
  }
  if (input.domain !== undefined && input.domain.trim() !== '') {
    const check = validateDomainName(input.domain);
    if (!check.ok) return { kind: 'domain', key: check.key, values: check.values };
  }
  return null;
}

function withOrigin(origin: string | undefined, pathAndQuery: string): string {
  return origin ? `${origin.replace(/\/+$/, '')}${pathAndQuery}` : pathAndQuery;
}

function plansValue(plans: readonly PlanId[]): string {
  return PLAN_IDS.filter((p) => plans.includes(p)).join(',');
}

/** `/total-package/order?plans=...[&lang=...]`, or null when nothing is selected. */
export function orderLink(input: {
  plans: readonly PlanId[];
  lang?: Lang;
  /** A coupon code the order page fills in (issue 46). */
  coupon?: string;
  origin?: string;
}): string | null {
  if (input.plans.length === 0) return null;
  const lang = input.lang ? `&lang=${input.lang}` : '';
  const coupon = input.coupon?.trim() ? `&coupon=${encodeURIComponent(input.coupon.trim())}` : '';
  return withOrigin(
    input.origin,
    `${ORDER_LINK_PATH}?plans=${plansValue(input.plans)}${lang}${coupon}`,
  );
}

/**
 * `/checkout?plans=...[&lang=...]&interval=...[&domain=...][&domainChoice=...][&coupon=...]`, or
 * null when nothing is selected. The domain is trimmed and left out when empty; `domainChoice`
 * (M24) says how the order page's domain step ended when it was not a registration.
 */
export function checkoutLink(input: {
  plans: readonly PlanId[];
  lang?: Lang;
  interval: LinkInterval;
  domain?: string;
  domainChoice?: CheckoutDomainChoice;
  /** A coupon code the order carries (the exit offer's, or one staff add in a link generator). */
  coupon?: string;
  origin?: string;
}): string | null {
  if (input.plans.length === 0) return null;
  // The name as the domain step would take it (pasted addresses reduced, Unicode kept).
  const raw = (input.domain ?? '').trim();
  const check = raw ? validateDomainName(raw) : null;
  const domain = check?.ok ? check.unicode : raw;
  const query =
    `plans=${plansValue(input.plans)}` +
    (input.lang ? `&lang=${input.lang}` : '') +
    `&interval=${input.interval}` +
    (domain ? `&domain=${encodeURIComponent(domain)}` : '') +
    (input.domainChoice ? `&domainChoice=${input.domainChoice}` : '') +
    (input.coupon?.trim() ? `&coupon=${encodeURIComponent(input.coupon.trim())}` : '');
  return withOrigin(input.origin, `${CHECKOUT_LINK_PATH}?${query}`);
}

export const CONSULTATION_LINK_PATH = '/schedule-consultation';

/**
 * `/schedule-consultation?option=consult&name=...&email=...`: the booking form opened and
 * prefilled (the chat widget's way to a call when nobody is online). Empty values are left out.
 */
export function consultationLink(input: {
  name?: string;
  email?: string;
  origin?: string;
}): string {
  const query = new URLSearchParams({ option: 'consult' });
  const name = input.name?.trim();
  const email = input.email?.trim();
  if (name) query.set('name', name);
  if (email) query.set('email', email);
  return withOrigin(input.origin, `${CONSULTATION_LINK_PATH}?${query.toString()}`);
}

/** The Blueprint 100 page. */
export const BLUEPRINT_PATH = '/blueprint100';

/** The private "continue later" link of a server draft: `/blueprint100?draft=<token>&lang=`. */
export function blueprintResumeLink(input: { base: string; token: string; lang: Lang }): string {
  const url = new URL(BLUEPRINT_PATH, input.base);
  url.searchParams.set('draft', input.token);
  url.searchParams.set('lang', input.lang);
  return url.toString();
}

/** Where the page shows an uploaded image of its own draft (its thumbnail). */
export function blueprintUploadPath(token: string, id: string): string {
  return `/api/blueprinthundred/drafts/${encodeURIComponent(token)}/uploads/${encodeURIComponent(id)}`;
}

/** The "email" button of the summary: a mailto with the score in the subject and a fixed body. */
export function blueprintMailto(input: { to?: string; subject: string; body: string }): string {
  const query = new URLSearchParams({ subject: input.subject, body: input.body })
    .toString()
    .replace(/\+/g, '%20');
  return `mailto:${encodeURIComponent(input.to ?? '')}?${query}`;
}

/** The embedded scheduler's address, with name and email pre-filled (SPEC section 7). */
export function schedulerLink(input: { name: string; email: string }): string {
  const query = new URLSearchParams({ name: input.name.trim(), email: input.email.trim() });
  return `/scheduler?${query.toString()}`;
}

// ------------------------------------------------------------------------------------------------
// Accounts and self-service (issue 15)

/** The client area. */
export const ACCOUNT_PATH = '/account';
/** Where a mailed password-reset link leads. */
export const RESET_PASSWORD_PATH = '/reset-password';
/** Where a booking's own page is (cancel or move the call). */
export const MANAGE_BOOKING_PATH = '/consultation/manage';

export const VERIFY_EMAIL_PATH = '/verify-email';

function withLang(path: string, params: Record<string, string>, lang?: Lang): string {
  const query = new URLSearchParams(params);
  if (lang) query.set('lang', lang);
  return `${path}?${query.toString()}`;
}

/** `/reset-password?token=...&lang=...` */
export function resetPasswordLink(token: string, lang?: Lang): string {
  return withLang(RESET_PASSWORD_PATH, { token }, lang);
}

/** `/verify-email?token=...&lang=...`: the link that proves an account's address. */
export function verifyEmailLink(token: string, lang?: Lang): string {
  return withLang(VERIFY_EMAIL_PATH, { token }, lang);
}

/** `/consultation/manage?token=...&lang=...` */
export function manageBookingLink(token: string, lang?: Lang): string {
  return withLang(MANAGE_BOOKING_PATH, { token }, lang);
}

/** The staff page of one lead. */
export function dashboardLeadLink(id: string): string {
  return `/dashboard/leads/${encodeURIComponent(id)}`;
}

/** The staff page of one customer's subscriptions: the subscriptions table searched by address. */
export function dashboardSubscriptionsLink(email: string): string {
  return `/dashboard/subscriptions?${new URLSearchParams({ q: email }).toString()}`;
}

/** The PDF of an invoice (owner or staff). */
export function invoicePdfLink(invoiceNumber: string): string {
  return `/api/invoices/${encodeURIComponent(invoiceNumber)}?format=pdf`;
}

/** A credit note's PDF (API.md section 10), for its owner or staff. */
export function creditNotePdfLink(creditNoteNumber: string): string {
  return `/api/credit-notes/${encodeURIComponent(creditNoteNumber)}?format=pdf`;
}

/** The Gmail app for Android, and its Play Store page when it is not installed. */
export const GMAIL_ANDROID_PACKAGE = 'com.google.android.gm';

/**
 * SPEC 7: Gmail on Android is opened with an intent link (Chrome on Android starts the app, or
 * goes to the Play Store page when it is missing); the account itself is added by hand there.
 */
export function gmailAndroidIntentLink(): string {
  const fallback = `https://play.google.com/store/apps/details?id=${GMAIL_ANDROID_PACKAGE}`;
  return (
    'intent://#Intent;action=android.intent.action.MAIN;' +
    `category=android.intent.category.LAUNCHER;package=${GMAIL_ANDROID_PACKAGE};` +
    `S.browser_fallback_url=${encodeURIComponent(fallback)};end`
  );
}

/**
 * `/api/email-config/profile?email=...&lang=...` (`&client=gmail` for the Gmail-on-iPhone
 * variant): opened directly on an iPhone, so Safari offers to install the profile.
 */
export function mailProfileLink(input: {
  email: string;
  lang: Lang;
  client?: 'gmail';
  origin?: string;
}): string {
  const query =
    `email=${encodeURIComponent(input.email.trim())}&lang=${input.lang}` +
    (input.client ? `&client=${input.client}` : '');
  return withOrigin(input.origin, `/api/email-config/profile?${query}`);
}

/** Path of the pay page of one invoice (bank details, or the provider's link). */
export const PAY_PAGE_PATH = '/pay';
/** Path of the thank-you page after an order. */
export const THANK_YOU_PATH = '/thank-you';

/** `/pay/{invoice}?lang=..`: the pay page of an invoice (mails link here; it never expires). */
export function payPageLink(input: { invoiceNumber: string; lang: Lang; origin?: string }): string {
  return withOrigin(
    input.origin,
    `${PAY_PAGE_PATH}/${encodeURIComponent(input.invoiceNumber)}?lang=${input.lang}`,
  );
}

/** Path of the withdrawal function (issue 42). */
export const WITHDRAW_PATH = '/withdraw';

/** `/withdraw?order=..&lang=..`: the withdrawal function with the order filled in (mails, the client area). */
export function withdrawLink(input: { order: string; lang: Lang; origin?: string }): string {
  return withOrigin(
    input.origin,
    `${WITHDRAW_PATH}?order=${encodeURIComponent(input.order)}&lang=${input.lang}`,
  );
}

/** `/thank-you?invoice=..&lang=..`: where a paid (or free) order and the provider return to. */
export function thankYouLink(input: {
  invoiceNumber: string;
  lang: Lang;
  origin?: string;
}): string {
  return withOrigin(
    input.origin,
    `${THANK_YOU_PATH}?invoice=${encodeURIComponent(input.invoiceNumber)}&lang=${input.lang}`,
  );
}
