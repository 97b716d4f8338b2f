// Side effects of the contact options: the chat status (GET /api/chat-status) and the ticket form
// (POST /api/contact), through the one API client.

import { contactAnswerSchema, type ContactRequest } from '#domain/consultation.schema.ts';
import type { Lang } from '#domain/language.ts';
import { chatStatusSchema, type ChatStatus } from '#domain/chat.schema.ts';
import { api } from '#machines/shared/api-client.ts';

/**
 * Online or not, with the office hours the offline text describes; any failure counts as offline
 * (SPEC 8 "Chat status failure").
 */
export async function fetchChatStatus(): Promise<ChatStatus> {
  const status = await api.get('/chat-status', chatStatusSchema, { timeout: 10_000 });
  return status.ok ? status.data : { online: false };
}

export type SendTicketResult =
  { ok: true; ticketId: string } | { ok: false; fields?: Record<string, string> };

/** POST /api/contact; refused fields come back as a value. */
export async function postTicket(
  input: ContactRequest & { lang: Lang; idempotencyKey?: string },
): Promise<SendTicketResult> {
  const result = await api.post('/contact', contactAnswerSchema, {
    json: {
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
    },
    lang: input.lang,
    ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
  });
  if (result.ok) return { ok: true, ticketId: result.data.ticketId };
  return {
    ok: false,
    ...(result.status === 400 && result.fields ? { fields: result.fields } : {}),
  };
}
