import { auditEntriesAbout } from '../security/audit.ts';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.ts';
import { deleteChatTranscripts, exportChatTranscripts } from '../chat/chat-privacy.ts';
import {
  bookings,
  cancelledBookings,
  consultationSurveys,
  customerProfiles,
  emailVerificationTokens,
  invoices,
  leads,
  orders,
  outbox,
  passwordResetTokens,
  payments,
  sessions,
  subscriptions,
  tickets,
  users,
} from '../db/schema.ts';
import {
  bookingsOf,
  chatsOf,
  childrenByParent,
  leadsOf,
  mailsOf,
  ordersWithLines,
  recordsOf,
  ticketsWithMessages,
  userWithProfile,
  type Person,
} from './person-records.ts';

export type { Person } from './person-records.ts';

/**
 * The data export and the erasure of API.md section 6 ("everything stored about the signed-in
 * person") as one list of personal-data providers. Each provider knows one part of the database:
 * what it holds about a person (for the export) and how to erase or anonymise it (for the
 * deletion). The export and the deletion iterate the same list, so a part added here is in both.
 * Other areas add their provider to `PERSONAL_DATA_PROVIDERS` (live chat: transcripts).
 *
 * Records found by the address (leads, tickets, bookings, chats, mails) go through the gate of
 * person-records.ts: until the address is proven, only those the account made itself.
 */

export interface PersonalDataProvider {
  /** the key of this part in the export */
  key: string;
  export(db: Db | Tx, person: Person): Promise<unknown>;
  /** Erases or anonymises; runs inside the deletion's one transaction. */
  erase(tx: Tx, person: Person): Promise<void>;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The account itself: exported; anonymised last (see eraseAccount), never deleted (invoices). */
const accountProvider: PersonalDataProvider = {
  key: 'account',
  async export(db, person) {
    const { user, profile } = await userWithProfile(db, person.userId);
    return {
      email: user?.email ?? person.email,
      name: user?.name ?? '',
      role: user?.role ?? 'client',
      createdAt: iso(user?.createdAt ?? null),
      profile: profile ? { ...profile, updatedAt: iso(profile.updatedAt) } : null,
    };
  },
  async erase(tx, person) {
    await tx.delete(customerProfiles).where(eq(customerProfiles.userId, person.userId));
    await tx.delete(sessions).where(eq(sessions.userId, person.userId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, person.userId));
    await tx
      .delete(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, person.userId));
  },
};

/**
 * Orders and invoices are kept for the legal retention period (Dutch tax law: seven years) with
 * the billing details they carry; the export shows them. Orders keep only what the invoices need.
 */
const ordersProvider: PersonalDataProvider = {
  key: 'orders',
  async export(db, person) {
    const rows = await ordersWithLines(db, person.userId, asc(orders.createdAt));
    return rows.map((o) => ({
      ...o,
      createdAt: iso(o.createdAt),
      lines: o.lines.map(({ id: _id, orderId: _orderId, ...line }) => line),
    }));
  },
  async erase() {
    // Kept: they are the basis of the invoices (retention period).
  },
};

const invoicesProvider: PersonalDataProvider = {
  key: 'invoices',
  async export(db, person) {
    const rows = await db
      .select()
      .from(invoices)
      .where(eq(invoices.userId, person.userId))
      .orderBy(asc(invoices.issuedAt));
    const paymentsOf = await childrenByParent(
      rows.map((r) => r.id),
      (ids) => db.select().from(payments).where(inArray(payments.invoiceId, ids)),
      (p) => p.invoiceId,
    );
    return rows.map((i) => ({
      number: i.number,
      issueDate: i.issueDate,
      dueDate: i.dueDate,
      status: i.status,
      paidAt: iso(i.paidAt),
      seller: i.seller,
      buyer: i.buyer,
      lines: i.lines,
      subtotal: i.subtotal,
      vatRate: i.vatRate,
      vat: i.vat,
      total: i.total,
      payments: paymentsOf(i.id).map((p) => ({
        provider: p.provider,
        method: p.method,
        amount: p.amount,
        status: p.status,
        createdAt: iso(p.createdAt),
      })),
    }));
  },
  async erase() {
    // Kept for the legal retention period, with the billing details they carry (decision A4).
  },
};

