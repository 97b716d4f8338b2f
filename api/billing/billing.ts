import { and, eq, sql } from 'drizzle-orm';
import { amsterdamDay, isIsoDay, type IsoDay } from '#domain/format.ts';
import type { Database } from '../db/database.ts';
import { invoices, payments, renewalInvoices } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import {
  deliverRenewals,
  mailRenewalInvoices,
  startLinkPayment,
  type DeliveryContext,
} from './billing-delivery.ts';
import { issueRenewals, type IssueContext } from './billing-issue.ts';
import { sendOverdueReminders, sendRenewalReminders } from './billing-reminders.ts';
import type { BillingSettings } from '../invoices/invoice-pdf.ts';
import type { Mailer } from '../mail/mail.ts';
import type { PaymentProvider } from '../invoices/payments.ts';

/**
 * The billing job (API.md section 8). One run, as of an Amsterdam calendar day:
 *
 * 1. Renewals (billing-issue.ts): every billing period (domain/billing.ts) of an active or
 *    cancelling subscription that has started on or before the day and has no `billing_periods`
 *    row yet is billed, one invoice per customer per day with a line per period; a hundred
 *    customers per transaction, which locks their subscriptions (`FOR UPDATE`), reads what is
 *    already billed, takes the block of invoice numbers last (the shared gap-free counter of
 *    checkout) and writes the invoices, their periods (primary key on subscription and period
 *    start) and the payment rows.
 * 2. Delivery (billing-delivery.ts), after the commit, of every renewal invoice still `pending`:
 *    with bank transfer it is mailed with its PDF and `/pay/{number}` link; with Mollie it is
 *    first charged against the customer's mandate (`sequenceType: "recurring"`, our payment id as
 *    Idempotency-Key) and mailed saying so, and no valid mandate or a refused charge mails it with
 *    its payment link instead. A crash in between leaves it `pending` for the next run; the state
 *    change and the mail share one transaction, so it is mailed once. The PDF is drawn when the
 *    mail is delivered (or the invoice first downloaded), not by the job (decision P12).
 * 3. Renewal reminders for yearly items (domains), 14 days before, once per period.
 * 4. Overdue reminders, once per invoice, 14 days after its due date (billing-reminders.ts).
 *
 * One run at a time across app servers: a transaction-scoped PostgreSQL advisory lock held for
 * the run (on PGlite, a single process, an in-process queue). The unique keys make a second run,
 * or two runs at once without the lock, issue nothing twice.
 */

export interface BillingRunResult {
  asOf: IsoDay;
  /** invoice numbers issued by this run */
  issued: string[];
  /** subscriptions whose renewal reminder this run sent */
  reminded: string[];
  /** invoices whose overdue reminder this run sent */
  overdue: string[];
}

export interface BillingJobServices {
  database: Database;
  logger: Logger;
  now: () => Date;
  publicUrl: string;
  billing: BillingSettings;
  payments: PaymentProvider;
  mailer?: Mailer | undefined;
  /** Batches of customers billed at once on PostgreSQL (default 4; PGlite serialises writes). */
  concurrency?: number;
  /** The advisory lock key; tests give two instances different keys to run them truly at once. */
  lockKey?: bigint;
}

export interface BillingJob {
  /**
   * Runs the job as of `asOf` (default: today in Amsterdam). `wait: false` (the hourly timer)
   * resolves null at once when another run holds the lock; otherwise it waits for it.
   */
  run(asOf?: IsoDay, options?: { wait?: boolean }): Promise<BillingRunResult | null>;
  /** A failed or cancelled recurring payment: mail the invoice with its payment link (once). */
  recurringPaymentFailed(paymentId: string): Promise<void>;
}

/** How often the server runs the job by itself. */
export const BILLING_RUN_EVERY_MS = 60 * 60 * 1000;

/** "storefront billing job": an arbitrary constant beside the migrations' lock key. */
export const BILLING_LOCK_KEY = 7_246_183_502_116n;

export function createBillingJob(services: BillingJobServices): BillingJob {
  const { database, logger, now, publicUrl, billing, mailer } = services;
  const provider = services.payments;
  const lockKey = services.lockKey ?? BILLING_LOCK_KEY;
  const charges = provider.name === 'mollie' && typeof provider.chargeRecurring === 'function';
  const delivery: DeliveryContext = { database, logger, publicUrl, provider, mailer, charges };
  // Read when a run starts (not here), so building the app touches no database.
  const issuing = (): IssueContext => ({
    database,
    logger,
    now,
    billing,
    provider,
    charges,
    concurrency: database.kind === 'postgres' ? Math.max(1, services.concurrency ?? 4) : 1,
  });

  // PGlite is one process (its DATA_DIR lock says so): an in-process queue is the whole lock.
  let localQueue: Promise<unknown> = Promise.resolve();
  let localRuns = 0;

  async function withRunLock<T>(wait: boolean, fn: () => Promise<T>): Promise<T | null> {
    if (database.kind === 'pglite') {
      if (!wait && localRuns > 0) return null;
      localRuns++;
      const result = localQueue.then(async () => {
        try {
          return await fn();
        } finally {
          localRuns--;
        }
      });
      localQueue = result.catch(() => undefined);
      return result;
    }
    // The lock lives as long as this transaction, which stays open (holding one pooled
    // connection) while the run writes through the others.
    return database.write(async (tx) => {
      if (wait) {
        await tx.execute(sql`select pg_advisory_xact_lock(${lockKey.toString()}::bigint)`);
      } else {
        const { rows } = await tx.execute<{ locked: boolean }>(
          sql`select pg_try_advisory_xact_lock(${lockKey.toString()}::bigint) as locked`,
        );
        if (!rows[0]?.locked) return null;
      }
      return fn();
    });
  }

  return {
    async run(asOfInput, options = {}) {
      const asOf = asOfInput ?? amsterdamDay(now());
      if (!isIsoDay(asOf)) throw new RangeError(`not a calendar day: ${asOf}`);
      const started = performance.now();
      const result = await withRunLock(options.wait ?? true, async () => {
        const issued = await issueRenewals(issuing(), asOf);
        await deliverRenewals(delivery);
        const reminded = await sendRenewalReminders(delivery, asOf);
        const overdue = await sendOverdueReminders(delivery, asOf);
        return { asOf, issued, reminded, overdue };
      });
      if (result)
        logger.info(
          {
            asOf,
            issued: result.issued.length,
            reminded: result.reminded.length,
            overdue: result.overdue.length,
            ms: Math.round(performance.now() - started),
          },
          'billing run',
        );
      return result;
    },

    async recurringPaymentFailed(paymentId) {
      const links = await database.write(async (tx) => {
        const [payment] = await tx
          .select({ invoiceId: payments.invoiceId, method: payments.method })
          .from(payments)
          .where(eq(payments.id, paymentId))
          .limit(1);
        if (!payment || payment.method !== 'recurring') return [];
        const [claimed] = await tx
          .update(renewalInvoices)
          .set({ delivery: 'mailed' })
          .where(
            and(
              eq(renewalInvoices.invoiceId, payment.invoiceId),
              eq(renewalInvoices.delivery, 'collecting'),
            ),
          )
          .returning({ id: renewalInvoices.invoiceId });
        if (!claimed) return [];
        const [invoice] = await tx
          .select()
          .from(invoices)
          .where(eq(invoices.id, payment.invoiceId))
          .limit(1);
        if (!invoice || invoice.status !== 'open') return [];
        return mailRenewalInvoices(delivery, tx, [invoice], 'failed');
      });
      for (const link of links) await startLinkPayment(delivery, link);
    },
  };
}
