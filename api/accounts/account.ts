import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type {
  AccountBooking,
  AccountInvoice,
  AccountOrder,
  AccountSubscription,
  AccountTicket,
  AccountProfile,
  profileUpdateSchema,
} from '#domain/account.schema.ts';
import { normalizePostalCode, type BillingDetails } from '#domain/checkout.schema.ts';
import type * as v from 'valibot';
import { optionById } from '#domain/catalogue.ts';
import { amsterdamDay, type IsoDay } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import { payPageLink } from '#domain/links.ts';
import { cancelSubscription } from '#domain/subscriptions.ts';
import { storedLineName } from '#domain/totals.ts';
import type { Db, Tx } from '../db/database.ts';
import { customerProfiles, invoices, orders, subscriptions, tickets, users } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import {
  accountCreditNotes,
  creditedTotals,
  shownStatus,
} from '../credit-notes/credit-notes.service.ts';
import { t } from '../i18n.ts';
import { withdrawableUntil, withdrawnOrders } from '../withdrawals/withdrawals.service.ts';
import type { BookingTokens } from '../bookings/booking-tokens.ts';
import { bookingTitle } from '../bookings/booking-mail.ts';
import { notifyStaff, type Mailer } from '../mail/mail.ts';
import {
  bookingsOf,
  ordersWithLines,
  ticketsWithMessages,
  userWithProfile,
  type Person,
} from './person-records.ts';
import { activeSecret } from '../security/two-factor.ts';
import {
  accountSubscription,
  selectSubscriptionViews,
  subscriptionFacts,
} from '../billing/subscription-view.ts';

/**
 * The client area's reads and writes (API.md section 6). Every query is narrowed to the signed-in
 * user, so another client's record is simply not found (404). Tables of the orders area are read
 * directly (decision A1): this service adds no second way to write them.
 */

export async function listOrders(
  db: Db | Tx,
  userId: string,
  lang: Lang,
  now: Date = new Date(),
): Promise<AccountOrder[]> {
  const rows = await ordersWithLines(db, userId, desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // The order's own invoice is its first one (renewals come later).
  const firstInvoices = await db
    .select({ orderId: invoices.orderId, number: invoices.number, buyer: invoices.buyer })
    .from(invoices)
    .where(inArray(invoices.orderId, ids))
    .orderBy(asc(invoices.issuedAt), asc(invoices.sequence));
  const withdrawn = await withdrawnOrders(db, ids);
  return rows.map((o) => ({
    id: o.id,
    createdAt: o.createdAt.toISOString(),
    invoiceNumber: firstInvoices.find((i) => i.orderId === o.id)?.number ?? null,
    // Issue 42: the last day to withdraw while the period runs (consumer orders only), else null.
    withdrawableUntil: withdrawableUntil(
      {
        createdAt: o.createdAt,
        buyer: firstInvoices.find((i) => i.orderId === o.id)?.buyer ?? { kvk: '-' },
      },
      withdrawn.has(o.id),
      now,
    ),
    status: o.status,
    total: o.dueToday,
    lines: o.lines.map((l) => ({
      productId: l.productId,
      // Named in the page's language, whichever language the order was placed in.
      displayName: storedLineName({ ...l, id: l.planId }, lang),
      billing: l.billing,
      price: l.price,
    })),
  }));
}

/**
 * The client area's invoices and credit notes (API.md sections 6 and 10), newest first: each
 * entry with `kind`; an invoice with nothing left to credit has `status: "credited"` and no pay
 * link; a credit note names its invoice.
 */
export async function listInvoices(
  db: Db | Tx,
  userId: string,
  options: { publicUrl: string; lang: Lang },
): Promise<AccountInvoice[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.sequence));
  const credited = await creditedTotals(
    db,
    rows.map((i) => i.id),
  );
  // Credit notes first: at the same moment, the credit note is the later document.
  const entries: Array<AccountInvoice & { at: number }> = [];
  for (const note of await accountCreditNotes(db, userId)) {
    const { issuedAt, ...entry } = note;
    entries.push({ at: issuedAt.getTime(), ...entry });
  }
  for (const i of rows) {
    const status = shownStatus(i, credited.get(i.id));
    entries.push({
      at: i.issuedAt.getTime(),
      kind: 'invoice' as const,
      number: i.number,
      issueDate: i.issueDate,
      dueDate: i.dueDate,
      total: i.total,
      status,
      payLink:
        status === 'open'
          ? payPageLink({ invoiceNumber: i.number, lang: options.lang, origin: options.publicUrl })
          : null,
    });
  }
  // Newest first (a stable sort).
  return entries
    .map((entry, position) => ({ entry, position }))
    .sort((a, b) => b.entry.at - a.entry.at || a.position - b.position)
    .map(({ entry: { at: _at, ...entry } }) => entry);
}

