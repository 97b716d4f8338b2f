// Side effects of the contact options: the chat status (GET /api/chat-status) and the ticket form
// (POST /api/contact), through ky.

import ky, { HTTPError } from 'ky';
import * as v from 'valibot';
import type { ContactRequest } from '#domain/consultation.schema.ts';
import type { Lang } from '#domain/language.ts';

/** Online or not; any failure counts as offline (SPEC 8 "Chat status failure"). */
export async function fetchChatStatus(): Promise<boolean> {
  try {
    const body = await ky.get('/api/chat-status', { retry: 0, cache: 'no-store' }).json();
    const parsed = v.safeParse(v.object({ online: v.boolean() }), body);
    return parsed.success && parsed.output.online;
  } catch {
    return false;
  }
}

export type SendTicketResult =
  { ok: true; ticketId: string } | { ok: false; fields?: Record<string, string> };

export async function postTicket(
  input: ContactRequest & { lang: Lang },
): Promise<SendTicketResult> {
  try {
    const body = await ky
      .post('/api/contact', {
        json: {
          name: input.name,
          email: input.email,
          subject: input.subject,
          message: input.message,
        },
        searchParams: { lang: input.lang },
        retry: 0,
      })
      .json();
    const parsed = v.safeParse(v.object({ ok: v.literal(true), ticketId: v.string() }), body);
    return parsed.success ? { ok: true, ticketId: parsed.output.ticketId } : { ok: false };
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 400) {
      const fields = await error.response
        .json()
        .then((b) => (b as { error?: { fields?: Record<string, string> } }).error?.fields)
        .catch(() => undefined);
      return { ok: false, ...(fields ? { fields } : {}) };
    }
    return { ok: false };
  }
}
