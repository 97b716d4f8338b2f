import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import {
  OVERDUE_REMINDER_DAYS,
  periodAmount,
  periodsStartedBy,
  reminderDue,
  type BillingPeriod,
  type BillingSchedule,
} from '#domain/billing.ts';
import { addDays, amsterdamDay, isIsoDay, type IsoDay } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import { VAT_RATE } from '#domain/totals.ts';
import type { Database, Tx } from '../db/database.ts';
import {
  billingPeriods,
  customerProfiles,
  invoices,
  orders,
  overdueReminders,
  payments,
  renewalInvoices,
  renewalReminders,
  subscriptions,
  users,
  type InvoiceLine,
  type InvoiceParty,
} from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import {
  overdueReminderMail,
  periodLineDescription,
  renewalInvoiceMail,
  renewalReminderMail,
} from './billing-mail.ts';
import type { BillingSettings } from './invoice-pdf.ts';
import type { Mailer } from './mail.ts';
import { latestPayment, type InvoiceRow } from './orders.ts';
import { issueInvoice, renderAndStoreInvoicePdf } from './invoices.ts';
import { payPageUrl, type PaymentProvider } from './payments.ts';

/**
 * The billing job (API.md section 8). One run, as of an Amsterdam calendar day:
 *
 * 1. Renewals: every billing period (domain/billing.ts) of an active or cancelling subscription
 *    that has started on or before the day and has no `billing_periods` row yet is billed, one
 *    invoice per customer per day with a line per period. Per customer one transaction locks the
 *    customer's subscriptions (`FOR UPDATE`), reads what is already billed, takes the next
 *    invoice number last (the shared gap-free counter of checkout) and writes the invoice, its
 *    periods (primary key on subscription and period start) and the payment row.
 * 2. Delivery, after the commit (so no PDF is drawn while the invoice counter is locked), of
 *    every renewal invoice still `pending`: with bank transfer it is mailed with its PDF and
 *    `/pay/{number}` link; with Mollie it is first charged against the customer's mandate
 *    (`sequenceType: "recurring"`, our payment id as Idempotency-Key) and mailed saying so, and
 *    no valid mandate or a refused charge mails it with its payment link instead. A crash in
 *    between leaves it `pending` for the next run; the state change and the mail share one
 *    transaction, so it is mailed once.
 * 3. Renewal reminders for yearly items (domains), 14 days before, once per period.
 * 4. Overdue reminders, once per invoice, 14 days after its due date.
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
  /** Customers billed at once on PostgreSQL (default 4; PGlite serialises writes anyway). */
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

/** Statuses of subscriptions that are billed (the account area adds `cancelling`, issue 15). */
const BILLED_STATUSES = sql`(${subscriptions.status} in ('active', 'cancelling'))`;

type SubscriptionRow = {
  id: string;
  userId: string;
  orderId: string;
  displayName: string;
  billing: 'monthly' | 'yearly';
  price: number;
  startDate: string;
  endsOn: string | null;
  interval: 'monthly' | 'yearly';
};

const subscriptionColumns = {
  id: subscriptions.id,
  userId: subscriptions.userId,
  orderId: subscriptions.orderId,
  displayName: subscriptions.displayName,
  billing: subscriptions.billing,
  price: subscriptions.price,
  startDate: subscriptions.startDate,
  endsOn: subscriptions.endsOn,
  interval: orders.interval,
};

const scheduleOf = (s: SubscriptionRow): BillingSchedule => ({
  billing: s.billing,
  interval: s.interval,
  startDate: s.startDate,
  endsOn: s.endsOn,
});

/** Renewal periods started by `asOf` that come after the last one billed. */
function unbilledPeriods(
  s: SubscriptionRow,
  asOf: IsoDay,
  lastBilled: string | null,
): BillingPeriod[] {
  // Free subscriptions (Tech Concierge Basic) have nothing to invoice (decision P5).
  if (s.price <= 0) return [];
  return periodsStartedBy(scheduleOf(s), asOf).filter((p) => !lastBilled || p.start > lastBilled);
}

/** The account page a reminder links to (the client area of issue 15). */
export function accountPageUrl(publicUrl: string, lang: Lang): string {
  return `${publicUrl}/account?lang=${lang}`;
}

