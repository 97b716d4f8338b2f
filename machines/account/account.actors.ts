// The client area's calls, all through the one API client (machines/shared/api-client.ts). Each
// answers the client's value ({ ok: true, data } or a refusal); the machines route them.

import * as v from 'valibot';
import {
  accountBookingsSchema,
  accountDeletionSchema,
  accountInvoicesSchema,
  accountOrdersSchema,
  accountProfileSchema,
  accountSessionsSchema,
  accountSubscriptionsSchema,
  accountTicketsSchema,
  cancelledSubscriptionSchema,
  emailVerificationSchema,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileUpdateSchema,
  type AccountBooking,
  type AccountInvoice,
  type AccountOrder,
  type AccountProfile,
  type AccountSession,
  type AccountSubscription,
  type AccountTicket,
} from '#domain/account.schema.ts';
import { BILLING_DETAIL_FIELDS, billingDetailsSchema } from '#domain/checkout.schema.ts';
import type { Lang } from '#domain/language.ts';
import { disableTwoFactorSchema } from '#domain/security.schema.ts';
import { anyBody, api, newIdempotencyKey, type ApiResult } from '../shared/api-client.ts';
import { bookingCalls } from '../shared/bookings.ts';
import { fieldErrorsOf } from '../shared/form-action.machine.ts';

export interface AccountData {
  orders: AccountOrder[];
  invoices: AccountInvoice[];
  subscriptions: AccountSubscription[];
  tickets: AccountTicket[];
  bookings: AccountBooking[];
  profile: AccountProfile;
  sessions: AccountSession[];
}

/** Everything the client area shows, side by side; the first refusal wins. */
export async function loadAccount(
  lang: Lang,
  signal?: AbortSignal,
): Promise<ApiResult<AccountData>> {
  const options = { lang, ...(signal ? { signal } : {}) };
  const [orders, invoices, subscriptions, tickets, bookings, profile, sessions] = await Promise.all(
    [
      api.get('/account/orders', accountOrdersSchema, options),
      api.get('/account/invoices', accountInvoicesSchema, options),
      api.get('/account/subscriptions', accountSubscriptionsSchema, options),
      api.get('/account/tickets', accountTicketsSchema, options),
      api.get('/account/bookings', accountBookingsSchema, options),
      api.get('/account/profile', accountProfileSchema, options),
      api.get('/account/sessions', accountSessionsSchema, options),
    ],
  );
  for (const r of [orders, invoices, subscriptions, tickets, bookings, profile, sessions])
    if (!r.ok) return r;
  if (
    !orders.ok ||
    !invoices.ok ||
    !subscriptions.ok ||
    !tickets.ok ||
    !bookings.ok ||
    !profile.ok ||
    !sessions.ok
  )
    throw new Error('unreachable');
  return {
    ok: true,
    status: 200,
    headers: orders.headers,
    data: {
      orders: orders.data.orders,
      invoices: invoices.data.invoices,
      subscriptions: subscriptions.data.subscriptions,
      tickets: tickets.data.tickets,
      bookings: bookings.data.bookings,
      profile: profile.data.profile,
      sessions: sessions.data.sessions,
    },
  };
}

export const checks = {
  passwordChange: (values: Record<string, string>) => fieldErrorsOf(passwordChangeSchema, values),
  deletion: (values: Record<string, string>) => fieldErrorsOf(accountDeletionSchema, values),
  profile: (values: Record<string, string>) =>
    fieldErrorsOf(profileUpdateSchema, { name: values.name, phone: values.phone }),
  billing: (values: Record<string, string>) => fieldErrorsOf(billingDetailsSchema, values),
  resetRequest: (values: Record<string, string>) =>
    fieldErrorsOf(passwordResetRequestSchema, values),
  resetConfirm: (values: Record<string, string>) =>
    fieldErrorsOf(passwordResetConfirmSchema, values),
  verifyEmail: (values: Record<string, string>) =>
    fieldErrorsOf(emailVerificationSchema, { token: values.token }),
  twoFactorDisable: (values: Record<string, string>) =>
    fieldErrorsOf(disableTwoFactorSchema, { password: values.password, code: values.code }),
};

const lang = (values: Record<string, string>): Lang => (values.lang === 'nl' ? 'nl' : 'en');

export const accountCalls = {
  cancelSubscription: (values: Record<string, string>) =>
    api.post(
      `/account/subscriptions/${encodeURIComponent(values.id ?? '')}/cancel`,
      cancelledSubscriptionSchema,
      { lang: lang(values), idempotencyKey: newIdempotencyKey() },
    ),
  requestUpgrade: (values: Record<string, string>) =>
    api.post('/account/upgrade-request', v.object({ ticketId: v.string() }), {
      lang: lang(values),
      json: { subscriptionId: values.id, note: values.note ?? '' },
      idempotencyKey: newIdempotencyKey(),
    }),
  saveProfile: (values: Record<string, string>) =>
    api.put('/account/profile', accountProfileSchema, {
      lang: lang(values),
      json: { name: values.name ?? '', phone: values.phone ?? '', lang: lang(values) },
    }),
  saveBilling: (values: Record<string, string>) =>
    api.put('/account/billing', accountProfileSchema, {
      lang: lang(values),
      json: Object.fromEntries(BILLING_DETAIL_FIELDS.map((field) => [field, values[field] ?? ''])),
    }),
  changePassword: (values: Record<string, string>) =>
    api.post('/account/password', anyBody, {
      lang: lang(values),
      json: { currentPassword: values.currentPassword ?? '', password: values.password ?? '' },
    }),
  exportData: (values: Record<string, string>) =>
    api.file('get', '/account/export', { lang: lang(values) }),
  deleteAccount: (values: Record<string, string>) =>
    api.delete('/account', anyBody, {
      lang: lang(values),
      json: { password: values.password ?? '' },
    }),
  requestReset: (values: Record<string, string>) =>
    api.post('/auth/password-reset', anyBody, {
      lang: lang(values),
      json: { email: values.email ?? '' },
    }),
  confirmReset: (values: Record<string, string>) =>
    api.post('/auth/password-reset/confirm', anyBody, {
      lang: lang(values),
      json: { token: values.token ?? '', password: values.password ?? '' },
    }),
  resendVerification: (values: Record<string, string>) =>
    api.post('/auth/verify-email/resend', anyBody, { lang: lang(values) }),
  verifyEmail: (values: Record<string, string>) =>
    api.post('/auth/verify-email', anyBody, {
      lang: lang(values),
      json: { token: values.token ?? '' },
    }),
  signOut: () => api.post('/auth/logout', anyBody),
  /** Signs that browser out (API.md section 13). */
  endSession: (values: Record<string, string>) =>
    api.delete(`/account/sessions/${encodeURIComponent(values.id ?? '')}`, anyBody, {
      lang: lang(values),
    }),
  /** Turns the second factor off: the password and a code from the app (or a recovery code). */
  disableTwoFactor: (values: Record<string, string>) =>
    api.post('/auth/2fa/disable', anyBody, {
      lang: lang(values),
      json: { password: values.password ?? '', code: values.code ?? '' },
    }),
  ...bookingCalls,
};
