import { recordStaffAction } from '../security/audit.ts';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { chatAvailabilitySchema } from '#domain/consultation.schema.ts';
import { postMessageSchema, startConversationSchema } from '#domain/chat.schema.ts';
import type { Logger } from '../logger.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { ApiError, validateJson } from '../http/errors.ts';
import { isUuid } from '../http/params.ts';
import { requestLang } from '../http/language.ts';
import type { ChatHub, Notice } from './chat-hub.ts';
import type { ChatService, Refusal } from './chat.ts';
import { idempotency } from '../http/idempotency.ts';
import type { Lifecycle } from '../http/lifecycle.ts';
import { RATE_LIMITS, rateLimitedError, type RateLimits } from '../http/rate-limit.ts';
import { createChatStreams } from './chat-streams.ts';
import { eventStream, KEEP_ALIVE_MS, resumeFrom, type SseEvent } from '../http/event-stream.ts';
import type { Database } from '../db/database.ts';

/** The visitor's cookie: the token that opens their conversation (HttpOnly, only sent to /api/chat). */
export const CHAT_COOKIE = 'chat_visitor';
const CHAT_COOKIE_DAYS = 30;
function refuse(refusal: Refusal): never {
  throw new ApiError(refusal.code);
}

/**
 * Live chat (API.md section 7) and the chat status: GET /api/chat-status, the staff member's own
 * availability (GET/PUT /api/admin/chat-availability), the visitor's conversation (cookie), the
 * staff inbox, and the two event streams.
 */