const subscriptionsProvider: PersonalDataProvider = {
  key: 'subscriptions',
  async export(db, person) {
    const rows = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, person.userId))
      .orderBy(asc(subscriptions.createdAt));
    return rows.map((s) => ({
      ...s,
      createdAt: iso(s.createdAt),
      cancelledAt: iso(s.cancelledAt),
    }));
  },
  async erase(tx, person) {
    // Nothing renews for an account that no longer exists (decision A4).
    await tx
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(and(eq(subscriptions.userId, person.userId), ne(subscriptions.status, 'cancelled')));
  },
};

const leadsProvider: PersonalDataProvider = {
  key: 'leads',
  async export(db, person) {
    const rows = await db.select().from(leads).where(leadsOf(person));
    return rows.map(({ userId: _madeBy, ...l }) => ({
      ...l,
      createdAt: iso(l.createdAt),
      consentAt: iso(l.consentAt),
    }));
  },
  async erase(tx, person) {
    await tx.delete(leads).where(leadsOf(person));
  },
};

const consentsProvider: PersonalDataProvider = {
  key: 'consents',
  async export(db, person) {
    const rows = await db
      .select({ source: leads.source, subscribe: leads.subscribe, consentAt: leads.consentAt })
      .from(leads)
      .where(leadsOf(person));
    const orderRows = await db
      .select({ createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.userId, person.userId));
    return [
      ...rows.map((r) => ({
        what: 'followUpMail',
        source: r.source,
        given: r.subscribe,
        at: iso(r.consentAt),
      })),
      // Checkout refuses an order without agreement to the terms and the privacy policy.
      ...orderRows.map((o) => ({
        what: 'termsAndPrivacy',
        source: 'checkout',
        given: true,
        at: iso(o.createdAt),
      })),
    ];
  },
  async erase() {
    // Erased with the leads that carry them.
  },
};

const ticketsProvider: PersonalDataProvider = {
  key: 'tickets',
  async export(db, person) {
    const rows = await ticketsWithMessages(db, person, asc(tickets.createdAt));
    return rows.map(({ userId: _madeBy, ...t }) => ({
      ...t,
      createdAt: iso(t.createdAt),
      messages: t.messages.map((m) => ({
        author: m.author,
        body: m.body,
        createdAt: iso(m.createdAt),
      })),
    }));
  },
  async erase(tx, person) {
    // The messages go with their tickets (ON DELETE CASCADE).
    await tx.delete(tickets).where(recordsOf(person, tickets));
  },
};

const bookingsProvider: PersonalDataProvider = {
  key: 'bookings',
  async export(db, person) {
    const { booked, cancelled } = await bookingsOf(db, person);
    const surveysOf = await childrenByParent(
      [...booked, ...cancelled].map((b) => b.id),
      (ids) =>
        db.select().from(consultationSurveys).where(inArray(consultationSurveys.bookingId, ids)),
      (s) => s.bookingId,
    );
    const surveyOf = (id: string) =>
      surveysOf(id).map((s) => ({
        priority: s.priority,
        notes: s.notes,
        createdAt: iso(s.createdAt),
      }));
    // What a booked and a cancelled consultation both hold.
    const call = (b: (typeof booked)[number] | (typeof cancelled)[number], status: string) => ({
      id: b.id,
      status,
      name: b.name,
      email: b.email,
      lang: b.lang,
      title: b.title,
      startTime: iso(b.startTime),
      endTime: iso(b.endTime),
    });
    return [
      ...booked.map((b) => ({
        ...call(b, 'booked'),
        videoCallUrl: b.videoCallUrl,
        createdAt: iso(b.createdAt),
        surveys: surveyOf(b.id),
      })),
      ...cancelled.map((b) => ({
        ...call(b, 'cancelled'),
        createdAt: iso(b.bookedAt),
        cancelledAt: iso(b.cancelledAt),
        surveys: surveyOf(b.id),
      })),
    ];
  },
  async erase(tx, person) {
    const { booked, cancelled } = await bookingsOf(tx, person);
    const ids = [...booked, ...cancelled].map((b) => b.id);
    if (ids.length)
      await tx.delete(consultationSurveys).where(inArray(consultationSurveys.bookingId, ids));
    // A future call is simply gone: its slot is free again.
    await tx.delete(bookings).where(recordsOf(person, bookings));
    await tx.delete(cancelledBookings).where(recordsOf(person, cancelledBookings));
  },
};