type Customer = {
  email: string;
  name: string | null;
  firstname: string | null;
  lastname: string | null;
  company: string | null;
  address1: string | null;
  postalcode: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  kvk: string | null;
  vat: string | null;
  lang: Lang | null;
};

async function findCustomer(db: Pick<Tx, 'select'>, userId: string): Promise<Customer | null> {
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      firstname: customerProfiles.firstname,
      lastname: customerProfiles.lastname,
      company: customerProfiles.company,
      address1: customerProfiles.address1,
      postalcode: customerProfiles.postalcode,
      city: customerProfiles.city,
      state: customerProfiles.state,
      country: customerProfiles.country,
      kvk: customerProfiles.kvk,
      vat: customerProfiles.vat,
      lang: customerProfiles.lang,
    })
    .from(users)
    .leftJoin(customerProfiles, eq(customerProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

const COUNTRY: Record<string, Record<Lang, string>> = {
  NL: { nl: 'Nederland', en: 'The Netherlands' },
  BE: { nl: 'België', en: 'Belgium' },
};

/** The buyer block of a renewal invoice: the customer's details as they are on the day of issue. */
function buyerOf(customer: Customer, lang: Lang): InvoiceParty {
  const name =
    customer.firstname && customer.lastname
      ? `${customer.firstname} ${customer.lastname}`
      : (customer.name ?? customer.email);
  return {
    name,
    ...(customer.company ? { company: customer.company } : {}),
    lines: [
      ...(customer.address1 ? [customer.address1] : []),
      ...(customer.postalcode || customer.city
        ? [`${customer.postalcode ?? ''} ${customer.city ?? ''}`.trim()]
        : []),
      ...(customer.state ? [customer.state] : []),
      ...(customer.country ? [COUNTRY[customer.country]?.[lang] ?? customer.country] : []),
    ],
    email: customer.email,
    ...(customer.kvk ? { kvk: customer.kvk } : {}),
    ...(customer.vat ? { vat: customer.vat } : {}),
  };
}

const firstnameOf = (customer: Customer) =>
  customer.firstname ?? customer.name?.split(' ')[0] ?? customer.email;

export function createBillingJob(services: BillingJobServices): BillingJob {
  const { database, logger, now, publicUrl, billing, mailer } = services;
  const provider = services.payments;
  const lockKey = services.lockKey ?? BILLING_LOCK_KEY;
  // Read when a run starts (not here), so building the app touches no database.
  const concurrency = () =>
    database.kind === 'postgres' ? Math.max(1, services.concurrency ?? 4) : 1;
  const charges = provider.name === 'mollie' && typeof provider.chargeRecurring === 'function';

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

  // The PDF is rendered once, outside any transaction, and stored; mails refer to it and the
  // mailer attaches the stored bytes at delivery (api/services/invoices.ts).
  const storePdf = (invoice: InvoiceRow) =>
    renderAndStoreInvoicePdf(database, invoice, billing.bank).then(() => undefined);

  /** Bills one customer's unbilled periods in one transaction; the invoice number, or null. */
  async function billCustomer(userId: string, asOf: IsoDay): Promise<string | null> {
    return database.write(async (tx) => {
      // A concurrent run (another server without the lock, or a retry) waits here for this
      // customer, then finds the periods billed.
      const subs = (await tx
        .select(subscriptionColumns)
        .from(subscriptions)
        .innerJoin(orders, eq(orders.id, subscriptions.orderId))
        .where(and(eq(subscriptions.userId, userId), BILLED_STATUSES))
        .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id))
        .for('update', { of: subscriptions })) as SubscriptionRow[];
      if (subs.length === 0) return null;
      const [already] = await tx
        .select({ id: renewalInvoices.invoiceId })
        .from(renewalInvoices)
        .where(and(eq(renewalInvoices.userId, userId), eq(renewalInvoices.issueDate, asOf)))
        .limit(1);
      // One renewal invoice per customer per day; anything newer waits for tomorrow's.
      if (already) return null;
      const billed = await tx
        .select({ id: billingPeriods.subscriptionId, last: max(billingPeriods.periodStart) })
        .from(billingPeriods)
        .where(
          inArray(
            billingPeriods.subscriptionId,
            subs.map((s) => s.id),
          ),
        )
        .groupBy(billingPeriods.subscriptionId);
      const lastOf = new Map(billed.map((b) => [b.id, b.last]));
      const due = subs.flatMap((s) =>
        unbilledPeriods(s, asOf, lastOf.get(s.id) ?? null).map((period) => ({
          sub: s,
          period,
          amount: periodAmount(s, s.price),
        })),
      );
      if (due.length === 0) return null;
      // Lines in date order; on one day monthly plans before yearly items.
      due.sort(
        (a, b) =>
          a.period.start.localeCompare(b.period.start) ||
          a.sub.billing.localeCompare(b.sub.billing) ||
          a.sub.displayName.localeCompare(b.sub.displayName),
      );
      const customer = await findCustomer(tx, userId);
      if (!customer) return null;
      const lang: Lang = customer.lang ?? 'nl';

      const lines: InvoiceLine[] = due.map(({ sub, period, amount }) => ({
        description: periodLineDescription(lang, sub.displayName, period),
        billing: sub.billing,
        amount,
        subscriptionId: sub.id,
        periodStart: period.start,
        periodEnd: period.end,
      }));
      const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
      const vat = Math.round((subtotal * VAT_RATE) / 100);
      // Checkout's issuing, with its gap-free number taken last (the counter row stays locked
      // until commit). Required by the invoices table: the order of the first line (P4).
      const invoice = await issueInvoice(tx, {
        orderId: due[0]!.sub.orderId,
        userId,
        at: now(),
        issueDate: asOf,
        lang,
        seller: billing.seller,
        buyer: buyerOf(customer, lang),
        lines,
        subtotal,
        vatRate: VAT_RATE,
        vat,
        total: subtotal + vat,
      });
      const number = invoice.number;
      await tx.insert(billingPeriods).values(
        due.map(({ sub, period, amount }) => ({
          subscriptionId: sub.id,
          periodStart: period.start,
          periodEnd: period.end,
          invoiceId: invoice.id,
          amount,
        })),
      );
      await tx.insert(renewalInvoices).values({
        invoiceId: invoice.id,
        userId,
        issueDate: asOf,
        delivery: 'pending',
      });
      await tx.insert(payments).values({
        invoiceId: invoice.id,
        provider: provider.name,
        method: charges ? 'recurring' : 'banktransfer',
        amount: invoice.total,
        status: 'open',
        checkoutUrl: charges ? null : payPageUrl('', number, lang),
      });
      // The account and staff pages compute the next invoice day from `billing_periods` with the
      // same schedule (domain/subscriptions.ts `nextInvoiceOn`, decision P11): nothing to keep.
      return number;
    });
  }

  async function issueRenewals(asOf: IsoDay): Promise<string[]> {
    const rows = (await database.read((db) =>
      db
        .select({
          ...subscriptionColumns,
          last: sql<
            string | null
          >`(select max(${billingPeriods.periodStart}) from ${billingPeriods} where ${billingPeriods.subscriptionId} = ${subscriptions.id})`,
        })
        .from(subscriptions)
        .innerJoin(orders, eq(orders.id, subscriptions.orderId))
        .where(
          and(
            BILLED_STATUSES,
            sql`${subscriptions.startDate} <= ${asOf}`,
            sql`${subscriptions.price} > 0`,
          ),
        ),
    )) as Array<SubscriptionRow & { last: string | null }>;
    const customers = [
      ...new Set(
        rows.filter((r) => unbilledPeriods(r, asOf, r.last).length > 0).map((r) => r.userId),
      ),
    ];
    const issued: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < customers.length) {
        const userId = customers[next++]!;
        try {
          const number = await billCustomer(userId, asOf);
          if (number) issued.push(number);
        } catch (error) {
          // One customer's trouble (e.g. a concurrent run won the unique key) never stops the rest.
          logger.warn({ err: (error as Error).message, userId, asOf }, 'billing: customer skipped');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency(), customers.length) }, worker));
    return issued.sort();
  }

  /** Mails a renewal invoice with its link and gives it a fresh Mollie checkout where possible. */
  async function mailWithLink(
    tx: Tx,
    invoice: InvoiceRow,
    collection: 'link' | 'failed',
  ): Promise<string | null> {
    const customer = await findCustomer(tx, invoice.userId);
    let linkPaymentId: string | null = null;
    if (provider.name === 'mollie') {
      const [row] = await tx
        .insert(payments)
        .values({
          invoiceId: invoice.id,
          provider: 'mollie',
          method: '',
          amount: invoice.total,
          status: 'open',
        })
        .returning({ id: payments.id });
      linkPaymentId = row!.id;
    }
    if (customer && mailer)
      await mailer.send(
        renewalInvoiceMail({
          lang: invoice.lang,
          email: customer.email,
          firstname: firstnameOf(customer),
          invoiceNumber: invoice.number,
          lines: invoice.lines,
          total: invoice.total,
          dueDate: invoice.dueDate,
          payLink: payPageUrl(publicUrl, invoice.number, invoice.lang),
          collection,
          invoiceId: invoice.id,
        }),
        tx,
      );
    return linkPaymentId;
  }

  /** After the commit: a Mollie checkout for the pay page (best effort; bank details remain). */
  async function startLinkPayment(paymentId: string, invoice: InvoiceRow): Promise<void> {
    try {
      const started = await provider.start({
        paymentId,
        invoiceNumber: invoice.number,
        amount: invoice.total,
        method: '',
        lang: invoice.lang,
        orderId: invoice.orderId,
      });
      await database.write((tx) =>
        tx
          .update(payments)
          .set({
            providerPaymentId: started.providerPaymentId,
            checkoutUrl: started.checkoutUrl,
            status: started.status,
          })
          .where(eq(payments.id, paymentId)),
      );
    } catch (error) {
      logger.warn(
        { err: (error as Error).message, invoice: invoice.number },
        'billing: payment link could not be started',
      );
    }
  }

  async function deliverRenewals(): Promise<void> {
    const pending = await database.read((db) =>
      db
        .select({ invoice: invoices })
        .from(renewalInvoices)
        .innerJoin(invoices, eq(invoices.id, renewalInvoices.invoiceId))
        .where(eq(renewalInvoices.delivery, 'pending'))
        .orderBy(asc(invoices.number)),
    );
    const claim = (tx: Tx, invoiceId: string, delivery: 'collecting' | 'mailed') =>
      tx
        .update(renewalInvoices)
        .set({ delivery })
        .where(
          and(eq(renewalInvoices.invoiceId, invoiceId), eq(renewalInvoices.delivery, 'pending')),
        )
        .returning({ id: renewalInvoices.invoiceId });
    for (const { invoice } of pending) {
      await storePdf(invoice);
      if (!charges) {
        await database.write(async (tx) => {
          const [claimed] = await claim(tx, invoice.id, 'mailed');
          if (claimed) await mailWithLink(tx, invoice, 'link');
        });
        continue;
      }
      const payment = await database.read((db) => latestPayment(db, invoice.id));
      if (!payment) continue;
      let started;
      try {
        started = await provider.chargeRecurring!({
          paymentId: payment.id,
          invoiceNumber: invoice.number,
          amount: invoice.total,
          lang: invoice.lang,
          userId: invoice.userId,
        });
      } catch (error) {
        // Mollie unreachable: the invoice stays `pending` and the next run tries again with the
        // same payment id (Mollie's Idempotency-Key), so nothing is charged twice.
        logger.warn(
          { err: (error as Error).message, invoice: invoice.number },
          'billing: recurring charge postponed',
        );
        continue;
      }
      const linkPaymentId = await database.write(async (tx) => {
        const [claimed] = await claim(tx, invoice.id, started ? 'collecting' : 'mailed');
        if (!claimed) return null;
        if (!started) {
          await tx.update(payments).set({ status: 'canceled' }).where(eq(payments.id, payment.id));
          return mailWithLink(tx, invoice, 'link');
        }
        await tx
          .update(payments)
          .set({
            providerPaymentId: started.providerPaymentId,
            status: started.status,
            checkoutUrl: null,
          })
          .where(eq(payments.id, payment.id));
        const customer = await findCustomer(tx, invoice.userId);
        if (customer && mailer)
          await mailer.send(
            renewalInvoiceMail({
              lang: invoice.lang,
              email: customer.email,
              firstname: firstnameOf(customer),
              invoiceNumber: invoice.number,
              lines: invoice.lines,
              total: invoice.total,
              dueDate: invoice.dueDate,
              payLink: payPageUrl(publicUrl, invoice.number, invoice.lang),
              collection: 'mandate',
              invoiceId: invoice.id,
            }),
            tx,
          );
        return null;
      });
      if (linkPaymentId) await startLinkPayment(linkPaymentId, invoice);
    }
  }

  async function sendRenewalReminders(asOf: IsoDay): Promise<string[]> {
    const rows = (await database.read((db) =>
      db
        .select(subscriptionColumns)
        .from(subscriptions)
        .innerJoin(orders, eq(orders.id, subscriptions.orderId))
        .where(
          and(
            BILLED_STATUSES,
            eq(subscriptions.billing, 'yearly'),
            sql`${subscriptions.price} > 0`,
          ),
        ),
    )) as SubscriptionRow[];
    const reminded: string[] = [];
    for (const sub of rows) {
      const period = reminderDue(scheduleOf(sub), asOf);
      if (!period) continue;
      const sent = await database.write(async (tx) => {
        const [row] = await tx
          .insert(renewalReminders)
          .values({ subscriptionId: sub.id, periodStart: period.start })
          .onConflictDoNothing()
          .returning({ id: renewalReminders.subscriptionId });
        if (!row) return false;
        const customer = await findCustomer(tx, sub.userId);
        if (customer && mailer) {
          const lang = customer.lang ?? 'nl';
          await mailer.send(
            renewalReminderMail({
              lang,
              email: customer.email,
              firstname: firstnameOf(customer),
              item: sub.displayName,
              renewsOn: period.start,
              amount: periodAmount(sub, sub.price),
              accountLink: accountPageUrl(publicUrl, lang),
            }),
            tx,
          );
        }
        return true;
      });
      if (sent) reminded.push(sub.id);
    }
    return reminded;
  }

  async function sendOverdueReminders(asOf: IsoDay): Promise<string[]> {
    // overdueReminderDay(dueDate) <= asOf, i.e. due on or before this day:
    const overdueBefore = addDays(asOf, -OVERDUE_REMINDER_DAYS);
    const rows = await database.read((db) =>
      db
        .select({ invoice: invoices })
        .from(invoices)
        .leftJoin(overdueReminders, eq(overdueReminders.invoiceId, invoices.id))
        .where(
          and(
            eq(invoices.status, 'open'),
            sql`${invoices.dueDate} <= ${overdueBefore}`,
            sql`${overdueReminders.invoiceId} is null`,
          ),
        )
        .orderBy(asc(invoices.number)),
    );
    const sent: string[] = [];
    for (const { invoice } of rows) {
      const done = await database.write(async (tx) => {
        const [row] = await tx
          .insert(overdueReminders)
          .values({ invoiceId: invoice.id })
          .onConflictDoNothing()
          .returning({ id: overdueReminders.invoiceId });
        if (!row) return false;
        const customer = await findCustomer(tx, invoice.userId);
        if (customer && mailer)
          await mailer.send(
            overdueReminderMail({
              lang: invoice.lang,
              email: customer.email,
              firstname: firstnameOf(customer),
              invoiceNumber: invoice.number,
              total: invoice.total,
              dueDate: invoice.dueDate,
              payLink: payPageUrl(publicUrl, invoice.number, invoice.lang),
            }),
            tx,
          );
        return true;
      });
      if (done) sent.push(invoice.number);
    }
    return sent;
  }

  return {
    async run(asOfInput, options = {}) {
      const asOf = asOfInput ?? amsterdamDay(now());
      if (!isIsoDay(asOf)) throw new RangeError(`not a calendar day: ${asOf}`);
      const started = performance.now();
      const result = await withRunLock(options.wait ?? true, async () => {
        const issued = await issueRenewals(asOf);
        await deliverRenewals();
        const reminded = await sendRenewalReminders(asOf);
        const overdue = await sendOverdueReminders(asOf);
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
      const linkPayment = await database.write(async (tx) => {
        const [payment] = await tx
          .select({ invoiceId: payments.invoiceId, method: payments.method })
          .from(payments)
          .where(eq(payments.id, paymentId))
          .limit(1);
        if (!payment || payment.method !== 'recurring') return null;
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
        if (!claimed) return null;
        const [invoice] = await tx
          .select()
          .from(invoices)
          .where(eq(invoices.id, payment.invoiceId))
          .limit(1);
        if (!invoice || invoice.status !== 'open') return null;
        const id = await mailWithLink(tx, invoice, 'failed');
        return id ? { id, invoice } : null;
      });
      if (linkPayment) await startLinkPayment(linkPayment.id, linkPayment.invoice);
    },
  };
}
