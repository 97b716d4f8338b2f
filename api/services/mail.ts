import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Lang } from '#domain/language.ts';
import nodemailer, { type Transporter } from 'nodemailer';
import { cachedQuery, slots } from '../db/cached-query.ts';
import type { Database, Tx } from '../db/database.ts';
import { outbox, type MailAttachment } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { storedInvoicePdf } from './invoices.ts';

/**
 * Outgoing mail. Every mail is first stored in the outbox table (in the caller's transaction when
 * one is passed, so a mail exists exactly when the thing it is about was committed). Delivery
 * happens after the commit: through SMTP_URL when configured, retried with back-off until
 * MAX_ATTEMPTS; without SMTP_URL the mail stays in the outbox (shown in the staff area) and is
 * delivered as soon as a server is configured. Nothing is ever lost.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** What the mail is about, e.g. 'order-confirmation', 'lead-notification'. */
  kind: string;
  lang: 'nl' | 'en';
}

export interface Mailer {
  /** Stores the mail (in `tx` when given) and schedules delivery after the commit. Returns the outbox id. */
  send(message: MailMessage, tx?: Tx): Promise<number>;
  /** `send` for several mails at once (one insert); the outbox ids in the order given. */
  sendMany(messages: MailMessage[], tx?: Tx): Promise<number[]>;
  /** Delivers every pending mail that is due now; returns how many were sent. */
  deliverPending(): Promise<number>;
  /** The address staff notifications go to (STAFF_NOTIFY_EMAIL, else STAFF_EMAIL), or null. */
  staffAddress: string | null;
  /** The language of every notification to staff (STAFF_LANG, Dutch unless set). */
  staffLang: Lang;
  close(): Promise<void>;
}

/**
 * A notification to staff (when a staff address is set), in the staff's language (STAFF_LANG),
 * stored in `tx`. Every staff mail goes through this door, except the new order's, which is stored
 * with the order confirmation in one insert (order-mail.ts, in `mailer.staffLang` too).
 */
export async function notifyStaff(
  mailer: Mailer | undefined,
  tx: Tx,
  kind: string,
  mail: (lang: Lang) => Pick<MailMessage, 'subject' | 'text' | 'attachments'>,
): Promise<void> {
  if (!mailer?.staffAddress) return;
  const lang = mailer.staffLang;
  await mailer.send({ to: mailer.staffAddress, ...mail(lang), kind, lang }, tx);
}

const OUTBOX_KEYS = ['to', 'subject', 'text', 'html', 'attachments', 'kind', 'lang'] as const;
/** The outbox's insert, its SQL built once per number of mails (decision M15). */
const insertOutbox = cachedQuery<
  Record<(typeof OUTBOX_KEYS)[number], unknown>,
  Array<{ id: number }>
>((tx, rows) =>
  tx
    .insert(outbox)
    .values(rows.map((_, i) => slots(OUTBOX_KEYS, i)))
    .returning({ id: outbox.id }),
);

export const MAX_ATTEMPTS = 8;
/** How long a server may take to deliver the mails it claimed before another may take them. */
export const DELIVERY_LEASE_MS = 5 * 60_000;

