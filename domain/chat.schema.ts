// Live chat (API.md section 7): the request and answer shapes shared by the server's validators,
// the visitor widget and the staff inbox, and the few rules of a message.

import * as v from 'valibot';
import { multiLine, singleLine } from './text.ts';
import { emailSchema } from './consultation.schema.ts';
import { HOLIDAY_RULES, WEEKDAYS } from './office-hours.ts';

/** A message is 1 to 2000 characters of plain text (after trimming), shown as text, never HTML. */
export const MESSAGE_MAX_LENGTH = 2000;
export const NAME_MAX_LENGTH = 120;

export const messageBodySchema = v.pipe(
  v.optional(v.string('chat.validation.messageRequired'), ''),
  v.trim(),
  v.nonEmpty('chat.validation.messageRequired'),
  v.maxLength(MESSAGE_MAX_LENGTH, 'chat.validation.messageTooLong'),
  multiLine(),
);

/** POST /api/chat/conversations: consent must be `true` (asked before the first message). */
export const startConversationSchema = v.object({
  name: v.pipe(
    v.optional(v.string('form.validation.required'), ''),
    v.trim(),
    v.nonEmpty('form.validation.required'),
    v.maxLength(NAME_MAX_LENGTH, 'form.validation.invalid'),
    singleLine(),
  ),
  email: emailSchema,
  message: messageBodySchema,
  consent: v.pipe(
    v.optional(v.boolean('chat.validation.consentRequired'), false),
    v.value(true, 'chat.validation.consentRequired'),
  ),
});
export type StartConversation = v.InferOutput<typeof startConversationSchema>;

/** POST .../messages */
export const postMessageSchema = v.object({ body: messageBodySchema });

export const CONVERSATION_STATUSES = ['open', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
export const MESSAGE_AUTHORS = ['visitor', 'staff'] as const;
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number];

export const chatMessageSchema = v.object({
  /** increasing across the whole database: the SSE `id:` and the `Last-Event-ID` to resume from */
  id: v.number(),
  author: v.picklist(MESSAGE_AUTHORS),
  body: v.string(),
  createdAt: v.string(),
});
export type ChatMessage = v.InferOutput<typeof chatMessageSchema>;

export const conversationSchema = v.object({
  id: v.string(),
  status: v.picklist(CONVERSATION_STATUSES),
});

export const startConversationAnswerSchema = v.object({ conversation: conversationSchema });
export const conversationAnswerSchema = v.object({
  conversation: conversationSchema,
  messages: v.array(chatMessageSchema),
});
/** GET /api/chat/current: the conversation of this browser's cookie, or null. */
export const currentConversationAnswerSchema = v.object({
  conversation: v.nullable(conversationSchema),
  messages: v.array(chatMessageSchema),
});
export const messageAnswerSchema = v.object({ message: chatMessageSchema });

/** GET /api/chat-status: `online` (API.md), plus the office hours the contact page describes. */
export const chatStatusSchema = v.object({
  online: v.boolean(),
  officeHours: v.optional(
    v.object({
      windows: v.array(
        v.object({
          days: v.array(v.picklist(WEEKDAYS)),
          from: v.number(),
          to: v.number(),
        }),
      ),
      holidays: v.picklist(HOLIDAY_RULES),
    }),
  ),
});
export type ChatStatus = v.InferOutput<typeof chatStatusSchema>;

/** SPEC 9: the chat status is polled on load and every 60 seconds (contact options, chat widget). */
export const CHAT_POLL_MS = 60_000;

/** GET /api/admin/chat/conversations */
export const inboxConversationSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  status: v.picklist(CONVERSATION_STATUSES),
  lang: v.optional(v.picklist(['nl', 'en'])),
  lastMessageAt: v.string(),
  unread: v.number(),
});
export type InboxConversation = v.InferOutput<typeof inboxConversationSchema>;
export const inboxAnswerSchema = v.object({ conversations: v.array(inboxConversationSchema) });

export const chatAvailabilityAnswerSchema = v.object({ available: v.boolean() });

/** Events of GET /api/admin/chat/events (event name -> data). */
export const staffEventSchema = v.variant('type', [
  v.object({ type: v.literal('conversation'), conversation: inboxConversationSchema }),
  v.object({
    type: v.literal('message'),
    conversationId: v.string(),
    message: chatMessageSchema,
  }),
  v.object({
    type: v.literal('closed'),
    conversationId: v.string(),
  }),
]);
export type StaffEvent = v.InferOutput<typeof staffEventSchema>;
