import { asc, desc, eq } from 'drizzle-orm';
import { ticketReference, type ContactRequest } from '#domain/consultation.schema.ts';
import type { TicketStatus } from '#domain/account.schema.ts';
import type { Lang } from '#domain/language.ts';
import type { Db, Tx } from '../db/database.ts';
import { ticketMessages, tickets } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { languageName, t } from '../i18n.ts';
import { notifyStaff, type Mailer } from '../mail/mail.ts';

/**
 * Tickets: a contact form's message (stored, acknowledged to the visitor, announced to staff, all
 * in the caller's transaction), the staff's list and view of them, a staff reply (mailed to the
 * customer in the ticket's language) and a ticket's status.
 */

export type TicketRow = typeof tickets.$inferSelect;

function subjectLabel(subject: ContactRequest['subject'], lang: Lang): string {
  return subject === ''
    ? t(lang, 'mail.ticket.noSubject')
    : t(lang, `contact.form.subject.${subject}`);
}

function acknowledgement(ticket: ContactRequest, id: string, lang: Lang) {
  const ref = ticketReference(id);
  return {
    subject: t(lang, 'mail.ticket.subject', { ref }),
    text: [
      t(lang, 'mail.common.hello', { name: ticket.name }),
      '',
      t(lang, 'mail.ticket.thanks'),
      '',
      t(lang, 'mail.ticket.subjectLine', { subject: subjectLabel(ticket.subject, lang) }),
      t(lang, 'mail.ticket.yourMessage'),
      ticket.message,
      '',
      t(lang, 'mail.ticket.number', { ref }),
    ].join('\n'),
  };
}

function replyMail(ticket: TicketRow, message: string, lang: Lang) {
  const ref = ticket.id.slice(0, 8).toUpperCase();
  return {
    subject: t(lang, 'mail.ticketReply.subject', { ref }),
    text: [
      t(lang, 'mail.common.hello', { name: ticket.name }),
      '',
      message,
      '',
      t(lang, 'mail.ticketReply.original'),
      ticket.message
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n'),
      '',
      t(lang, 'mail.ticket.number', { ref }),
    ].join('\n'),
  };
}

/** Stores a contact form's ticket with the visitor's acknowledgement and the staff notice; its id. */
export async function createTicket(
  tx: Tx,
  mailer: Mailer | undefined,
  input: { request: ContactRequest; lang: Lang; userId: string | null },
): Promise<string> {
  const { request: body, lang } = input;
  const [saved] = await tx
    .insert(tickets)
    .values({
      name: body.name,
      email: body.email.toLowerCase(),
      subject: body.subject,
      message: body.message,
      lang,
      userId: input.userId,
    })
    .returning({ id: tickets.id });
  const id = saved!.id;
  await mailer?.send(
    { to: body.email, ...acknowledgement(body, id, lang), kind: 'ticket-acknowledgement', lang },
    tx,
  );
  await notifyStaff(mailer, tx, 'ticket-notification', (staffLang) => ({
    subject: t(staffLang, 'mail.staffTicket.subject', {
      subject: subjectLabel(body.subject, staffLang),
      name: body.name,
    }),
    text: [
      t(staffLang, 'mail.staffTicket.body'),
      '',
      t(staffLang, 'mail.field.name', { name: body.name }),
      t(staffLang, 'mail.field.email', { email: body.email }),
      t(staffLang, 'mail.field.language', { lang: languageName(lang, staffLang) }),
      t(staffLang, 'mail.ticket.subjectLine', { subject: subjectLabel(body.subject, staffLang) }),
      '',
      body.message,
      '',
      t(staffLang, 'mail.staffTicket.id', { id }),
    ].join('\n'),
  }));
  return id;
}

/** The newest tickets, at most `limit` (the staff list). */
export async function latestTickets(db: Db | Tx, limit: number): Promise<TicketRow[]> {
  return db.select().from(tickets).orderBy(desc(tickets.createdAt)).limit(limit);
}

/** A ticket with its messages, oldest first, as staff read it; null if there is none. */
export async function ticketThread(db: Db | Tx, id: string) {
  const [ticket] = await db.select().from(tickets).where(eq(tickets.id, id));
  if (!ticket) return null;
  const messages = await db
    .select()
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, id))
    .orderBy(asc(ticketMessages.createdAt));
  return {
    ...ticket,
    createdAt: ticket.createdAt.toISOString(),
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/**
 * A staff reply: mailed to the customer in the language of their ticket, kept as a message of the
 * ticket (with its mail), and the ticket is answered. 404 for an unknown ticket.
 */
export async function replyToTicket(
  tx: Tx,
  mailer: Mailer | undefined,
  input: { ticketId: string; staffId: string; message: string; at: Date },
) {
  const { ticketId: id, message } = input;
  const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
  if (!ticket) throw new ApiError('NOT_FOUND');
  const outboxId = await mailer?.send(
    {
      to: ticket.email,
      ...replyMail(ticket, message, ticket.lang),
      kind: 'ticket-reply',
      lang: ticket.lang,
    },
    tx,
  );
  const [saved] = await tx
    .insert(ticketMessages)
    .values({
      ticketId: id,
      author: 'staff',
      staffId: input.staffId,
      body: message,
      outboxId: outboxId ?? null,
      createdAt: input.at,
    })
    .returning();
  await tx.update(tickets).set({ status: 'answered' }).where(eq(tickets.id, id));
  return {
    message: {
      id: saved!.id,
      author: 'staff' as const,
      body: saved!.body,
      createdAt: saved!.createdAt.toISOString(),
    },
    status: 'answered' as const,
  };
}

/** Sets a ticket's status; the ticket's id and status, or null if there is none. */
export async function setTicketStatus(
  tx: Tx,
  id: string,
  status: TicketStatus,
): Promise<{ id: string; status: TicketStatus } | null> {
  const [row] = await tx
    .update(tickets)
    .set({ status })
    .where(eq(tickets.id, id))
    .returning({ id: tickets.id, status: tickets.status });
  return row ?? null;
}
