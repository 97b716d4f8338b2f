// Requests and answers of the client area, password reset, booking self-service and the staff
// actions (API.md section 6), shared by the server (validation) and the machines (answers).
// Messages are message keys; the caller shows them in the visitor's language.

import * as v from 'valibot';
import { multiLine, singleLine } from './text.ts';
import { accountEmailSchema, PASSWORD_MIN_LENGTH, phoneSchema } from './checkout.schema.ts';
import { SUBSCRIPTION_STATUSES } from './subscriptions.ts';

const MAX_PASSWORD = 200;

/** A new password: the checkout's rule (at least PASSWORD_MIN_LENGTH characters). */
export const newPasswordSchema = v.pipe(
  v.optional(v.string('account.validation.passwordRequired'), ''),
  v.nonEmpty('account.validation.passwordRequired'),
  v.minLength(PASSWORD_MIN_LENGTH, 'account.validation.passwordTooShort'),
  v.maxLength(MAX_PASSWORD, 'account.validation.passwordTooLong'),
);

const currentPasswordSchema = v.pipe(
  v.optional(v.string('account.validation.passwordRequired'), ''),
  v.nonEmpty('account.validation.passwordRequired'),
  v.maxLength(MAX_PASSWORD, 'account.validation.passwordRequired'),
);

/** A token from a mailed link: 32 random bytes, base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const tokenSchema = v.pipe(
  v.string('account.validation.tokenRequired'),
  v.nonEmpty('account.validation.tokenRequired'),
  v.maxLength(200, 'account.validation.tokenRequired'),
);

/** POST /api/auth/verify-email: the token of the mailed link. */
export const emailVerificationSchema = v.object({ token: tokenSchema });

export const passwordResetRequestSchema = v.object({ email: accountEmailSchema });
export const passwordResetConfirmSchema = v.object({
  token: tokenSchema,
  password: newPasswordSchema,
});

export const passwordChangeSchema = v.object({
  currentPassword: currentPasswordSchema,
  password: newPasswordSchema,
});

export const accountDeletionSchema = v.object({ password: currentPasswordSchema });

/** PUT /api/account/profile: the name and the contact details that are not on issued invoices. */
export const profileUpdateSchema = v.object({
  name: v.pipe(
    v.optional(v.string('account.validation.nameRequired'), ''),
    v.trim(),
    v.nonEmpty('account.validation.nameRequired'),
    v.maxLength(120, 'form.validation.invalid'),
    singleLine(),
  ),
  // The checkout's own rule: the profile keeps only numbers the checkout would take.
  phone: phoneSchema,
  lang: v.optional(v.picklist(['nl', 'en'], 'form.validation.invalid')),
});

export const UPGRADE_TARGETS = ['webHosting_pro'] as const;
/** POST /api/account/upgrade-request: Complete to Pro, with an optional note. */
export const upgradeRequestSchema = v.object({
  subscriptionId: v.pipe(v.string('form.validation.invalid'), v.uuid('form.validation.invalid')),
  note: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(2000, 'form.validation.invalid'), multiLine()),
    '',
  ),
});

export const ticketReplySchema = v.object({
  message: v.pipe(
    v.optional(v.string('dashboard.tickets.messageRequired'), ''),
    v.trim(),
    v.nonEmpty('dashboard.tickets.messageRequired'),
    v.maxLength(10_000, 'form.validation.invalid'),
    multiLine(),
  ),
});

export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const ticketStatusSchema = v.object({
  status: v.picklist(TICKET_STATUSES, 'form.validation.invalid'),
});

export const bookingCancelSchema = v.object({ token: v.optional(tokenSchema) });
export const bookingRescheduleSchema = v.object({
  token: tokenSchema,
  start: v.pipe(
    v.string('scheduler.validation.notASlot'),
    v.isoTimestamp('scheduler.validation.notASlot'),
  ),
});

// ------------------------------------------------------------------------------------------------
// Answers

const day = v.string();

export const accountOrderSchema = v.object({
  id: v.string(),
  createdAt: v.string(),
  invoiceNumber: v.nullable(v.string()),
  /** Issue 42: the last day (YYYY-MM-DD) of the withdrawal period while it runs, else null. */
  withdrawableUntil: v.optional(v.nullable(v.string()), null),
  status: v.string(),
  total: v.number(),
  lines: v.array(
    v.object({
      productId: v.nullable(v.number()),
      displayName: v.string(),
      billing: v.string(),
      price: v.number(),
    }),
  ),
});
export type AccountOrder = v.InferOutput<typeof accountOrderSchema>;
export const accountOrdersSchema = v.object({ orders: v.array(accountOrderSchema) });

/**
 * An entry of the client area's invoice list: an invoice, or (issue 42) a credit note (no due
 * date, a negative total, the invoice it corrects). An invoice with nothing left to credit is
 * `credited`.
 */
