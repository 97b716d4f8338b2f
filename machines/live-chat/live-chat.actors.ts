// Side effects of the live-chat widget, all through the one API client: the browser's own
// conversation (GET /api/chat/current), the chat status, starting a conversation, sending a
// message, the offline ticket (POST /api/contact), and the event stream (EventSource).

import * as v from 'valibot';
import { fromCallback } from 'xstate';
import {
  CHAT_POLL_MS,
  chatMessageSchema,
  chatStatusSchema,
  conversationAnswerSchema,
  currentConversationAnswerSchema,
  messageAnswerSchema,
  startConversationAnswerSchema,
} from '#domain/chat.schema.ts';
import type { Lang } from '#domain/language.ts';
import { api, newIdempotencyKey } from '../shared/api-client.ts';
import type {
  CheckResult,
  LiveChatEvent,
  PostResult,
  StartResult,
  TicketResult,
} from './live-chat.types.ts';

/** The conversation of this browser (cookie) if there is one, else whether we are online. */
export async function checkChat(lang: Lang): Promise<CheckResult> {
  const current = await api.get('/chat/current', currentConversationAnswerSchema, { lang });
  if (current.ok && current.data.conversation)
    return {
      kind: 'resumed',
      conversationId: current.data.conversation.id,
      status: current.data.conversation.status,
      messages: current.data.messages,
    };
  const status = await api.get('/chat-status', chatStatusSchema, { lang });
  // SPEC 8: a failing status call means offline.
  if (!status.ok) return { kind: 'offline', officeHours: null };
  const officeHours = status.data.officeHours ?? null;
  return status.data.online ? { kind: 'online', officeHours } : { kind: 'offline', officeHours };
}

/**
 * While the widget says nobody is available: asks the status again every CHAT_POLL_MS (SPEC 9)
 * and says `status.online` when someone is; a failed check says nothing (offline, SPEC 8).
 */
export const watchChatStatus = fromCallback<LiveChatEvent, { lang: Lang }>(
  ({ sendBack, input }) => {
    let stopped = false;
    const timer = setInterval(() => {
      void api.get('/chat-status', chatStatusSchema, { lang: input.lang }).then((status) => {
        if (!stopped && status.ok && status.data.online)
          sendBack({ type: 'status.online', officeHours: status.data.officeHours ?? null });
      });
    }, CHAT_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  },
);

export async function startConversation(input: {
  name: string;
  email: string;
  message: string;
  consent: boolean;
  lang: Lang;
}): Promise<StartResult> {
  const started = await api.post('/chat/conversations', startConversationAnswerSchema, {
    json: { name: input.name, email: input.email, message: input.message, consent: input.consent },
    lang: input.lang,
  });
  if (!started.ok) {
    if (started.code === 'CHAT_OFFLINE') return { ok: false, reason: 'offline' };
    if (started.code === 'VALIDATION_FAILED')
      return {
        ok: false,
        reason: 'invalid',
        ...(started.fields ? { fields: started.fields } : {}),
      };
    if (started.code === 'RATE_LIMITED') return { ok: false, reason: 'rateLimited' };
    return { ok: false, reason: 'failed' };
  }
  const id = started.data.conversation.id;
  const read = await api.get(`/chat/conversations/${id}`, conversationAnswerSchema, {
    lang: input.lang,
  });
  return { ok: true, conversationId: id, messages: read.ok ? read.data.messages : [] };
}

export async function postMessage(input: {
  conversationId: string;
  body: string;
  key: string;
  lang: Lang;
}): Promise<PostResult> {
  const sent = await api.post(
    `/chat/conversations/${input.conversationId}/messages`,
    messageAnswerSchema,
    {
      json: { body: input.body },
      idempotencyKey: input.key,
      lang: input.lang,
    },
  );
  if (sent.ok) return { ok: true, message: sent.data.message };
  if (sent.code === 'CONVERSATION_CLOSED') return { ok: false, reason: 'closed' };
  if (sent.code === 'VALIDATION_FAILED') return { ok: false, reason: 'invalid' };
  if (sent.code === 'RATE_LIMITED') return { ok: false, reason: 'rateLimited' };
  return { ok: false, reason: 'failed' };
}

export async function sendTicket(input: {
  name: string;
  email: string;
  message: string;
  lang: Lang;
}): Promise<TicketResult> {
  const sent = await api.post('/contact', v.object({ ok: v.literal(true), ticketId: v.string() }), {
    json: { name: input.name, email: input.email, subject: 'general', message: input.message },
    lang: input.lang,
    idempotencyKey: newIdempotencyKey(),
  });
  if (sent.ok) return { ok: true };
  return { ok: false, ...(sent.fields ? { fields: sent.fields } : {}) };
}

/**
 * The conversation's event stream: `stream.message` per new message, `stream.closed` when staff
 * close it, `stream.lost` while EventSource reconnects (it resumes by Last-Event-ID by itself) and
 * `stream.open` once it is back. Closed on the way out of the chatting state.
 */
/** After EventSource gave up (a refused reconnect), a new one is opened after this long. */
export const STREAM_RETRY_MS = 5_000;

export const listenToConversation = fromCallback<
  LiveChatEvent,
  { conversationId: string; after: number }
>(({ input, sendBack }) => {
  let lastId = input.after;
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const connect = () => {
    const current = api.events(`/chat/conversations/${input.conversationId}/events`, {
      after: lastId,
    });
    source = current;
    current.addEventListener('message', (event) => {
      const parsed = v.safeParse(chatMessageSchema, safeJson((event as MessageEvent<string>).data));
      if (!parsed.success) return;
      lastId = Math.max(lastId, parsed.output.id);
      sendBack({ type: 'stream.message', message: parsed.output });
    });
    current.addEventListener('closed', () => {
      current.close();
      sendBack({ type: 'stream.closed' });
    });
    current.addEventListener('open', () => sendBack({ type: 'stream.open' }));
    current.addEventListener('error', () => {
      sendBack({ type: 'stream.lost' });
      // CONNECTING: EventSource retries by itself; CLOSED: it gave up, so we try again later.
      if (current.readyState === EventSource.CLOSED) retry = setTimeout(connect, STREAM_RETRY_MS);
    });
  };
  connect();
  return () => {
    if (retry) clearTimeout(retry);
    source?.close();
  };
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
