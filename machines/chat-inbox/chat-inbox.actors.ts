// Side effects of the staff inbox, through the one API client: the conversation list, one
// conversation, a reply, closing, the staff member's own availability, the staff event stream,
// and the chime announcing a new conversation (WebAudio: no sound file to download).

import * as v from 'valibot';
import { fromCallback } from 'xstate';
import {
  chatAvailabilityAnswerSchema,
  chatMessageSchema,
  conversationAnswerSchema,
  inboxAnswerSchema,
  inboxConversationSchema,
  messageAnswerSchema,
  type ChatMessage,
  type InboxConversation,
} from '#domain/chat.schema.ts';
import { api } from '../shared/api-client.ts';

export type InboxEvent =
  | { type: 'stream.message'; conversation: InboxConversation; message: ChatMessage }
  | { type: 'stream.closed'; conversation: InboxConversation }
  | { type: 'stream.open' }
  | { type: 'stream.lost' };

/** Throws on failure: the machine's onError shows the list could not be loaded. */
export async function loadInbox(): Promise<InboxConversation[]> {
  const result = await api.get('/admin/chat/conversations', inboxAnswerSchema);
  if (!result.ok) throw new Error(result.code);
  return result.data.conversations;
}

export async function loadThread(id: string): Promise<ChatMessage[]> {
  const result = await api.get(`/chat/conversations/${id}`, conversationAnswerSchema);
  if (!result.ok) throw new Error(result.code);
  return result.data.messages;
}

export type ReplyResult = { ok: true; message: ChatMessage } | { ok: false; closed: boolean };

export async function postReply(input: {
  id: string;
  body: string;
  key: string;
}): Promise<ReplyResult> {
  const result = await api.post(
    `/admin/chat/conversations/${input.id}/messages`,
    messageAnswerSchema,
    {
      json: { body: input.body },
      idempotencyKey: input.key,
    },
  );
  if (result.ok) return { ok: true, message: result.data.message };
  return { ok: false, closed: result.code === 'CONVERSATION_CLOSED' };
}

export async function closeConversation(id: string): Promise<void> {
  const result = await api.post(`/admin/chat/conversations/${id}/close`, v.unknown());
  if (!result.ok) throw new Error(result.code);
}

export async function loadAvailability(): Promise<boolean> {
  const result = await api.get('/admin/chat-availability', chatAvailabilityAnswerSchema);
  if (!result.ok) throw new Error(result.code);
  return result.data.available;
}

export async function saveAvailability(available: boolean): Promise<boolean> {
  const result = await api.put('/admin/chat-availability', chatAvailabilityAnswerSchema, {
    json: { available },
  });
  if (!result.ok) throw new Error(result.code);
  return result.data.available;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const messageEvent = v.object({
  conversation: inboxConversationSchema,
  message: chatMessageSchema,
});
const closedEvent = v.object({ conversation: inboxConversationSchema });

/** GET /api/admin/chat/events: every new message (with its conversation) and every closing. */
export const listenToInbox = fromCallback<InboxEvent>(({ sendBack }) => {
  const source = api.events('/admin/chat/events');
  source.addEventListener('message', (event) => {
    const parsed = v.safeParse(messageEvent, parse((event as MessageEvent<string>).data));
    if (parsed.success) sendBack({ type: 'stream.message', ...parsed.output });
  });
  source.addEventListener('closed', (event) => {
    const parsed = v.safeParse(closedEvent, parse((event as MessageEvent<string>).data));
    if (parsed.success) sendBack({ type: 'stream.closed', ...parsed.output });
  });
  source.addEventListener('open', () => sendBack({ type: 'stream.open' }));
  source.addEventListener('error', () => sendBack({ type: 'stream.lost' }));
  return () => source.close();
});

/** A short two-note chime made with WebAudio; silent where audio is not available. */
export function playChime(): void {
  try {
    const AudioContextClass =
      globalThis.AudioContext ??
      (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    const audio = new AudioContextClass();
    const gain = audio.createGain();
    gain.connect(audio.destination);
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.6);
    [880, 1320].forEach((frequency, i) => {
      const tone = audio.createOscillator();
      tone.type = 'sine';
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(audio.currentTime + i * 0.15);
      tone.stop(audio.currentTime + 0.6);
    });
    setTimeout(() => void audio.close().catch(() => undefined), 1000);
  } catch {
    // no audio: the title still announces it
  }
}
