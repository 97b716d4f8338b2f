import { eq, or, sql } from 'drizzle-orm';
import { BOOKING_TIME_ZONE } from '#domain/bookings.ts';
import type { Lang } from '#domain/language.ts';
import { manageBookingLink } from '#domain/links.ts';
import type { Db, Tx } from '../db/database.ts';
import { bookings, cancelledBookings } from '../db/schema.ts';
import { isUuid } from '../http/params.ts';
import { t } from '../i18n.ts';
import { notifyStaff, type Mailer } from '../mail/mail.ts';
import { hashToken } from '../security/tokens.ts';
import { bookingIcs, bookingTitle, icsAttachment, slotWhen, visitorMail } from './booking-mail.ts';
import type { BookingTokens } from './booking-tokens.ts';
import { publicBooking, type BookingRow } from './bookings.ts';

/**
 * Booking self-service in the database (booking-manage.routes.ts): finding a booking by its token,
 * cancelling it (it moves to `cancelled_bookings`, so its slot is free at once) and moving it
 * (the update of the start hits the same UNIQUE index as a new booking). Every change mails the
 * visitor an .ics with the same UID (METHOD:CANCEL, or a higher SEQUENCE) and notifies staff, in
 * the caller's transaction.
 */

type Tokens = Pick<BookingTokens, 'opens' | 'bookingIdOf'>;

function when(row: { startTime: Date; endTime: Date }, lang: Lang): string {
  return `${slotWhen(row, lang)} (Europe/Amsterdam)`;
}

/** Rows the token may open: its hash (a mailed token) or the id it names (the owner's). */
function tokenMatch(
  table: typeof bookings | typeof cancelledBookings,
  token: string,
  tokens: Tokens,
): ReturnType<typeof eq> {
  const byHash = eq(table.manageTokenHash, hashToken(token));
  const id = tokens.bookingIdOf(token);
  return id && isUuid(id) ? or(byHash, eq(table.id, id))! : byHash;
}

/** The booking `id` if the token is its own (any booking without a token), locked for `tx`. */
async function lockBooking(tx: Tx, id: string, token: string | undefined, tokens: Tokens) {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  if (!row) return null;
  if (token === undefined) return row;
  return tokens.opens(token, row) ? row : null;
}

/** The booking a token opens, as its page shows it (booked or cancelled), or null. */
export async function managedBooking(db: Db | Tx, token: string, tokens: Tokens, lang: Lang) {
  const [row] = (
    await db
      .select()
      .from(bookings)
      .where(tokenMatch(bookings, token, tokens))
  ).filter((r) => tokens.opens(token, r));
  if (row) return { ...publicBooking(row, lang), status: 'booked' as const };
  const [cancelled] = (
    await db
      .select()
      .from(cancelledBookings)
      .where(tokenMatch(cancelledBookings, token, tokens))
  ).filter((r) => tokens.opens(token, r));
  if (!cancelled) return null;
  return {
    id: cancelled.id,
    title: bookingTitle(cancelled.title, lang),
    startTime: cancelled.startTime.toISOString(),
    endTime: cancelled.endTime.toISOString(),
    timeZone: BOOKING_TIME_ZONE,
    videoCallUrl: null,
    status: 'cancelled' as const,
  };
}

/** Whether booking `id` is cancelled and the token is its own. */
export async function cancelledWithToken(
  db: Db | Tx,
  id: string,
  token: string,
  tokens: Tokens,
): Promise<boolean> {
  const [cancelled] = await db
    .select({ id: cancelledBookings.id, manageTokenHash: cancelledBookings.manageTokenHash })
    .from(cancelledBookings)
    .where(eq(cancelledBookings.id, id));
  return cancelled !== undefined && tokens.opens(token, cancelled);
}

/**
 * Cancels booking `id` with its token (the visitor) or without one (staff): `cancelled` with the
 * booking, `already` when it was cancelled before (answered like the first time: the slot is free
 * either way), null when there is no such booking or the token is not its own.
 */
