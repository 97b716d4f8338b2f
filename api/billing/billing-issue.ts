/**
 * Step 1 of the billing job (api/billing/billing.ts): issuing the renewal invoices of a day.
 *
 * Every billing period (domain/billing.ts) of an active or cancelling subscription that has
 * started on or before the day and comes after the last one billed is invoiced, one invoice per
 * customer per day with a line per period. Customers are billed `BILLING_BATCH` at a time in one
 * transaction: it locks their subscriptions (`FOR UPDATE`, in one order), reads what is already
 * billed and who already has today's invoice, takes the block of invoice numbers last (the
 * shared gap-free counter of checkout) and writes the invoices, their periods (primary key on
 * subscription and period start), the day's renewal rows and the payment rows, a statement each.
 * A batch that fails (a concurrent run without the lock that won a unique key, a deadlock) is
 * rolled back and its customers are billed one by one, so one customer's trouble never stops
 * the rest.
 */
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import {
  periodAmount,
  periodsStartedBy,
  type BillingPeriod,
  type BillingSchedule,
} from '#domain/billing.ts';
import type { IsoDay } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import {
  afterDocument,
  applyVat,
  decideVat,
  needsTurnover,
  EMPTY_VAT_YEAR,
  type VatCustomer,
  type VatYear,
} from '#domain/vat.ts';
import type { Database } from '../db/database.ts';
import {
  billingPeriods,
  orders,
  payments,
  renewalInvoices,
  subscriptions,
  type InvoiceLine,
} from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import {
  recordRenewalUses,
  renewalCouponsOf,
  renewalDiscounts,
  type RenewalDiscount,
} from '../coupons/coupon-renewals.ts';
import { buyerOf, findCustomers, type Customer } from './billing-customers.ts';
import { periodLineDescription } from './billing-mail.ts';
import { vatSettingsOf, type BillingSettings } from '../invoices/invoice-pdf.ts';
import { lockVatYear, vatYearOf } from '../vat/vat-year.ts';
import { issueInvoices, type IssueInvoiceInput } from '../invoices/invoices.ts';
import { payPageUrl } from '../invoices/payments.ts';

/** Customers billed in one transaction. */
export const BILLING_BATCH = 100;

/** Statuses of subscriptions that are billed (the account area adds `cancelling`, issue 15). */
export const BILLED_STATUSES = sql`(${subscriptions.status} in ('active', 'cancelling'))`;

/** A subscription as the job reads it: its schedule, price and order. */
export type BilledSubscription = BillingSchedule & {
  id: string;
  userId: string;
  orderId: string;
  planId: string;
  displayName: string;
  price: number;
  endsOn: string | null;
};

export const billedSubscriptionColumns = {
  id: subscriptions.id,
  userId: subscriptions.userId,
  orderId: subscriptions.orderId,
  planId: subscriptions.planId,
  displayName: subscriptions.displayName,
  billing: subscriptions.billing,
  price: subscriptions.price,
  startDate: subscriptions.startDate,
  endsOn: subscriptions.endsOn,
  interval: orders.interval,
};

/** Renewal periods started by `asOf` that come after the last one billed. */
function unbilledPeriods(
  s: BilledSubscription,
  asOf: IsoDay,
  lastBilled: string | null,
): BillingPeriod[] {
  // Free subscriptions (Tech Concierge Basic) have nothing to invoice (decision P5).
  if (s.price <= 0) return [];
  return periodsStartedBy(s, asOf).filter((p) => !lastBilled || p.start > lastBilled);
}

export interface IssueContext {
  database: Database;
  logger: Logger;
  now: () => Date;
  billing: BillingSettings;
  provider: { name: 'banktransfer' | 'mollie' };
  /** Renewals are charged against Mollie mandates (else mailed with a payment link). */
  charges: boolean;
  /** Batches billed at once (PostgreSQL); 1 on PGlite. */
  concurrency: number;
}

type Due = { sub: BilledSubscription; period: BillingPeriod; amount: number };

/** Lines in date order; on one day monthly plans before yearly items. */
function byLineOrder(a: Due, b: Due): number {
  return (
    a.period.start.localeCompare(b.period.start) ||
    a.sub.billing.localeCompare(b.sub.billing) ||
    a.sub.displayName.localeCompare(b.sub.displayName)
  );
}