export function chatRoutes(options: {
  chat: ChatService;
  hub: ChatHub;
  logger: Logger;
  /** Where the open streams are counted (chat_streams), so the caps hold across servers. */
  database: Database;
  /** The one rate limiter: RATE_LIMITS.chatStart per address, chatMessage per conversation. */
  rateLimits: RateLimits;
  /** Every open event stream registers here, so a graceful shutdown ends it. */
  lifecycle: Lifecycle;
  currentUser?: CurrentUser | undefined;
  secureCookies: boolean;
  keepAliveMs?: number;
}) {
  const { chat, hub, logger, rateLimits, lifecycle } = options;
  const currentUser = options.currentUser ?? (async () => null);
  const staffOnly = requireStaff(currentUser);
  const keepAliveMs = options.keepAliveMs ?? KEEP_ALIVE_MS;
  // A stream's lease outlives three missed keep-alives (a server that died stops renewing).
  const streams = createChatStreams({ database: options.database, leaseMs: 3 * keepAliveMs });

  /** The conversation of this visitor's cookie, or null (looked up once per request). */
  const seen = new WeakMap<Request, ReturnType<ChatService['byToken']>>();
  const visitorConversation = (c: Context) => {
    let found = seen.get(c.req.raw);
    if (!found) {
      const token = getCookie(c, CHAT_COOKIE);
      found = token ? chat.byToken(token) : Promise.resolve(null);
      seen.set(c.req.raw, found);
    }
    return found;
  };

  /** Whether the `:id` of the path is the conversation of this visitor's cookie (read once). */
  const ownConversation = async (c: Context): Promise<boolean> => {
    const id = c.req.param('id') ?? '';
    if (!isUuid(id)) return false;
    return (await visitorConversation(c))?.id === id;
  };

  /** Its visitor (cookie) or staff may read it; anyone else gets 404 (nothing is revealed). */
  const readAccess = async (c: Context, id: string): Promise<'visitor' | 'staff'> => {
    if (!isUuid(id)) throw new ApiError('NOT_FOUND');
    const mine = await visitorConversation(c);
    if (mine?.id === id) return 'visitor';
    const user = await currentUser(c);
    if (user?.role === 'staff') return 'staff';
    throw new ApiError('NOT_FOUND');
  };

  const staffRead = (id: string) => {
    if (!isUuid(id)) throw new ApiError('NOT_FOUND');
  };

  return (
    new Hono()
      .get('/chat-status', async (c) => {
        return c.json({ online: await chat.isOnline(), officeHours: chat.officeHours });
      })
      .get('/admin/chat-availability', staffOnly, async (c) => {
        return c.json({ available: await chat.getAvailability(c.get('user').id) });
      })
      .put(
        '/admin/chat-availability',
        staffOnly,
        validateJson(chatAvailabilitySchema),
        async (c) => {
          const { available } = c.req.valid('json');
          await chat.setAvailability(c.get('user').id, available);
          return c.json({ available, online: await chat.isOnline() });
        },
      )

      // ---------------------------------------------------------------------------------------
      // The visitor

      .post(
        '/chat/conversations',
        rateLimits.limit(RATE_LIMITS.chatStart),
        validateJson(startConversationSchema),
        async (c) => {
          const body = c.req.valid('json');
          // Made signed in: the account's own even before its address is proven.
          const userId = (await currentUser(c))?.id ?? null;
          const result = await chat.start({ ...body, lang: requestLang(c), userId });
          if (!result.ok) refuse(result);
          setCookie(c, CHAT_COOKIE, result.token, {
            httpOnly: true,
            sameSite: 'Lax',
            secure: options.secureCookies,
            path: '/api/chat',
            maxAge: CHAT_COOKIE_DAYS * 24 * 60 * 60,
          });
          return c.json({ conversation: result.conversation }, 201);
        },
      )
      // Beyond API.md: the conversation of this browser's cookie, so a reload or a second tab
      // finds it without keeping its id anywhere script can read. None: `conversation: null`
      // (a 200, so a first visit logs no failed request).
      .get('/chat/current', async (c) => {
        const mine = await visitorConversation(c);
        const found = mine ? await chat.read(mine.id) : null;
        if (!found) return c.json({ conversation: null, messages: [] });
        return c.json({
          conversation: { id: found.conversation.id, status: found.conversation.status },
          messages: found.messages,
        });
      })
      .get('/chat/conversations/:id', async (c) => {
        const id = c.req.param('id');
        const who = await readAccess(c, id);
        const found = await chat.read(id);
        if (!found) throw new ApiError('NOT_FOUND');
        if (who === 'staff') await chat.markRead(id);
        return c.json({
          conversation: { id: found.conversation.id, status: found.conversation.status },
          messages: found.messages,
        });
      })
      .post(
        '/chat/conversations/:id/messages',
        // counted per conversation and per address, and only for its own visitor (others get
        // 404 below)
        rateLimits.limit(RATE_LIMITS.chatMessage, {
          key: async (c) => ((await ownConversation(c)) ? c.req.param('id')! : null),
        }),
        rateLimits.limit(RATE_LIMITS.chatMessagePerAddress, {
          key: async (c) => ((await ownConversation(c)) ? rateLimits.address(c) : null),
        }),
        validateJson(postMessageSchema),
        async (c) => {
          const id = c.req.param('id');
          if (!isUuid(id)) throw new ApiError('NOT_FOUND');
          const mine = await visitorConversation(c);
          if (mine?.id !== id) throw new ApiError('NOT_FOUND');
          const { body } = c.req.valid('json');
          const once = idempotency(c, `POST /api/chat/conversations/${id}/messages`, { body });
          const result = await chat.post(id, 'visitor', body, once);
          if (!result.ok) refuse(result);
          return c.json({ message: result.message }, 201);
        },
      )
      .get('/chat/conversations/:id/events', async (c) => {
        const id = c.req.param('id');
        const who = await readAccess(c, id);
        const from = resumeFrom(c) ?? (await chat.lastMessageId(id));
        // Capped per visitor and per conversation, on every server together (issue 38).
        const lease = await streams.open(id, who);
        if (!lease.ok) throw rateLimitedError(lease.retryAfter);
        return eventStream<Notice>(c, {
          subscribe: (wake) => hub.subscribe(id, wake),
          lifecycle,
          logger,
          kind: 'chat-stream',
          lastId: from,
          keepAliveMs,
          slot: lease,
          read: async (lastId, notice) => {
            const messages = await chat.messagesAfter(id, lastId);
            const closed =
              notice?.kind !== 'message' && (await chat.inboxEntry(id))?.status === 'closed';
            if (who === 'staff' && messages.some((m) => m.author === 'visitor'))
              await chat.markRead(id);
            return {
              events: [
                ...messages.map((m) => ({ event: 'message', data: m, id: m.id })),
                ...(closed ? [{ event: 'closed', data: { id, status: 'closed' } }] : []),
              ],
              end: closed,
            };
          },
        });
      })

      // ---------------------------------------------------------------------------------------
      // Staff

      .get('/admin/chat/conversations', staffOnly, async (c) => {
        return c.json({ conversations: await chat.inbox() });
      })
      .get('/admin/chat/events', staffOnly, async (c) => {
        const from = resumeFrom(c) ?? (await chat.lastMessageId(null));
        return eventStream<Notice>(c, {
          subscribe: (wake) => hub.subscribe('*', wake),
          lifecycle,
          logger,
          kind: 'chat-stream',
          lastId: from,
          keepAliveMs,
          read: async (lastId, notice) => {
            const rows = await chat.allMessagesAfter(lastId);
            const ids = [...new Set(rows.map((r) => r.conversationId))];
            const entries = new Map(
              (await Promise.all(ids.map((id) => chat.inboxEntry(id)))).flatMap((e) =>
                e ? [[e.id, e] as const] : [],
              ),
            );
            const events: SseEvent[] = rows.flatMap((row) => {
              const conversation = entries.get(row.conversationId);
              return conversation
                ? [
                    {
                      event: 'message',
                      data: { conversation, message: row.message },
                      id: row.message.id,
                    },
                  ]
                : [];
            });
            // A closing carries no message id (nothing to resume); after a reconnect the inbox
            // reloads the list instead.
            if (notice?.kind === 'closed') {
              const conversation = await chat.inboxEntry(notice.conversationId);
              if (conversation) events.push({ event: 'closed', data: { conversation } });
            }
            return { events };
          },
        });
      })
      .post(
        '/admin/chat/conversations/:id/messages',
        staffOnly,
        validateJson(postMessageSchema),
        async (c) => {
          const id = c.req.param('id');
          staffRead(id);
          const { body } = c.req.valid('json');
          const once = idempotency(c, `POST /api/admin/chat/conversations/${id}/messages`, {
            body,
          });
          const result = await chat.post(id, 'staff', body, once);
          if (!result.ok) refuse(result);
          return c.json({ message: result.message }, 201);
        },
      )
      .post('/admin/chat/conversations/:id/close', staffOnly, async (c) => {
        const id = c.req.param('id');
        staffRead(id);
        const staff = c.get('user');
        const result = await chat.close(id, (tx) =>
          recordStaffAction(tx, c, staff, 'chat_close', id, { rateLimits }),
        );
        if (!result.ok) refuse(result);
        return c.json({ conversation: { id, status: 'closed' as const } });
      })
  );
}
