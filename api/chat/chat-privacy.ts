import { asc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { addMonths, amsterdamDay } from '#domain/format.ts';
import type { ChatMessage } from '#domain/chat.schema.ts';
import type { Database, Db, Tx } from '../db/database.ts';
import { chatConversations, chatMessages } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { toChatMessage } from './chat.ts';

/** Chat data for the data export and account deletion (api/accounts/personal-data.ts), and retention. */

export interface ChatTranscript {
  id: string;
  name: string;
  email: string;
  lang: 'nl' | 'en';
  status: 'open' | 'closed';
  consentAt: string;
  createdAt: string;
  closedAt: string | null;
  messages: ChatMessage[];
}

/** Every conversation of an address, or those a condition picks (person-records.ts's gate). */
function conversationsOf(who: string | SQL): SQL {
  return typeof who === 'string' ? eq(chatConversations.email, who.trim().toLowerCase()) : who;
}

/**
 * The conversations of an address (every one), or those a condition picks (the data export passes
 * person-records.ts's gate), with their messages (for GET /api/account/export).
 */
export async function exportChatTranscripts(
  from: Database | Db | Tx,
  who: string | SQL,
): Promise<ChatTranscript[]> {
  const db = 'db' in from ? from.db : from;
  const conversations = await db
    .select()
    .from(chatConversations)
    .where(conversationsOf(who))
    .orderBy(asc(chatConversations.createdAt));
  if (conversations.length === 0) return [];
  const messages = await db
    .select()
    .from(chatMessages)
    .where(
      inArray(
        chatMessages.conversationId,
        conversations.map((c) => c.id),
      ),
    )
    .orderBy(asc(chatMessages.id));
  return conversations.map((c) => ({
    id: c.id,
    name: c.name,
    email: c.email,
    lang: c.lang,
    status: c.status,
    consentAt: c.consentAt.toISOString(),
    createdAt: c.createdAt.toISOString(),
    closedAt: c.closedAt?.toISOString() ?? null,
    messages: messages.filter((m) => m.conversationId === c.id).map(toChatMessage),
  }));
}

/**
 * Deletes every conversation (and its messages) of this email address, or those the condition
 * picks; returns how many. Pass
 * the caller's transaction to delete together with the account.
 */
export async function deleteChatTranscripts(
  target: Database | Tx,
  who: string | SQL,
): Promise<number> {
  const run = async (t: Tx) => {
    const deleted = await t
      .delete(chatConversations)
      .where(conversationsOf(who))
      .returning({ id: chatConversations.id });
    return deleted.length;
  };
  return 'write' in target ? target.write(run) : run(target);
}

export const DEFAULT_CHAT_RETENTION_MONTHS = 12;
/** Session advisory lock key of the retention job ("storefront chat retention"). */
export const CHAT_RETENTION_LOCK_KEY = '7246183502120';

/**
 * Deletes conversations whose last message is older than `months` months before `now`. On
 * PostgreSQL one run at a time across app servers (`pg_try_advisory_xact_lock`: a server that
 * finds it taken skips this run, returns null); PGlite is one server. Returns how many went.
 */
export async function removeExpiredConversations(
  database: Database,
  options: { now: Date; months: number; logger?: Logger },
): Promise<number | null> {
  const cutoff = new Date(`${addMonths(amsterdamDay(options.now), -options.months)}T00:00:00Z`);
  const removed = await database.write(async (tx) => {
    if (database.kind === 'postgres') {
      const lock = await tx.execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(${CHAT_RETENTION_LOCK_KEY}::bigint) as locked`,
      );
      if (!lock.rows[0]?.locked) return null;
    }
    const deleted = await tx
      .delete(chatConversations)
      .where(lt(chatConversations.lastMessageAt, cutoff))
      .returning({ id: chatConversations.id });
    return deleted.length;
  });
  if (removed !== null)
    options.logger?.info({ removed, cutoff: cutoff.toISOString() }, 'chat retention run');
  return removed;
}

export const RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;

/** The daily retention job of one app server: first run a minute after start, then daily. */
export function startChatRetentionJob(options: {
  database: Database;
  months: number;
  logger: Logger;
  now?: () => Date;
  firstRunMs?: number;
}): { stop(): void } {
  const now = options.now ?? (() => new Date());
  const run = () =>
    void removeExpiredConversations(options.database, {
      now: now(),
      months: options.months,
      logger: options.logger,
    }).catch((error: unknown) => options.logger.warn({ err: error }, 'chat retention run failed'));
  const first = setTimeout(run, options.firstRunMs ?? 60_000);
  const daily = setInterval(run, RETENTION_EVERY_MS);
  first.unref();
  daily.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(daily);
    },
  };
}