/** The VAT rule's view of a renewal's customer: country, and a VIES-confirmed number. */
function vatCustomerOf(customer: Customer): VatCustomer {
  return {
    country: customer.country ?? 'NL',
    vatNumber: customer.vat ? customer.vat.replace(/[\s.-]/g, '').toUpperCase() : null,
    vatConfirmed: customer.vatConfirmed,
  };
}

/**
 * The invoice of one customer's due periods (in line order), its VAT by the one VAT rule
 * (domain/vat.ts) the quote and the checkout use, on the year as it stands before this invoice.
 */
function renewalInvoice(
  ctx: IssueContext,
  input: {
    userId: string;
    due: Due[];
    lang: Lang;
    buyer: IssueInvoiceInput['buyer'];
    customer: VatCustomer;
    year: VatYear;
    /** The discount lines of every-payment coupons (api/coupons/coupon-renewals.ts). */
    discounts: RenewalDiscount[];
  },
  asOf: IsoDay,
): IssueInvoiceInput {
  const { due } = input;
  const periodLines: InvoiceLine[] = [
    ...due.map(({ sub, period, amount }) => ({
      description: periodLineDescription(input.lang, sub.displayName, period),
      billing: sub.billing,
      amount,
      subscriptionId: sub.id,
      periodStart: period.start,
      periodEnd: period.end,
    })),
    ...input.discounts.map((d) => d.line),
  ];
  const net = periodLines.reduce((sum, l) => sum + l.amount, 0);
  const vatDecision = decideVat(vatSettingsOf(ctx.billing), input.customer, input.year, net);
  const { lines, subtotal, vatRate, vat, total } = applyVat(vatDecision, periodLines);
  return {
    // Required by the invoices table: the order of the first line (decision P4).
    orderId: due[0]!.sub.orderId,
    userId: input.userId,
    at: ctx.now(),
    issueDate: asOf,
    lang: input.lang,
    seller: ctx.billing.seller,
    buyer: input.buyer,
    lines,
    subtotal,
    vatRate,
    vat,
    total,
    vatDecision,
    buyerCountry: input.customer.country,
  };
}

