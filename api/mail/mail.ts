import { and, asc, eq, gt, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Lang } from '#domain/language.ts';
import nodemailer, { type Transporter } from 'nodemailer';
import { cachedQuery, slots } from '../db/cached-query.ts';
import type { Database, Tx } from '../db/database.ts';
import { outbox, type MailAttachment, type MailFailure } from '../db/schema.ts';
import type { Logger } from '../logger.ts';

/**
 * Outgoing mail. Every mail is first stored in the outbox table (in the caller's transaction when
 * one is passed, so a mail exists exactly when the thing it is about was committed). Delivery
 * happens after the commit through SMTP_URL; without it the mail stays in the outbox (shown in the
 * staff area) and is delivered as soon as a server is configured.
 *
 * A failed attempt is tried again with a growing back-off (`retryDelayMs`: 1, 2, 4, ... minutes,
 * then hourly), for RETRY_FOR_MS (5 days) after the first failure; only then is the mail marked
 * `failed` (staff can resend it). The schedule lives in the outbox row (`next_attempt_at`,
 * `failing_since`, `attempts`), so it survives a restart and every app server keeps the same one.
 * When the mail server answers again, the mails waiting for it go out at once instead of at their
 * next scheduled try: after any mail goes through, and through a cheap check each retry period
 * while mails wait (`transport.verify()`: one connection and sign-in, no mail) (decision D38B-2).
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
  /**
   * The retry loop's step: delivers what is due; when nothing went out and mails wait for the mail
   * server, checks whether it answers again (no mail sent) and if so sends them at once.
   */
  tick(): Promise<number>;
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

const MINUTE = 60_000;
/** How long a failing mail is retried (from its first failed attempt) before it is marked failed. */
export const RETRY_FOR_MS = 5 * 24 * 60 * MINUTE;
/** The longest wait between two tries. */
export const MAX_RETRY_DELAY_MS = 60 * MINUTE;
/** How long a server may take to deliver the mails it claimed before another may take them. */
export const DELIVERY_LEASE_MS = 5 * 60_000;

/** The wait after the `attempts`-th failed attempt: 1, 2, 4, 8, 16, 32 minutes, then an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, MINUTE * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

/**
 * An attachment not ready yet (an invoice's PDF is drawn in the background right after the
 * order) is no fault of the mail server: tried again a second later (in practice at the next
 * delivery round), still within the RETRY_FOR_MS limit.
 */
export const ATTACHMENT_RETRY_MS = 1_000;

/** Failures that end when the mail server answers (again, or with the right sign-in). */
const WAITING_FOR_SERVER: MailFailure[] = ['unreachable', 'auth', 'deferred'];

const UNREACHABLE_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** Why a send failed, in one word (nodemailer's `code` and the server's `responseCode`). */
export function mailFailureOf(error: unknown): MailFailure {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (code === 'EAUTH' || responseCode === 535 || responseCode === 530) return 'auth';
  if (typeof responseCode === 'number') {
    if (responseCode === 421) return 'unreachable'; // "service not available, closing channel"
    if (responseCode >= 400 && responseCode < 500) return 'deferred';
    if (responseCode >= 500) return 'rejected';
  }
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return 'unreachable';
  if (code === 'EENVELOPE') return 'rejected';
  return 'other';
}