export async function listSubscriptions(
  db: Db | Tx,
  userId: string,
  today: IsoDay,
  lang: Lang,
): Promise<AccountSubscription[]> {
  const rows = await selectSubscriptionViews(db, eq(subscriptions.userId, userId)).orderBy(
    desc(subscriptions.createdAt),
    asc(subscriptions.displayName),
  );
  return rows.map((r) => accountSubscription(r, today, lang));
}

/** Cancels with one month's notice (domain/subscriptions.ts); 404 for anyone else's. */
export async function cancelOwnSubscription(
  tx: Tx,
  input: { userId: string; subscriptionId: string; at: Date; lang: Lang },
): Promise<AccountSubscription> {
  const [row] = await selectSubscriptionViews(
    tx,
    and(eq(subscriptions.id, input.subscriptionId), eq(subscriptions.userId, input.userId)),
  ).for('update', { of: subscriptions });
  if (!row) throw new ApiError('NOT_FOUND');
  const today = amsterdamDay(input.at);
  const outcome = cancelSubscription(subscriptionFacts(row), today);
  if (!outcome.ok) throw new ApiError('ALREADY_CANCELLED');
  const [updated] = await tx
    .update(subscriptions)
    .set({ endsOn: outcome.endsOn, cancelledAt: input.at })
    .where(eq(subscriptions.id, row.id))
    .returning();
  return accountSubscription({ ...row, ...updated! }, today, input.lang);
}

/** The person's tickets, newest first (the gate of person-records.ts applied). */
export async function listTickets(db: Db | Tx, person: Person): Promise<AccountTicket[]> {
  const rows = await ticketsWithMessages(db, person, desc(tickets.createdAt));
  return rows.map((t) => ({
    id: t.id,
    subject: t.subject,
    status: t.status,
    createdAt: t.createdAt.toISOString(),
    message: t.message,
    messages: t.messages.map((m) => ({
      author: m.author,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    })),
  }));
}

/**
 * The client's consultations, newest first. A call still to come carries the token of its own page
 * (`/consultation/manage`, to move or cancel it): the owner's derived token (decision A10).
 */
export async function listBookings(
  db: Db | Tx,
  person: Person,
  options: { now: Date; tokens: Pick<BookingTokens, 'forOwner'>; lang: Lang },
): Promise<AccountBooking[]> {
  const { booked, cancelled } = await bookingsOf(db, person);
  return [
    ...booked.map((b) => ({
      id: b.id,
      title: bookingTitle(b.title, options.lang),
      startTime: b.startTime.toISOString(),
      endTime: b.endTime.toISOString(),
      status: 'booked' as const,
      videoCallUrl: b.videoCallUrl,
      manageToken: b.startTime > options.now ? options.tokens.forOwner(b) : null,
    })),
    ...cancelled.map((b) => ({
      id: b.id,
      title: bookingTitle(b.title, options.lang),
      startTime: b.startTime.toISOString(),
      endTime: b.endTime.toISOString(),
      status: 'cancelled' as const,
      videoCallUrl: null,
      manageToken: null,
    })),
  ].sort((a, b) => b.startTime.localeCompare(a.startTime));
}