export function createMailer(options: {
  database: Database;
  logger: Logger;
  smtpUrl?: string | undefined;
  from?: string | undefined;
  staffAddress?: string | undefined;
  staffLang?: Lang | undefined;
  /** For tests: a ready transport instead of SMTP_URL. */
  transport?: Transporter;
  /** Retry loop period; 0 disables the timer (tests call deliverPending themselves). */
  retryEveryMs?: number;
  /**
   * Reads an attachment whose bytes are stored elsewhere (`invoiceId`). Default: the invoice's
   * stored PDF; the server passes one that renders and stores it when missing.
   */
  resolveAttachment?: (attachment: MailAttachment) => Promise<MailAttachment>;
}): Mailer {
  const { database, logger } = options;
  const from = options.from ?? 'Webstudio <no-reply@localhost>';
  const transport =
    options.transport ??
    (options.smtpUrl
      ? nodemailer.createTransport(
          `${options.smtpUrl}${options.smtpUrl.includes('?') ? '&' : '?'}connectionTimeout=10000&greetingTimeout=10000&socketTimeout=20000`,
        )
      : undefined);
  let delivering: Promise<number> | undefined;

  const resolveAttachment = options.resolveAttachment ?? storedAttachment(database);

  const deliverOne = async (row: typeof outbox.$inferSelect): Promise<boolean> => {
    if (!transport) return false;
    try {
      // Attachments stored elsewhere (an invoice's PDF) are read now, at delivery.
      const attachments = await Promise.all(row.attachments.map(resolveAttachment));
      await transport.sendMail({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        attachments: attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, 'base64'),
        })),
      });
      await database.write((tx) =>
        tx
          .update(outbox)
          .set({
            status: 'sent',
            sentAt: new Date(),
            attempts: row.attempts + 1,
            lastError: null,
            claimedUntil: null,
          })
          .where(eq(outbox.id, row.id)),
      );
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      await database.write((tx) =>
        tx
          .update(outbox)
          .set({
            attempts,
            lastError: (error as Error).message.slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            claimedUntil: null,
          })
          .where(eq(outbox.id, row.id)),
      );
      logger.warn(
        { outboxId: row.id, kind: row.kind, attempts, err: (error as Error).message },
        'mail delivery failed',
      );
      return false;
    }
  };

  const deliverPending = (): Promise<number> => {
    if (!transport) return Promise.resolve(0);
    delivering ??= (async () => {
      let sent = 0;
      try {
        // Claim the batch in one statement (rows another server is claiming are skipped), so
        // with several app servers on one database every mail is sent by one of them only.
        const at = new Date();
        const rows = await database.write((tx) =>
          tx
            .update(outbox)
            .set({ claimedUntil: new Date(at.getTime() + DELIVERY_LEASE_MS) })
            .where(
              inArray(
                outbox.id,
                tx
                  .select({ id: outbox.id })
                  .from(outbox)
                  .where(
                    and(
                      eq(outbox.status, 'pending'),
                      lt(outbox.attempts, MAX_ATTEMPTS),
                      or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, at)),
                    ),
                  )
                  .orderBy(asc(outbox.id))
                  .limit(50)
                  .for('update', { skipLocked: true }),
              ),
            )
            .returning(),
        );
        rows.sort((a, b) => a.id - b.id);
        for (const row of rows) if (await deliverOne(row)) sent++;
      } finally {
        delivering = undefined;
      }
      return sent;
    })();
    return delivering;
  };

  const period = options.retryEveryMs ?? 60_000;
  const timer =
    transport && period > 0
      ? setInterval(() => void deliverPending().catch(() => undefined), period)
      : undefined;
  timer?.unref();

  const sendMany = async (messages: MailMessage[], tx?: Tx): Promise<number[]> => {
    if (messages.length === 0) return [];
    const insert = async (t: Tx) => {
      const rows = await insertOutbox(
        t,
        messages.map((message) => ({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          attachments: message.attachments ?? [],
          kind: message.kind,
          lang: message.lang,
        })),
      );
      // Ids are a sequence: ascending is the order inserted.
      return rows.map((r) => r.id).sort((a, b) => a - b);
    };
    const ids = tx ? await insert(tx) : await database.write(insert);
    // Deliver after the caller's transaction has committed (a microtask later is not enough for
    // a passed-in transaction, so wait a tick and let the queue pick it up).
    if (transport)
      setTimeout(() => void deliverPending().catch(() => undefined), tx ? 50 : 0).unref();
    return ids;
  };

  return {
    staffAddress: options.staffAddress ?? null,
    staffLang: options.staffLang ?? 'nl',
    async send(message, tx) {
      const [id] = await sendMany([message], tx);
      return id!;
    },
    sendMany,
    deliverPending,
    async close() {
      if (timer) clearInterval(timer);
      await delivering?.catch(() => undefined);
      transport?.close();
    },
  };
}

/** The default resolver: an invoice's stored PDF (a missing one fails the attempt; it is retried). */
function storedAttachment(database: Database) {
  return async (attachment: MailAttachment): Promise<MailAttachment> => {
    if (!attachment.invoiceId) return attachment;
    const pdf = await database.read((db) => storedInvoicePdf(db, attachment.invoiceId!));
    if (!pdf) throw new Error(`invoice PDF ${attachment.invoiceId} not stored yet`);
    return { filename: attachment.filename, contentType: attachment.contentType, content: pdf };
  };
}