export async function cancelBooking(
  tx: Tx,
  input: {
    id: string;
    token: string | undefined;
    tokens: Tokens;
    at: Date;
    mailer: Mailer | undefined;
    publicUrl: string;
  },
): Promise<{ outcome: 'cancelled'; row: BookingRow } | { outcome: 'already' } | null> {
  const { id, token, tokens, at, mailer } = input;
  const row = await lockBooking(tx, id, token, tokens);
  if (!row) {
    const [done] = await tx
      .select({ id: cancelledBookings.id, hash: cancelledBookings.manageTokenHash })
      .from(cancelledBookings)
      .where(eq(cancelledBookings.id, id));
    if (
      done &&
      (token === undefined || tokens.opens(token, { id: done.id, manageTokenHash: done.hash }))
    )
      return { outcome: 'already' };
    return null;
  }
  const sequence = row.sequence + 1;
  await tx.delete(bookings).where(eq(bookings.id, row.id));
  await tx.insert(cancelledBookings).values({
    id: row.id,
    startTime: row.startTime,
    endTime: row.endTime,
    name: row.name,
    email: row.email,
    lang: row.lang,
    title: row.title,
    manageTokenHash: row.manageTokenHash,
    sequence,
    cancelledBy: token === undefined ? 'staff' : 'visitor',
    userId: row.userId,
    bookedAt: row.createdAt,
    cancelledAt: at,
  });
  const ics = bookingIcs({ ...row, sequence }, at, mailer?.staffAddress, 'CANCEL');
  await mailer?.send(
    {
      to: row.email,
      ...visitorMail(row, row.lang, 'mail.bookingCancelled.subject', [
        t(row.lang, 'mail.bookingCancelled.body', { when: when(row, row.lang) }),
        '',
        t(row.lang, 'mail.bookingCancelled.rebook'),
        `${input.publicUrl}/schedule-consultation?lang=${row.lang}`,
      ]),
      attachments: [icsAttachment(ics, 'CANCEL')],
      kind: 'booking-cancellation',
      lang: row.lang,
    },
    tx,
  );
  await notifyStaff(mailer, tx, 'booking-notification', (staffLang) => ({
    subject: t(staffLang, 'mail.staffBookingCancelled.subject', {
      name: row.name,
      when: when(row, staffLang),
    }),
    text: [
      t(
        staffLang,
        token === undefined
          ? 'mail.staffBookingCancelled.byStaff'
          : 'mail.staffBookingCancelled.byVisitor',
      ),
      '',
      t(staffLang, 'mail.field.name', { name: row.name }),
      t(staffLang, 'mail.field.email', { email: row.email }),
      t(staffLang, 'mail.field.when', { when: when(row, staffLang) }),
      t(staffLang, 'mail.field.bookingId', { id: row.id }),
    ].join('\n'),
  }));
  return { outcome: 'cancelled', row };
}

/**
 * Moves booking `id` (its token given) to `slot`: the moved booking, or null when there is no such
 * booking or the token is not its own. A taken slot fails on the UNIQUE index (isUniqueViolation).
 */
export async function rescheduleBooking(
  tx: Tx,
  input: {
    id: string;
    token: string;
    tokens: Tokens;
    slot: { start: string; end: string };
    at: Date;
    mailer: Mailer | undefined;
    publicUrl: string;
  },
): Promise<BookingRow | null> {
  const { token, mailer } = input;
  const row = await lockBooking(tx, input.id, token, input.tokens);
  if (!row) return null;
  const [updated] = await tx
    .update(bookings)
    .set({
      startTime: new Date(input.slot.start),
      endTime: new Date(input.slot.end),
      sequence: sql`${bookings.sequence} + 1`,
    })
    .where(eq(bookings.id, row.id))
    .returning();
  const saved = updated!;
  const ics = bookingIcs(saved, input.at, mailer?.staffAddress);
  await mailer?.send(
    {
      to: saved.email,
      ...visitorMail(saved, saved.lang, 'mail.bookingMoved.subject', [
        t(saved.lang, 'mail.bookingMoved.body', { when: when(saved, saved.lang) }),
        t(saved.lang, 'mail.field.videoCall', { url: saved.videoCallUrl }),
        '',
        t(saved.lang, 'mail.bookingMoved.manage'),
        `${input.publicUrl}${manageBookingLink(token, saved.lang)}`,
      ]),
      attachments: [icsAttachment(ics, 'PUBLISH')],
      kind: 'booking-rescheduled',
      lang: saved.lang,
    },
    tx,
  );
  await notifyStaff(mailer, tx, 'booking-notification', (staffLang) => ({
    subject: t(staffLang, 'mail.staffBookingMoved.subject', {
      name: saved.name,
      when: when(saved, staffLang),
    }),
    text: [
      t(staffLang, 'mail.staffBookingMoved.body'),
      '',
      t(staffLang, 'mail.field.name', { name: saved.name }),
      t(staffLang, 'mail.field.email', { email: saved.email }),
      t(staffLang, 'mail.staffBookingMoved.was', { when: when(row, staffLang) }),
      t(staffLang, 'mail.staffBookingMoved.now', { when: when(saved, staffLang) }),
      t(staffLang, 'mail.field.bookingId', { id: saved.id }),
    ].join('\n'),
  }));
  return saved;
}
