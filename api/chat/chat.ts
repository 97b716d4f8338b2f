import { and, asc, desc, eq, gt, max, sql } from 'drizzle-orm';
import type { ChatMessage, InboxConversation, MessageAuthor } from '#domain/chat.schema.ts';
import type { Lang } from '#domain/language.ts';
import { isOpenAt, type OfficeHours } from '#domain/office-hours.ts';
import type { Database, Tx } from '../db/database.ts';
import { chatAvailability, chatConversations, chatMessages } from '../db/schema.ts';
import type { Mailer } from '../mail/mail.ts';
import { hashToken, newToken } from '../security/tokens.ts';
import { notify } from './chat-hub.ts';
import { transcriptMail } from './chat-mail.ts';

/**
 * Live chat (API.md section 7): conversations and messages in the database, and the functions the
 * rest of the product calls (data export, account deletion, retention).
 *
 * Delivery across app servers: a message is written first; the same transaction sends
 * `NOTIFY chat` whose payload carries only ids (`m:<conversation>:<message>`, `c:<conversation>`
 * when closed). PostgreSQL hands it to the LISTEN connection of every app server (PGlite: to
 * its own listeners), and every stream then reads what is new from the database (chat-hub.ts).
 */

export const INBOX_LIMIT = 200;

type MessageRow = typeof chatMessages.$inferSelect;
export type ConversationRow = typeof chatConversations.$inferSelect;

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
  return newToken();
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