export async function readProfile(db: Db | Tx, userId: string): Promise<AccountProfile> {
  const { user, profile } = await userWithProfile(db, userId);
  if (!user) throw new ApiError('UNAUTHORIZED');
  return {
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    twoFactorEnabled: (await activeSecret(db, userId)) !== null,
    name: user.name,
    phone: profile?.phone ?? '',
    lang: profile?.lang ?? 'en',
    billing: profile
      ? {
          firstname: profile.firstname,
          lastname: profile.lastname,
          company: profile.company,
          address1: profile.address1,
          postalcode: profile.postalcode,
          city: profile.city,
          state: profile.state,
          country: profile.country,
          kvk: profile.kvk,
          vat: profile.vat,
        }
      : null,
  };
}

/** The name, phone and language of the account (PUT /account/profile); the profile as now stored. */
export async function updateProfile(
  tx: Tx,
  userId: string,
  body: v.InferOutput<typeof profileUpdateSchema>,
): Promise<AccountProfile> {
  await tx.update(users).set({ name: body.name }).where(eq(users.id, userId));
  await tx
    .update(customerProfiles)
    .set({ phone: body.phone, ...(body.lang ? { lang: body.lang } : {}) })
    .where(eq(customerProfiles.userId, userId));
  return readProfile(tx, userId);
}

/**
 * The details new invoices (renewals too) are addressed with; issued ones keep theirs. An account
 * that never ordered (staff) has none to change: 404.
 */
export async function updateBilling(
  tx: Tx,
  userId: string,
  body: BillingDetails,
  at: Date,
): Promise<AccountProfile> {
  const changed = await tx
    .update(customerProfiles)
    .set({
      ...body,
      postalcode: normalizePostalCode(body.country, body.postalcode),
      updatedAt: at,
    })
    .where(eq(customerProfiles.userId, userId))
    .returning({ userId: customerProfiles.userId });
  if (changed.length === 0) throw new ApiError('NOT_FOUND');
  return readProfile(tx, userId);
}

function upgradeText(lang: Lang, from: string, to: string, note: string): string {
  const request = t(lang, 'account.upgrade.ticket', { from, to });
  return (note ? `${request}\n${t(lang, 'account.upgrade.ticketNote', { note })}` : request).trim();
}

/**
 * An upgrade request (Complete to Pro) becomes a ticket for staff, with its notification mail;
 * the customer sees it among their tickets. Only an active subscription with an upgrade path.
 */
export async function requestUpgrade(
  tx: Tx,
  input: {
    userId: string;
    email: string;
    name: string;
    subscriptionId: string;
    note: string;
    lang: Lang;
    at: Date;
    mailer?: Mailer | undefined;
  },
): Promise<{ ticketId: string }> {
  const [row] = await selectSubscriptionViews(
    tx,
    and(eq(subscriptions.id, input.subscriptionId), eq(subscriptions.userId, input.userId)),
  );
  if (!row) throw new ApiError('NOT_FOUND');
  const view = accountSubscription(row, amsterdamDay(input.at));
  if (!view.upgradeTo)
    throw new ApiError('VALIDATION_FAILED', {
      fields: { subscriptionId: 'account.upgrade.notAvailable' },
    });
  const target = optionById(view.upgradeTo)?.displayName[input.lang] ?? view.upgradeTo;
  const message = upgradeText(input.lang, row.displayName, target, input.note);
  const [ticket] = await tx
    .insert(tickets)
    .values({
      name: input.name || input.email,
      email: input.email,
      subject: 'upgrade',
      message,
      lang: input.lang,
      // Made signed in: the account's own, whether or not its address is proven yet.
      userId: input.userId,
    })
    .returning({ id: tickets.id });
  await notifyStaff(input.mailer, tx, 'upgrade-request', (staffLang) => {
    const from = optionById(row.planId)?.displayName[staffLang] ?? row.displayName;
    const to = optionById(view.upgradeTo!)?.displayName[staffLang] ?? target;
    return {
      subject: t(staffLang, 'mail.staffUpgrade.subject', { from, to, email: input.email }),
      text: [
        upgradeText(staffLang, from, to, input.note),
        '',
        t(staffLang, 'mail.staffUpgrade.customer', {
          customer: `${input.name} <${input.email}>`,
        }),
        t(staffLang, 'mail.staffUpgrade.subscription', { id: row.id }),
        t(staffLang, 'mail.staffTicket.id', { id: ticket!.id }),
      ].join('\n'),
    };
  });
  return { ticketId: ticket!.id };
}