export function createMailer(options: {
  database: Database;
  logger: Logger;
  smtpUrl?: string | undefined;
  from?: string | undefined;
  staffAddress?: string | undefined;
  staffLang?: Lang | undefined;
  /** For tests: a ready transport instead of SMTP_URL. */
  transport?: Transporter;
  /** Retry loop period; 0 disables the timer (tests call tick / deliverPending themselves). */
  retryEveryMs?: number;
  /** The clock of the schedule (tests simulate days). */
  now?: () => Date;
  /**
   * Reads an attachment whose bytes are stored elsewhere (`invoiceId`): the feature that queued
   * it passes its reader in (the invoices wing's `invoicePdfResolver` or
   * `storedInvoicePdfResolver`). Without one such an attachment fails its attempt (retried).
   */
  resolveAttachment?: (attachment: MailAttachment) => Promise<MailAttachment>;
}): Mailer {
  const { database, logger } = options;
  const now = options.now ?? (() => new Date());
  const from = options.from ?? 'Webstudio <no-reply@localhost>';
  const transport =
    options.transport ??
    (options.smtpUrl
      ? nodemailer.createTransport(
          `${options.smtpUrl}${options.smtpUrl.includes('?') ? '&' : '?'}connectionTimeout=10000&greetingTimeout=10000&socketTimeout=20000`,
        )
      : undefined);
  let delivering: Promise<number> | undefined;

  const resolveAttachment = options.resolveAttachment ?? bytesGiven;

  const deliverOne = async (row: typeof outbox.$inferSelect): Promise<boolean> => {
    if (!transport) return false;
    let stage: 'attachments' | 'send' = 'attachments';
    try {
      // Attachments stored elsewhere (an invoice's PDF) are read now, at delivery.
      const attachments = await Promise.all(row.attachments.map(resolveAttachment));
      stage = 'send';
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
            sentAt: now(),
            attempts: row.attempts + 1,
            lastError: null,
            failure: null,
            claimedUntil: null,
            nextAttemptAt: null,
          })
          .where(eq(outbox.id, row.id)),
      );
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      const at = now();
      const failingSince = row.failingSince ?? at;
      const givenUp = at.getTime() - failingSince.getTime() >= RETRY_FOR_MS;
      const failure: MailFailure = stage === 'attachments' ? 'attachment' : mailFailureOf(error);
      await database.write((tx) =>
        tx
          .update(outbox)
          .set({
            attempts,
            lastError: (error as Error).message.slice(0, 500),
            failure,
            failingSince,
            status: givenUp ? 'failed' : 'pending',
            claimedUntil: null,
            nextAttemptAt: givenUp
              ? null
              : new Date(
                  at.getTime() +
                    (failure === 'attachment' ? ATTACHMENT_RETRY_MS : retryDelayMs(attempts)),
                ),
          })
          .where(eq(outbox.id, row.id)),
      );
      logger.warn(
        { outboxId: row.id, kind: row.kind, attempts, failure, err: (error as Error).message },
        givenUp ? 'mail delivery given up' : 'mail delivery failed',
      );
      return false;
    }
  };

  /**
   * Claims up to 50 due mails in one statement (rows another server is claiming are skipped), so
   * with several app servers on one database every mail is sent by one of them only.
   */
  const claimDue = () => {
    const at = now();
    return database.write((tx) =>
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
                  or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, at)),
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
  };

  /** The mail server answers: the mails waiting for it are due now. Returns how many. */
  const wakeWaiting = async (): Promise<number> => {
    const at = now();
    const woken = await database.write((tx) =>
      tx
        .update(outbox)
        .set({ nextAttemptAt: at })
        .where(
          and(
            eq(outbox.status, 'pending'),
            gt(outbox.nextAttemptAt, at),
            inArray(outbox.failure, WAITING_FOR_SERVER),
          ),
        )
        .returning({ id: outbox.id }),
    );
    return woken.length;
  };

  const deliverPending = (): Promise<number> => {
    if (!transport) return Promise.resolve(0);
    delivering ??= (async () => {
      let sent = 0;
      try {
        for (;;) {
          const rows = await claimDue();
          rows.sort((a, b) => a.id - b.id);
          let wentOut = 0;
          for (const row of rows) if (await deliverOne(row)) wentOut++;
          sent += wentOut;
          // Nothing went out (or nothing was due): the failures are scheduled, stop here.
          if (wentOut === 0) break;
          // The server takes mail again: what waits for it is due now, in the next round.
          await wakeWaiting();
        }
      } finally {
        delivering = undefined;
      }
      return sent;
    })();
    return delivering;
  };

  const tick = async (): Promise<number> => {
    if (!transport) return 0;
    const sent = await deliverPending();
    if (sent > 0) return sent;
    const at = now();
    const [waiting] = await database.read((db) =>
      db
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.status, 'pending'),
            gt(outbox.nextAttemptAt, at),
            inArray(outbox.failure, WAITING_FOR_SERVER),
          ),
        )
        .limit(1),
    );
    if (!waiting || typeof transport.verify !== 'function') return 0;
    try {
      await transport.verify();
    } catch {
      return 0; // still down; the schedule stands
    }
    logger.info({}, 'the mail server answers again: sending the mails that waited for it');
    if ((await wakeWaiting()) === 0) return 0;
    return deliverPending();
  };

  const period = options.retryEveryMs ?? 60_000;
  const timer =
    transport && period > 0
      ? setInterval(() => void tick().catch(() => undefined), period)
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
    tick,
    async close() {
      if (timer) clearInterval(timer);
      await delivering?.catch(() => undefined);
      transport?.close();
    },
  };
}

/** The default resolver: an attachment must carry its bytes. */
async function bytesGiven(attachment: MailAttachment): Promise<MailAttachment> {
  if (attachment.invoiceId)
    throw new Error(`no reader for stored attachment ${attachment.filename}`);
  return attachment;
}
