import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, lt, max, sql, type SQL } from 'drizzle-orm';
import { addMonths, amsterdamDay, formatDate } from '#domain/format.ts';
import type { ChatMessage, InboxConversation, MessageAuthor } from '#domain/chat.schema.ts';
import type { Lang } from '#domain/language.ts';
import { isOpenAt, type OfficeHours } from '#domain/office-hours.ts';
import type { Database, Db, Tx } from '../db/database.ts';
import { chatAvailability, chatConversations, chatMessages } from '../db/schema.ts';
import { t } from '../i18n.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mail.ts';
import { hashToken } from '../accounts/sessions.ts';

/**
 * Live chat (API.md section 7): conversations and messages in the database, and the functions the
 * rest of the product calls (data export, account deletion, retention).
 *
 * Delivery across app servers: a message is written first; the same transaction sends
 * `NOTIFY chat` whose payload carries only ids (`m:<conversation>:<message>`, `c:<conversation>`
 * when closed). PostgreSQL hands it to the LISTEN connection of every app server (PGlite: to
 * its own listeners), and every stream then reads what is new from the database (chat-hub.ts).
 */

export const CHAT_CHANNEL = 'chat';
export const INBOX_LIMIT = 200;

export type Notice =
  | { kind: 'message'; conversationId: string; messageId: number }
  | { kind: 'closed'; conversationId: string };

export function noticePayload(notice: Notice): string {
  return notice.kind === 'message'
    ? `m:${notice.conversationId}:${notice.messageId}`
    : `c:${notice.conversationId}`;
}

export function parseNotice(payload: string): Notice | null {
  const [kind, conversationId, messageId] = payload.split(':');
  if (!conversationId) return null;
  if (kind === 'm' && messageId && /^\d+$/.test(messageId))
    return { kind: 'message', conversationId, messageId: Number(messageId) };
  if (kind === 'c') return { kind: 'closed', conversationId };
  return null;
}

