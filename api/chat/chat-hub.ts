import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { CHAT_CHANNEL, parseNotice, type Notice } from './chat.ts';

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