export const accountInvoiceSchema = v.variant('kind', [
  v.object({
    kind: v.literal('invoice'),
    number: v.string(),
    issueDate: day,
    dueDate: day,
    total: v.number(),
    status: v.picklist(['open', 'paid', 'credited']),
    payLink: v.nullable(v.string()),
  }),
  v.object({
    kind: v.literal('creditNote'),
    number: v.string(),
    issueDate: day,
    dueDate: v.null(),
    total: v.number(),
    status: v.literal('credited'),
    payLink: v.null(),
    invoiceNumber: v.string(),
  }),
]);
export type AccountInvoice = v.InferOutput<typeof accountInvoiceSchema>;
export const accountInvoicesSchema = v.object({ invoices: v.array(accountInvoiceSchema) });

export const accountSubscriptionSchema = v.object({
  id: v.string(),
  productId: v.nullable(v.number()),
  planId: v.string(),
  displayName: v.string(),
  domainName: v.nullable(v.string()),
  billing: v.picklist(['monthly', 'yearly']),
  price: v.number(),
  status: v.picklist(SUBSCRIPTION_STATUSES),
  startedOn: day,
  nextInvoiceOn: v.nullable(day),
  termEndsOn: day,
  endsOn: v.nullable(day),
  /** Complete can be upgraded to Pro (an upgrade request is a ticket for staff) */
  upgradeTo: v.nullable(v.string()),
});
export type AccountSubscription = v.InferOutput<typeof accountSubscriptionSchema>;
export const accountSubscriptionsSchema = v.object({
  subscriptions: v.array(accountSubscriptionSchema),
});
export const cancelledSubscriptionSchema = v.object({ subscription: accountSubscriptionSchema });

export const accountTicketSchema = v.object({
  id: v.string(),
  subject: v.string(),
  status: v.picklist(['open', 'answered', 'closed']),
  createdAt: v.string(),
  message: v.string(),
  messages: v.array(
    v.object({
      author: v.picklist(['customer', 'staff']),
      body: v.string(),
      createdAt: v.string(),
    }),
  ),
});
export type AccountTicket = v.InferOutput<typeof accountTicketSchema>;
export const accountTicketsSchema = v.object({ tickets: v.array(accountTicketSchema) });

export const accountBookingSchema = v.object({
  id: v.string(),
  title: v.string(),
  startTime: v.string(),
  endTime: v.string(),
  status: v.picklist(['booked', 'cancelled']),
  videoCallUrl: v.nullable(v.string()),
  /** upcoming booked calls: the token of their own page (`manageBookingLink`), else null */
  manageToken: v.nullable(v.string()),
});
export type AccountBooking = v.InferOutput<typeof accountBookingSchema>;
export const accountBookingsSchema = v.object({ bookings: v.array(accountBookingSchema) });

export const accountProfileSchema = v.object({
  profile: v.object({
    email: v.string(),
    /**
     * whether the owner proved the address with the mailed link (API.md section 13); until then
     * tickets, bookings, chats and leads others may have made with it are not shown
     */
    emailVerified: v.optional(v.boolean(), true),
    /** whether sign-in asks for a code from an authenticator app (API.md section 13) */
    twoFactorEnabled: v.optional(v.boolean(), false),
    name: v.string(),
    phone: v.string(),
    lang: v.picklist(['nl', 'en']),
    /**
     * the billing details of the last order (they are on its invoices); the checkout fills an
     * empty form with them when the account orders again
     */
    billing: v.nullable(
      v.object({
        firstname: v.string(),
        lastname: v.string(),
        company: v.string(),
        address1: v.string(),
        postalcode: v.string(),
        city: v.string(),
        state: v.string(),
        country: v.string(),
        kvk: v.string(),
        vat: v.string(),
      }),
    ),
  }),
});
export type AccountProfile = v.InferOutput<typeof accountProfileSchema>['profile'];

/** GET /api/bookings/manage?token= : the visitor's own booking. */
export const managedBookingSchema = v.object({
  booking: v.object({
    id: v.string(),
    title: v.string(),
    startTime: v.string(),
    endTime: v.string(),
    timeZone: v.string(),
    videoCallUrl: v.nullable(v.string()),
    status: v.picklist(['booked', 'cancelled']),
  }),
});
export type ManagedBooking = v.InferOutput<typeof managedBookingSchema>['booking'];

/** GET /api/account/sessions (API.md section 13): where the account is signed in. */
export const accountSessionsSchema = v.object({
  sessions: v.array(
    v.object({
      id: v.string(),
      createdAt: v.pipe(v.string(), v.isoTimestamp()),
      lastSeenAt: v.pipe(v.string(), v.isoTimestamp()),
      userAgent: v.nullable(v.string()),
      current: v.boolean(),
    }),
  ),
});
export type AccountSession = v.InferOutput<typeof accountSessionsSchema>['sessions'][number];
