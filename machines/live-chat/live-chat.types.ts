import type { ChatMessage, ChatStatus } from '#domain/chat.schema.ts';
import type { Lang } from '#domain/language.ts';
import type { OfficeHours } from '#domain/office-hours.ts';

export type { ChatMessage };

export type DetailsField = 'name' | 'email' | 'consent' | 'message';

/** What the widget finds when it opens: the browser's conversation, or whether we are online. */
export type CheckResult =
  | { kind: 'resumed'; conversationId: string; status: 'open' | 'closed'; messages: ChatMessage[] }
  | { kind: 'online'; officeHours: OfficeHours | null }
  | { kind: 'offline'; officeHours: OfficeHours | null };

export type StartResult =
  | { ok: true; conversationId: string; messages: ChatMessage[] }
  | {
      ok: false;
      reason: 'offline' | 'invalid' | 'rateLimited' | 'failed';
      fields?: Record<string, string>;
    };

export type PostResult =
  | { ok: true; message: ChatMessage }
  | { ok: false; reason: 'closed' | 'invalid' | 'rateLimited' | 'failed' };

export type TicketResult = { ok: true } | { ok: false; fields?: Record<string, string> };

export interface LiveChatInput {
  lang: Lang;
  /** Inline on /contact: opens at once and has no way to collapse. */
  inline?: boolean;
}

export interface LiveChatContext {
  lang: Lang;
  inline: boolean;
  name: string;
  email: string;
  consent: boolean;
  /** what the visitor is typing: the first message, the next message, or the offline ticket */
  draft: string;
  fieldErrors: Partial<Record<DetailsField, string>>;
  conversationId: string | null;
  messages: ChatMessage[];
  officeHours: OfficeHours | null;
  /** offline: a later check of the status found someone available (the visitor may start a chat) */
  availableNow: boolean;
  /** Idempotency-Key of the message being sent (kept across a retry of the same text) */
  sendKey: string | null;
}

export type LiveChatEvent =
  | { type: 'user.open' }
  | { type: 'user.close' }
  | { type: 'user.change'; field: 'name' | 'email' | 'draft'; value: string }
  | { type: 'user.toggleConsent'; value: boolean }
  | { type: 'user.start' }
  | { type: 'user.send' }
  | { type: 'user.sendTicket' }
  | { type: 'user.startNew' }
  /** offline, once someone is available: start a chat with what was typed */
  | { type: 'user.chatNow' }
  /** from the status check repeated while offline (SPEC 9, every 60 s) */
  | { type: 'status.online'; officeHours: OfficeHours | null }
  /** from the event stream */
  | { type: 'stream.message'; message: ChatMessage }
  | { type: 'stream.closed' }
  | { type: 'stream.lost' }
  | { type: 'stream.open' };

export type { ChatStatus };