/** Bills these customers' unbilled periods in one transaction; the invoice numbers issued. */
async function billCustomers(
  ctx: IssueContext,
  userIds: readonly string[],
  asOf: IsoDay,
): Promise<string[]> {
  return ctx.database.write(async (tx) => {
    // A concurrent run (another server without the lock, or a retry) waits here for these
    // customers, then finds their periods billed. One lock order for every run.
    const subs = (await tx
      .select(billedSubscriptionColumns)
      .from(subscriptions)
      .innerJoin(orders, eq(orders.id, subscriptions.orderId))
      .where(and(inArray(subscriptions.userId, [...userIds]), BILLED_STATUSES))
      .orderBy(asc(subscriptions.userId), asc(subscriptions.createdAt), asc(subscriptions.id))
      .for('update', { of: subscriptions })) as BilledSubscription[];
    if (subs.length === 0) return [];
    // One renewal invoice per customer per day; anything newer waits for tomorrow's.
    const invoicedToday = new Set(
      (
        await tx
          .select({ userId: renewalInvoices.userId })
          .from(renewalInvoices)
          .where(
            and(inArray(renewalInvoices.userId, [...userIds]), eq(renewalInvoices.issueDate, asOf)),
          )
      ).map((r) => r.userId),
    );
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
    const customers = await findCustomers(tx, userIds);
    const couponOf = await renewalCouponsOf(
      tx,
      subs.map((s) => s.id),
    );
    // The year's turnover, under the VAT lock when any decision depends on it (vat-year.ts): the
    // renewal that passes the KOR threshold carries 21%, and so does every one after it.
    const settings = vatSettingsOf(ctx.billing);
    const vatYear = Number(asOf.slice(0, 4));
    let year: VatYear = EMPTY_VAT_YEAR;
    if ([...customers.values()].some((c) => needsTurnover(settings, vatCustomerOf(c)))) {
      await lockVatYear(tx, vatYear);
      year = await vatYearOf(tx, vatYear);
    }

    const bills: Array<{ due: Due[]; input: IssueInvoiceInput; discounts: RenewalDiscount[] }> = [];
    for (const userId of userIds) {
      const customer = customers.get(userId);
      if (invoicedToday.has(userId) || !customer) continue;
      const due = subs
        .filter((s) => s.userId === userId)
        .flatMap((sub) =>
          unbilledPeriods(sub, asOf, lastOf.get(sub.id) ?? null).map((period) => ({
            sub,
            period,
            amount: periodAmount(sub, sub.price),
          })),
        )
        .sort(byLineOrder);
      if (due.length === 0) continue;
      const lang: Lang = customer.lang ?? 'nl';
      const discounts = renewalDiscounts(due, couponOf, lang);
      const input = renewalInvoice(
        ctx,
        {
          userId,
          due,
          lang,
          buyer: buyerOf(customer, lang),
          customer: vatCustomerOf(customer),
          year,
          discounts,
        },
        asOf,
      );
      year = afterDocument(settings, year, input.vatDecision, input.subtotal);
      bills.push({ due, input, discounts });
    }
    if (bills.length === 0) return [];

    // Checkout's issuing, with the block of gap-free numbers taken last (the counter row stays
    // locked until commit), then the rows that need the invoices.
    const issued = await issueInvoices(
      tx,
      bills.map((b) => b.input),
    );
    await tx.insert(billingPeriods).values(
      bills.flatMap((bill, i) =>
        bill.due.map(({ sub, period, amount }) => ({
          subscriptionId: sub.id,
          periodStart: period.start,
          periodEnd: period.end,
          invoiceId: issued[i]!.id,
          amount,
        })),
      ),
    );
    await recordRenewalUses(
      tx,
      bills.flatMap((bill, i) =>
        bill.discounts.map((discount) => ({
          discount,
          userId: issued[i]!.userId,
          invoiceId: issued[i]!.id,
        })),
      ),
    );
    await tx.insert(renewalInvoices).values(
      issued.map((invoice) => ({
        invoiceId: invoice.id,
        userId: invoice.userId,
        issueDate: asOf,
        delivery: 'pending' as const,
      })),
    );
    await tx.insert(payments).values(
      issued.map((invoice) => ({
        invoiceId: invoice.id,
        provider: ctx.provider.name,
        method: ctx.charges ? 'recurring' : 'banktransfer',
        amount: invoice.total,
        status: 'open' as const,
        checkoutUrl: ctx.charges ? null : payPageUrl('', invoice.number, invoice.lang),
      })),
    );
    return issued.map((invoice) => invoice.number);
  });
}

/** Issues the day's renewal invoices; their numbers, sorted. */
export async function issueRenewals(ctx: IssueContext, asOf: IsoDay): Promise<string[]> {
  const { database, logger } = ctx;
  const rows = (await database.read((db) =>
    db
      .select({
        ...billedSubscriptionColumns,
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
      )
      .orderBy(asc(subscriptions.userId)),
  )) as Array<BilledSubscription & { last: string | null }>;
  const customers = [
    ...new Set(
      rows.filter((r) => unbilledPeriods(r, asOf, r.last).length > 0).map((r) => r.userId),
    ),
  ];
  const batches: string[][] = [];
  for (let i = 0; i < customers.length; i += BILLING_BATCH)
    batches.push(customers.slice(i, i + BILLING_BATCH));

  const issued: string[] = [];
  const bill = async (userIds: string[]) => {
    try {
      issued.push(...(await billCustomers(ctx, userIds, asOf)));
    } catch (error) {
      if (userIds.length > 1) {
        // The whole batch rolled back: bill its customers one by one.
        for (const userId of userIds) await bill([userId]);
        return;
      }
      // One customer's trouble (e.g. a concurrent run won the unique key) never stops the rest.
      logger.warn(
        { err: (error as Error).message, userId: userIds[0], asOf },
        'billing: customer skipped',
      );
    }
  };
  let next = 0;
  const worker = async () => {
    while (next < batches.length) await bill(batches[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(ctx.concurrency, batches.length) }, worker));
  return issued.sort();
}