async function notify(tx: Tx, notice: Notice): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${noticePayload(notice)})`);
}

type MessageRow = typeof chatMessages.$inferSelect;
type ConversationRow = typeof chatConversations.$inferSelect;

export function toChatMessage(row: Pick<MessageRow, 'id' | 'author' | 'body' | 'createdAt'>) {
  return {
    id: row.id,
    author: row.author,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  } satisfies ChatMessage;
}

type Once = {
  replay<T>(tx: Tx): Promise<{ status: number; body: T } | null>;
  remember(tx: Tx, status: number, response: unknown): Promise<void>;
};

export type Refusal = { ok: false; code: 'CHAT_OFFLINE' | 'NOT_FOUND' | 'CONVERSATION_CLOSED' };

export interface ChatService {
  /** Inside office hours and at least one staff member available (every server agrees: a table). */
  isOnline(): Promise<boolean>;
  officeHours: OfficeHours;
  /** `userId`: the account signed in when the chat starts (person-records.ts), if any. */
  start(input: {
    name: string;
    email: string;
    message: string;
    lang: Lang;
    userId?: string | null;
  }): Promise<
    | {
        ok: true;
        conversation: { id: string; status: 'open' };
        token: string;
        message: ChatMessage;
      }
    | Refusal
  >;
  /** The conversation whose visitor holds this cookie token, or null. */
  byToken(token: string): Promise<ConversationRow | null>;
  /** The conversation with its messages (oldest first), or null. */
  read(id: string): Promise<{ conversation: ConversationRow; messages: ChatMessage[] } | null>;
  /** Messages of one conversation after `afterId`, oldest first. */
  messagesAfter(id: string, afterId: number): Promise<ChatMessage[]>;
  /** The newest message id of a conversation (0 when none), or of all when `id` is null. */
  lastMessageId(id: string | null): Promise<number>;
  /** `once`: the Idempotency-Key helper of the request (a repeat answers the first message). */
  post(
    id: string,
    author: MessageAuthor,
    body: string,
    once?: Once,
  ): Promise<{ ok: true; message: ChatMessage } | Refusal>;
  /** Staff have read everything so far. */
  markRead(id: string): Promise<void>;
  /** Closes a conversation; `inTransaction` runs in the closing transaction (the audit log). */
  close(id: string, inTransaction?: (tx: Tx) => Promise<void>): Promise<{ ok: true } | Refusal>;
  inbox(): Promise<InboxConversation[]>;
  inboxEntry(id: string): Promise<InboxConversation | null>;
  /** Every message (any conversation) after `afterId`, oldest first, for the staff stream. */
  allMessagesAfter(
    afterId: number,
    limit?: number,
  ): Promise<Array<{ conversationId: string; message: ChatMessage }>>;
  getAvailability(staffId: string): Promise<boolean>;
  setAvailability(staffId: string, available: boolean): Promise<void>;
}

/** A token for the visitor's cookie: 32 random bytes, base64url. */
export function newVisitorToken(): string {
  return randomBytes(32).toString('base64url');
}

function transcriptMail(conversation: ConversationRow, messages: ChatMessage[]) {
  const lang = conversation.lang;
  const lines = messages.map((m) => {
    const who =
      m.author === 'staff' ? t(lang, 'app.brand') : conversation.name || t(lang, 'mail.chat.you');
    const at = new Date(m.createdAt).toLocaleTimeString(lang === 'nl' ? 'nl-NL' : 'en-GB', {
      timeZone: 'Europe/Amsterdam',
      hour: '2-digit',
      minute: '2-digit',
    });
    return `[${at}] ${who}: ${m.body}`;
  });
  const day = formatDate(amsterdamDay(conversation.createdAt), lang, 'long');
  return {
    subject: t(lang, 'mail.chat.subject', { brand: t(lang, 'app.brand'), day }),
    text: [
      t(lang, 'mail.common.hello', { name: conversation.name }),
      '',
      t(lang, 'mail.chat.thanks'),
      '',
      ...lines,
      '',
      t(lang, 'mail.chat.more'),
    ].join('\n'),
  };
}

export function createChatService(options: {
  database: Database;
  officeHours: OfficeHours;
  now: () => Date;
  mailer?: Mailer | undefined;
}): ChatService {
  const { database, officeHours, now, mailer } = options;

  const anyoneAvailable = async (db: Pick<Tx, 'select'> = database.db) => {
    const rows = await db
      .select({ staffId: chatAvailability.staffId })
      .from(chatAvailability)
      .where(eq(chatAvailability.available, true))
      .limit(1);
    return rows.length > 0;
  };

  // Written out with table names: drizzle leaves columns unqualified inside a select list.
  const unreadCount = sql<number>`(select count(*)::int from chat_messages m
    where m.conversation_id = chat_conversations.id and m.author = 'visitor'
    and m.id > chat_conversations.staff_read_up_to)`;

  const inboxColumns = {
    id: chatConversations.id,
    name: chatConversations.name,
    email: chatConversations.email,
    status: chatConversations.status,
    lang: chatConversations.lang,
    lastMessageAt: chatConversations.lastMessageAt,
    unread: unreadCount,
  };
  const toInbox = (row: {
    id: string;
    name: string;
    email: string;
    status: 'open' | 'closed';
    lang: 'nl' | 'en';
    lastMessageAt: Date;
    unread: number;
  }): InboxConversation => ({
    ...row,
    lastMessageAt: row.lastMessageAt.toISOString(),
    unread: Number(row.unread),
  });

  return {
    officeHours,
    async isOnline() {
      return isOpenAt(officeHours, now()) && (await anyoneAvailable());
    },

    async start(input) {
      const token = newVisitorToken();
      const at = now();
      return database.write(async (tx) => {
        // Checked inside the write, so a conversation is never opened after the last staff
        // member went away in between.
        if (!isOpenAt(officeHours, at) || !(await anyoneAvailable(tx)))
          return { ok: false as const, code: 'CHAT_OFFLINE' as const };
        const [conversation] = await tx
          .insert(chatConversations)
          .values({
            name: input.name,
            email: input.email.toLowerCase(),
            lang: input.lang,
            userId: input.userId ?? null,
            consentAt: at,
            visitorTokenHash: hashToken(token),
            createdAt: at,
            lastMessageAt: at,
          })
          .returning({ id: chatConversations.id });
        const [message] = await tx
          .insert(chatMessages)
          .values({
            conversationId: conversation!.id,
            author: 'visitor',
            body: input.message,
            createdAt: at,
          })
          .returning();
        await notify(tx, {
          kind: 'message',
          conversationId: conversation!.id,
          messageId: message!.id,
        });
        return {
          ok: true as const,
          conversation: { id: conversation!.id, status: 'open' as const },
          token,
          message: toChatMessage(message!),
        };
      });
    },

    async byToken(token) {
      const [row] = await database.db
        .select()
        .from(chatConversations)
        .where(eq(chatConversations.visitorTokenHash, hashToken(token)))
        .limit(1);
      return row ?? null;
    },

    async read(id) {
      const [conversation] = await database.db
        .select()
        .from(chatConversations)
        .where(eq(chatConversations.id, id))
        .limit(1);
      if (!conversation) return null;
      const rows = await database.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, id))
        .orderBy(asc(chatMessages.id));
      return { conversation, messages: rows.map(toChatMessage) };
    },

    async messagesAfter(id, afterId) {
      const rows = await database.db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.conversationId, id), gt(chatMessages.id, afterId)))
        .orderBy(asc(chatMessages.id));
      return rows.map(toChatMessage);
    },

    async lastMessageId(id) {
      const [row] = await database.db
        .select({ last: max(chatMessages.id) })
        .from(chatMessages)
        .where(id === null ? undefined : eq(chatMessages.conversationId, id));
      return Number(row?.last ?? 0);
    },

    async post(id, author, body, once) {
      const at = now();
      return database.write(async (tx) => {
        const previous = await once?.replay<{ message: ChatMessage }>(tx);
        if (previous) return { ok: true as const, message: previous.body.message };
        const [conversation] = await tx
          .select({ status: chatConversations.status })
          .from(chatConversations)
          .where(eq(chatConversations.id, id))
          .for('update');
        if (!conversation) return { ok: false as const, code: 'NOT_FOUND' as const };
        if (conversation.status === 'closed')
          return { ok: false as const, code: 'CONVERSATION_CLOSED' as const };
        const [message] = await tx
          .insert(chatMessages)
          .values({ conversationId: id, author, body, createdAt: at })
          .returning();
        await tx
          .update(chatConversations)
          .set({
            lastMessageAt: at,
            // a staff reply means staff have read the conversation up to here
            ...(author === 'staff' ? { staffReadUpTo: message!.id } : {}),
          })
          .where(eq(chatConversations.id, id));
        await notify(tx, { kind: 'message', conversationId: id, messageId: message!.id });
        await once?.remember(tx, 201, { message: toChatMessage(message!) });
        return { ok: true as const, message: toChatMessage(message!) };
      });
    },

    async markRead(id) {
      await database.write((tx) =>
        tx
          .update(chatConversations)
          .set({
            staffReadUpTo: sql`coalesce((select max(${chatMessages.id}) from ${chatMessages} where ${chatMessages.conversationId} = ${id}), 0)`,
          })
          .where(eq(chatConversations.id, id)),
      );
    },

    async close(id, inTransaction) {
      return database.write(async (tx) => {
        const [conversation] = await tx
          .select()
          .from(chatConversations)
          .where(eq(chatConversations.id, id))
          .for('update');
        if (!conversation) return { ok: false as const, code: 'NOT_FOUND' as const };
        // Closing twice mails once.
        if (conversation.status === 'closed') return { ok: true as const };
        await tx
          .update(chatConversations)
          .set({ status: 'closed', closedAt: now() })
          .where(eq(chatConversations.id, id));
        const rows = await tx
          .select()
          .from(chatMessages)
          .where(eq(chatMessages.conversationId, id))
          .orderBy(asc(chatMessages.id));
        await mailer?.send(
          {
            to: conversation.email,
            ...transcriptMail(conversation, rows.map(toChatMessage)),
            kind: 'chat-transcript',
            lang: conversation.lang,
          },
          tx,
        );
        await notify(tx, { kind: 'closed', conversationId: id });
        await inTransaction?.(tx);
        return { ok: true as const };
      });
    },

    async inbox() {
      const rows = await database.db
        .select(inboxColumns)
        .from(chatConversations)
        .orderBy(desc(chatConversations.lastMessageAt))
        .limit(INBOX_LIMIT);
      return rows.map(toInbox);
    },

    async inboxEntry(id) {
      const [row] = await database.db
        .select(inboxColumns)
        .from(chatConversations)
        .where(eq(chatConversations.id, id));
      return row ? toInbox(row) : null;
    },

    async allMessagesAfter(afterId, limit = 500) {
      const rows = await database.db
        .select()
        .from(chatMessages)
        .where(gt(chatMessages.id, afterId))
        .orderBy(asc(chatMessages.id))
        .limit(limit);
      return rows.map((row) => ({
        conversationId: row.conversationId,
        message: toChatMessage(row),
      }));
    },

    async getAvailability(staffId) {
      const [row] = await database.db
        .select({ available: chatAvailability.available })
        .from(chatAvailability)
        .where(eq(chatAvailability.staffId, staffId));
      return row?.available ?? false;
    },

    async setAvailability(staffId, available) {
      await database.write((tx) =>
        tx
          .insert(chatAvailability)
          .values({ staffId, available, updatedAt: now() })
          .onConflictDoUpdate({
            target: chatAvailability.staffId,
            set: { available, updatedAt: sql`excluded.updated_at` },
          }),
      );
    },
  };
}

// ------------------------------------------------------------------------------------------------
// Privacy: for the data export and account deletion (engineer "accounts"), and retention

export interface ChatTranscript {
  id: string;
  name: string;
  email: string;
  lang: 'nl' | 'en';
  status: 'open' | 'closed';
  consentAt: string;
  createdAt: string;
  closedAt: string | null;
  messages: ChatMessage[];
}

/** Every conversation of an address, or those a condition picks (person-records.ts's gate). */
function conversationsOf(who: string | SQL): SQL {
  return typeof who === 'string' ? eq(chatConversations.email, who.trim().toLowerCase()) : who;
}

/**
 * The conversations of an address (every one), or those a condition picks (the data export passes
 * person-records.ts's gate), with their messages (for GET /api/account/export).
 */
export async function exportChatTranscripts(
  from: Database | Db | Tx,
  who: string | SQL,
): Promise<ChatTranscript[]> {
  const db = 'db' in from ? from.db : from;
  const conversations = await db
    .select()
    .from(chatConversations)
    .where(conversationsOf(who))
    .orderBy(asc(chatConversations.createdAt));
  if (conversations.length === 0) return [];
  const messages = await db
    .select()
    .from(chatMessages)
    .where(
      inArray(
        chatMessages.conversationId,
        conversations.map((c) => c.id),
      ),
    )
    .orderBy(asc(chatMessages.id));
  return conversations.map((c) => ({
    id: c.id,
    name: c.name,
    email: c.email,
    lang: c.lang,
    status: c.status,
    consentAt: c.consentAt.toISOString(),
    createdAt: c.createdAt.toISOString(),
    closedAt: c.closedAt?.toISOString() ?? null,
    messages: messages.filter((m) => m.conversationId === c.id).map(toChatMessage),
  }));
}

/**
 * Deletes every conversation (and its messages) of this email address, or those the condition
 * picks; returns how many. Pass
 * the caller's transaction to delete together with the account.
 */
export async function deleteChatTranscripts(
  target: Database | Tx,
  who: string | SQL,
): Promise<number> {
  const run = async (t: Tx) => {
    const deleted = await t
      .delete(chatConversations)
      .where(conversationsOf(who))
      .returning({ id: chatConversations.id });
    return deleted.length;
  };
  return 'write' in target ? target.write(run) : run(target);
}

export const DEFAULT_CHAT_RETENTION_MONTHS = 12;
/** Session advisory lock key of the retention job ("storefront chat retention"). */
export const CHAT_RETENTION_LOCK_KEY = '7246183502120';

/**
 * Deletes conversations whose last message is older than `months` months before `now`. On
 * PostgreSQL one run at a time across app servers (`pg_try_advisory_xact_lock`: a server that
 * finds it taken skips this run, returns null); PGlite is one server. Returns how many went.
 */
export async function removeExpiredConversations(
  database: Database,
  options: { now: Date; months: number; logger?: Logger },
): Promise<number | null> {
  const cutoff = new Date(`${addMonths(amsterdamDay(options.now), -options.months)}T00:00:00Z`);
  const removed = await database.write(async (tx) => {
    if (database.kind === 'postgres') {
      const lock = await tx.execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(${CHAT_RETENTION_LOCK_KEY}::bigint) as locked`,
      );
      if (!lock.rows[0]?.locked) return null;
    }
    const deleted = await tx
      .delete(chatConversations)
      .where(lt(chatConversations.lastMessageAt, cutoff))
      .returning({ id: chatConversations.id });
    return deleted.length;
  });
  if (removed !== null)
    options.logger?.info({ removed, cutoff: cutoff.toISOString() }, 'chat retention run');
  return removed;
}

export const RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;

/** The daily retention job of one app server: first run a minute after start, then daily. */
export function startChatRetentionJob(options: {
  database: Database;
  months: number;
  logger: Logger;
  now?: () => Date;
  firstRunMs?: number;
}): { stop(): void } {
  const now = options.now ?? (() => new Date());
  const run = () =>
    void removeExpiredConversations(options.database, {
      now: now(),
      months: options.months,
      logger: options.logger,
    }).catch((error: unknown) => options.logger.warn({ err: error }, 'chat retention run failed'));
  const first = setTimeout(run, options.firstRunMs ?? 60_000);
  const daily = setInterval(run, RETENTION_EVERY_MS);
  first.unref();
  daily.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(daily);
    },
  };
}
