import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/database.ts';

/**
 * The chat's wake-ups between app servers: a message or a close is written first; the same
 * transaction sends `NOTIFY chat` whose payload carries only ids (`m:<conversation>:<message>`,
 * `c:<conversation>` when closed).
 */
export const CHAT_CHANNEL = 'chat';

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

export async function notify(tx: Tx, notice: Notice): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${noticePayload(notice)})`);
}

/**
 * One app server's side of chat delivery: a single `LISTEN chat` (Database.listen) fanned out in
 * memory to the streams this server holds. Only wake-ups travel this way: a notice carries ids,
 * and each stream reads the messages themselves from the database, so nothing depends on which
 * server took the message. The subscriber sets are per-process state, not data (nothing is lost
 * when they go: a stream that reconnects resumes from the database by Last-Event-ID).
 *
 * Open streams register with the app's lifecycle (api/http/lifecycle.ts), which ends them at
 * shutdown; the hub only stops listening (`close`).
 */
export type Wake = (notice: Notice | null) => void;

export interface ChatHub {
  /** Wakes `wake` for notices of this conversation (`null`: maybe missed some, re-read). */
  subscribe(conversationId: string | '*', wake: Wake): Promise<() => void>;
  /** Stops listening (server shutdown, after the streams have ended). */
  close(): Promise<void>;
}

export function createChatHub(options: { database: Database; logger: Logger }): ChatHub {
  const { database, logger } = options;
  const subscribers = new Map<string, Set<Wake>>();
  let listening: Promise<() => Promise<void>> | null = null;

  const deliver = (key: string, notice: Notice | null) => {
    for (const wake of subscribers.get(key) ?? []) wake(notice);
  };

  const ensureListening = () => {
    listening ??= database.listen(CHAT_CHANNEL, (payload) => {
      if (payload === null) {
        for (const key of subscribers.keys()) deliver(key, null);
        return;
      }
      const notice = parseNotice(payload);
      if (!notice) return;
      deliver(notice.conversationId, notice);
      deliver('*', notice);
    });
    listening.catch((error: unknown) => {
      logger.warn({ err: error }, 'cannot listen for chat notifications');
      listening = null;
    });
    return listening;
  };

  return {
    async subscribe(key, wake) {
      let set = subscribers.get(key);
      if (!set) subscribers.set(key, (set = new Set()));
      set.add(wake);
      try {
        await ensureListening();
      } catch (error) {
        set.delete(wake);
        throw error;
      }
      return () => {
        set.delete(wake);
        if (set.size === 0 && subscribers.get(key) === set) subscribers.delete(key);
      };
    },
    async close() {
      const stop = await listening?.catch(() => null);
      listening = null;
      await stop?.().catch(() => undefined);
    },
  };
}
