/**
 * The caps on live-chat event streams (issue 38 item 7b): one visitor cookie may hold a few
 * streams of its conversation (tabs), and a conversation a few more (staff watching it). Every
 * open stream is a lease row in `chat_streams`, so the caps hold across every app server on the
 * database (API.md section 9): opening counts the live leases of the conversation under the
 * conversation row's lock and inserts one, each keep-alive renews it, the stream's end deletes
 * it. A server that dies leaves its leases to run out (`leaseMs` after their last renewal);
 * expired rows are deleted at the next opening. Lease times are the database's clock, which every
 * server shares.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { chatConversations, chatStreams } from '../db/schema.ts';

export const CHAT_STREAM_CAPS = {
  /** streams one visitor (their cookie) holds on their conversation: a few tabs */
  visitor: 3,
  /** streams on one conversation, its visitor's and staff's together */
  conversation: 6,
} as const;

export type StreamHolder = 'visitor' | 'staff';

export type StreamLease =
  | {
      ok: true;
      /** Extends the lease (each keep-alive); errors are swallowed (the lease runs out). */
      renew(): Promise<void>;
      /** Ends the lease (the stream ended). */
      release(): Promise<void>;
    }
  | { ok: false; retryAfter: number };

export interface ChatStreams {
  open(conversationId: string, holder: StreamHolder): Promise<StreamLease>;
}

export function createChatStreams(options: {
  database: Database;
  /** How long a lease lasts without renewal: a few keep-alive periods. */
  leaseMs: number;
}): ChatStreams {
  const { database } = options;
  const leaseMs = Math.max(1000, Math.round(options.leaseMs));
  const until = sql`now() + ${`${leaseMs} milliseconds`}::interval`;

  return {
    async open(conversationId, holder) {
      const id = await database.write(async (tx) => {
        // One opening at a time per conversation, on every server: its row is the lock.
        await tx
          .select({ id: chatConversations.id })
          .from(chatConversations)
          .where(eq(chatConversations.id, conversationId))
          .for('update');
        await tx.delete(chatStreams).where(lt(chatStreams.expiresAt, sql`now()`));
        const held = await tx
          .select({ holder: chatStreams.holder, n: sql<number>`count(*)::int` })
          .from(chatStreams)
          .where(eq(chatStreams.conversationId, conversationId))
          .groupBy(chatStreams.holder);
        const count = (who?: StreamHolder) =>
          held.filter((h) => !who || h.holder === who).reduce((sum, h) => sum + Number(h.n), 0);
        if (holder === 'visitor' && count('visitor') >= CHAT_STREAM_CAPS.visitor) return null;
        if (count() >= CHAT_STREAM_CAPS.conversation) return null;
        const [row] = await tx
          .insert(chatStreams)
          .values({ conversationId, holder, expiresAt: until })
          .returning({ id: chatStreams.id });
        return row!.id;
      });
      if (!id) return { ok: false, retryAfter: Math.ceil(leaseMs / 1000) };
      let released = false;
      return {
        ok: true,
        async renew() {
          if (released) return;
          await database
            .write((tx) =>
              tx.update(chatStreams).set({ expiresAt: until }).where(eq(chatStreams.id, id)),
            )
            .catch(() => undefined);
        },
        async release() {
          if (released) return;
          released = true;
          await database
            .write((tx) => tx.delete(chatStreams).where(eq(chatStreams.id, id)))
            .catch(() => undefined);
        },
      };
    },
  };
}
