/**
 * Live chat (issue 14, API.md section 7): conversations and their messages. Conventions as in
 * schema.ts.
 *
 * - The visitor reaches a conversation only with the token in their HttpOnly cookie; the table
 *   keeps its sha256 (`visitor_token_hash`), never the token.
 * - `consent_at`: when the visitor agreed to the privacy notice (asked before the first message).
 * - Message ids are one identity sequence across all conversations: increasing, so they are the
 *   SSE `id:` and `Last-Event-ID` resumes with "id greater than".
 * - `staff_read_up_to`: the last message id staff have seen; the inbox's unread count is the
 *   visitor messages after it.
 * - Deleting a conversation deletes its messages (retention job, account deletion).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { madeByUser } from './schema-bookings.ts';

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** lowercased */
    email: text('email').notNull(),
    lang: text('lang').$type<'nl' | 'en'>().notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    visitorTokenHash: text('visitor_token_hash').notNull(),
    staffReadUpTo: bigint('staff_read_up_to', { mode: 'number' }).notNull().default(0),
    userId: madeByUser(),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('chat_conversations_status_check', sql`${t.status} in ('open', 'closed')`),
    check('chat_conversations_lang_check', sql`${t.lang} in ('nl', 'en')`),
    index('chat_conversations_last_message_at_idx').on(t.lastMessageAt),
    index('chat_conversations_email_idx').on(t.email),
    index('chat_conversations_visitor_token_hash_idx').on(t.visitorTokenHash),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    author: text('author').$type<'visitor' | 'staff'>().notNull(),
    /** plain text, 1 to 2000 characters */
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('chat_messages_author_check', sql`${t.author} in ('visitor', 'staff')`),
    check('chat_messages_body_length_check', sql`char_length(${t.body}) between 1 and 2000`),
    index('chat_messages_conversation_id_id_idx').on(t.conversationId, t.id),
  ],
);

/**
 * The live-chat event streams open right now, on any app server (issue 38): a lease per stream,
 * renewed with each keep-alive and deleted when the stream ends, so the caps per visitor and per
 * conversation (api/chat/chat-streams.ts) hold across servers; a lease past `expires_at`
 * (its server died) no longer counts.
 */
export const chatStreams = pgTable(
  'chat_streams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    /** who holds it: the conversation's visitor (cookie) or staff */
    holder: text('holder').$type<'visitor' | 'staff'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('chat_streams_holder_check', sql`${t.holder} in ('visitor', 'staff')`),
    index('chat_streams_conversation_id_idx').on(t.conversationId),
    index('chat_streams_expires_at_idx').on(t.expiresAt),
  ],
);
