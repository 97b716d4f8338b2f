import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.ts';
import { outbox } from '../db/schema.ts';

/**
 * The staff's view of the mail outbox (every mail, sent or waiting): the newest mails, one mail's
 * attachments, and sending a mail again.
 */

/** The newest mails, at most `limit`, as the staff list shows them. */
export async function latestMails(db: Db | Tx, limit: number) {
  const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    kind: r.kind,
    lang: r.lang,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    text: r.text,
    attachments: r.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      bytes: Math.floor((a.content.length * 3) / 4),
    })),
  }));
}

/** The attachments of one mail (null when there is no such mail). */
export async function mailAttachments(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ attachments: outbox.attachments })
    .from(outbox)
    .where(eq(outbox.id, id))
    .limit(1);
  return row?.attachments ?? null;
}

/** Puts a mail back in the queue with a clean slate; its id and status, or null if none. */
export async function requeueMail(tx: Tx, id: number) {
  const [row] = await tx
    .update(outbox)
    .set({
      status: 'pending',
      attempts: 0,
      lastError: null,
      failure: null,
      failingSince: null,
      nextAttemptAt: null,
    })
    .where(eq(outbox.id, id))
    .returning({ id: outbox.id, status: outbox.status });
  return row ?? null;
}