/** Mails to the person: exported (headers and text); erased, since they repeat everything above. */
const mailsProvider: PersonalDataProvider = {
  key: 'mails',
  async export(db, person) {
    const rows = await db.select().from(outbox).where(mailsOf(person)).orderBy(asc(outbox.id));
    return rows.map((m) => ({
      subject: m.subject,
      kind: m.kind,
      status: m.status,
      createdAt: iso(m.createdAt),
      sentAt: iso(m.sentAt),
      text: m.text,
    }));
  },
  async erase(tx, person) {
    await tx.delete(outbox).where(mailsOf(person));
  },
};

/** Live-chat transcripts (api/chat/chat.ts), found by the account's address (gated). */
const chatTranscripts: PersonalDataProvider = {
  key: 'chatMessages',
  export: (db, person) => exportChatTranscripts(db, chatsOf(person)),
  async erase(tx, person) {
    await deleteChatTranscripts(tx, chatsOf(person));
  },
};

/**
 * The security log's entries about the person (API.md section 13): exported; never erased, as the
 * database refuses it (the log is append-only, decision D45C-1).
 */
const securityLogProvider: PersonalDataProvider = {
  key: 'securityLog',
  export: (db, person) => auditEntriesAbout(db, person),
  erase: async () => undefined,
};

/**
 * Every part of the database that holds personal data, in export order. The live chat's
 * transcripts are added here by the chat area (`chatMessages`), with the same two functions.
 */
export const PERSONAL_DATA_PROVIDERS: PersonalDataProvider[] = [
  accountProvider,
  ordersProvider,
  invoicesProvider,
  subscriptionsProvider,
  leadsProvider,
  ticketsProvider,
  bookingsProvider,
  consentsProvider,
  mailsProvider,
  chatTranscripts,
  securityLogProvider,
];

/** Everything stored about the person, one key per provider. */
export async function exportPersonalData(
  db: Db | Tx,
  person: Person,
  providers: readonly PersonalDataProvider[] = PERSONAL_DATA_PROVIDERS,
): Promise<Record<string, unknown>> {
  const parts: Record<string, unknown> = {};
  for (const provider of providers) parts[provider.key] = await provider.export(db, person);
  return parts;
}

/** The address an erased account keeps: unique, lowercase, undeliverable (RFC 2606 `.invalid`). */
export function erasedEmail(userId: string): string {
  return `erased-${userId}@erased.invalid`;
}

/**
 * Erases the person in the caller's one transaction: every provider erases its part, then the
 * account row is anonymised (it stays, because the retained invoices and orders point at it).
 */
export async function erasePersonalData(
  tx: Tx,
  person: Person,
  providers: readonly PersonalDataProvider[] = PERSONAL_DATA_PROVIDERS,
): Promise<void> {
  for (const provider of providers) await provider.erase(tx, person);
  await tx
    .update(users)
    .set({ email: erasedEmail(person.userId), name: '', passwordHash: null })
    .where(eq(users.id, person.userId));
}
